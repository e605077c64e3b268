import type { LoyaltyAccount } from '@croupier/contract';

/**
 * How far the player is from the current level's threshold to the next one, 0–100:
 * (points − currentLevel.points) / (nextLevel.points − currentLevel.points). At the top
 * level (no next level) it is full.
 */
export function loyaltyProgressPercent(account: Pick<LoyaltyAccount, 'points' | 'currentLevel' | 'nextLevel'>): number {
  const next = account.nextLevel;
  if (!next) return 100;
  const span = next.points - account.currentLevel.points;
  if (span <= 0) return 100;
  const share = ((account.points - account.currentLevel.points) / span) * 100;
  return Math.min(100, Math.max(0, Math.floor(share)));
}

/** Points still needed for the next level (0 at the top level). */
export function pointsToNextLevel(account: Pick<LoyaltyAccount, 'points' | 'nextLevel'>): number {
  return account.nextLevel ? Math.max(0, account.nextLevel.points - account.points) : 0;
}
