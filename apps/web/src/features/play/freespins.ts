import type { OriginalsFreespin, OriginalsFreespinAfter } from '@croupier/contract';

/**
 * A bonus's free spins in the slot's frame (docs/bonuses.md, "Free spins"): the session
 * lists the player's active grants; the frame plays the spins of the one the player chose
 * (the first until they choose; each staked at its bet value, no money from the balance)
 * and follows each answer's grant until it ends, then offers the next one.
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

/**
 * Where the frame keeps the grant the player chose: this tab's session storage, so that the
 * choice outlives a reload of the frame but not the frame itself.
 */
export const FREESPIN_CHOICE_STORAGE_KEY = 'croupier.play.freespin';

export function readFreespinChoice(storage: Pick<Storage, 'getItem'> | undefined): string | null {
  try {
    return storage?.getItem(FREESPIN_CHOICE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeFreespinChoice(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, id: string | null) {
  try {
    if (id === null) storage?.removeItem(FREESPIN_CHOICE_STORAGE_KEY);
    else storage?.setItem(FREESPIN_CHOICE_STORAGE_KEY, id);
  } catch {
    // Storage refused (private mode, a blocked embed): the choice lasts while the page does.
  }
}

/** The grant Play spends: the chosen one while it is listed, else the first. */
export function chosenGrant(
  grants: readonly OriginalsFreespin[],
  chosenId: string | null,
): OriginalsFreespin | undefined {
  return grants.find((grant) => grant.id === chosenId) ?? grants[0];
}

/**
 * The choice once grant `removedId` has left the list (used up, expired, cancelled): another
 * chosen grant stays chosen; the removed one's place goes to the grant after it (or the
 * first), so that the next one is offered.
 */
export function choiceAfterRemoval(
  before: readonly OriginalsFreespin[],
  removedId: string,
  chosenId: string | null,
): string | null {
  const current = chosenGrant(before, chosenId);
  if (current && current.id !== removedId) return current.id;
  const at = before.findIndex((grant) => grant.id === removedId);
  const rest = before.filter((grant) => grant.id !== removedId);
  return (rest[Math.max(0, at)] ?? rest[0])?.id ?? null;
}

/** The frame's free spins: the grants left, the one chosen, whether Play spends them, what to say. */
export interface FreespinState {
  grants: OriginalsFreespin[];
  /** The grant the player chose (null: none yet, the first is offered). */
  chosenId: string | null;
  /** The player switched to free spins. */
  using: boolean;
  notice: FreespinNotice | null;
}

export type FreespinAction =
  | { type: 'spun'; after: OriginalsFreespinAfter }
  | { type: 'gone'; id: string }
  | { type: 'choose'; id: string }
  | { type: 'toggle' };

/** The session's grants, with a choice remembered from earlier in this frame if that grant is still listed. */
export function initialFreespinState(grants: readonly OriginalsFreespin[], remembered: string | null): FreespinState {
  const chosenId = grants.some((grant) => grant.id === remembered) ? remembered : null;
  return { grants: [...grants], chosenId, using: false, notice: null };
}

export function freespinReducer(state: FreespinState, action: FreespinAction): FreespinState {
  switch (action.type) {
    case 'spun': {
      const next = afterFreeSpin(state.grants, action.after);
      if (!next.notice) return { ...state, grants: next.grants };
      // The grant ended: the next one is offered, and played on if the player was playing free spins.
      return {
        grants: next.grants,
        chosenId: choiceAfterRemoval(state.grants, action.after.id, state.chosenId),
        using: state.using && next.grants.length > 0,
        notice: next.notice,
      };
    }
    case 'gone': {
      const grants = withoutGrant(state.grants, action.id);
      return {
        grants,
        chosenId: choiceAfterRemoval(state.grants, action.id, state.chosenId),
        using: state.using && grants.length > 0,
        notice: { kind: 'unavailable' },
      };
    }
    case 'choose':
      return state.grants.some((grant) => grant.id === action.id)
        ? { ...state, chosenId: action.id, notice: null }
        : state;
    case 'toggle':
      return { ...state, using: !state.using, notice: null };
  }
}
