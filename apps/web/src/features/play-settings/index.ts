/**
 * Reality checks and session time, the player's settings (docs/player-protection.md,
 * "Reality checks and session time"): a self-contained section for a profile page.
 */
export { RealityCheckSettings } from './RealityCheckSettings';
