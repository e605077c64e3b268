import type { OriginalsFreespin, OriginalsFreespinAfter } from '@croupier/contract';

/**
 * A bonus's free spins in the slot's frame (docs/bonuses.md, "Free spins"): the session
 * lists the player's active grants; the frame plays the first one's spins (each staked at
 * its bet value, no money from the balance) and follows each answer's grant until it ends.
 */

/** What the frame says once a grant's last spin is played. */
export type FreespinNotice =
  { kind: 'bonus'; amount: number; activated: boolean } | { kind: 'nothing' } | { kind: 'unavailable' };

/** The grant as the frame shows it, from a spin's answer. */
const shown = (after: OriginalsFreespinAfter): OriginalsFreespin => ({
  id: after.id,
  name: after.name,
  count: after.count,
  usedCount: after.usedCount,
  remaining: after.remaining,
  betAmount: after.betAmount,
  won: after.won,
  expiresAt: after.expiresAt,
});

/**
 * The grants after a free spin: the spun one updated, or gone once it finished, and then
 * what to tell the player (its winnings became a bonus, or it won nothing).
 */
export function afterFreeSpin(
  grants: readonly OriginalsFreespin[],
  after: OriginalsFreespinAfter,
): { grants: OriginalsFreespin[]; notice: FreespinNotice | null } {
  if (!after.finished) {
    return { grants: grants.map((grant) => (grant.id === after.id ? shown(after) : grant)), notice: null };
  }
  const rest = grants.filter((grant) => grant.id !== after.id);
  const bonus = after.winningsBonus;
  return {
    grants: rest,
    notice: bonus ? { kind: 'bonus', amount: bonus.amount, activated: bonus.activated } : { kind: 'nothing' },
  };
}

/** The grants without one the server no longer lets be played (used up elsewhere, expired, cancelled). */
export function withoutGrant(grants: readonly OriginalsFreespin[], id: string): OriginalsFreespin[] {
  return grants.filter((grant) => grant.id !== id);
}

/** The content key (`global-components`) of a notice. */
export function noticeKey(notice: FreespinNotice): string {
  switch (notice.kind) {
    case 'bonus':
      return notice.activated ? 'play.freespins.ended.bonusActive' : 'play.freespins.ended.bonusWaiting';
    case 'nothing':
      return 'play.freespins.ended.nothing';
    case 'unavailable':
      return 'play.freespins.unavailable';
  }
}
