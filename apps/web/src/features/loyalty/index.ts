/**
 * Loyalty in the browser: the player's account (kept current by the realtime events) and
 * the progress rules of the `/loyalty` page (a lazy route entry in `app/pages`).
 */
export { useLoyaltyAccount } from './api';
export { loyaltyProgressPercent, pointsToNextLevel } from './logic';
