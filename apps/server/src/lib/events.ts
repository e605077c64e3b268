import type { Selectable, Transaction } from 'kysely';
import type { Database, GameSessionTable } from '../db/schema';

/**
 * The in-process events one module reacts to from another, with their payloads. The
 * emitter knows nothing of its listeners, so a reaction never needs an import from the
 * listener's module back to the emitter's (the import cycles this replaces).
 */
export interface AppEvents {
  /**
   * Sessions were just closed: the given ones of a player, or all of the player's but
   * `allExcept`. Emitted after the commit; the realtime gateway ends their connections.
   */
  'auth.sessions-ended':
    { playerId: string; sessionIds: readonly string[] } | { playerId: string; allExcept: string | null };
  /**
   * A real-money game win was credited. Emitted inside the crediting transaction (`trx`,
   * still open): what a handler writes commits or rolls back with the win, and a handler
   * that throws rolls the win back. Work for after the commit goes through realtime's
   * `afterCommit(trx, …)`, as the winners feed does.
   */
  'game.win-credited': {
    trx: Transaction<Database>;
    session: Pick<Selectable<GameSessionTable>, 'player_id' | 'is_demo' | 'provider' | 'game_id' | 'currency'>;
    roundId: string;
    amountMinor: bigint;
    /**
     * The round's bets (not rolled back) and wins, when the caller knows them all (an in-house
     * round's one bet and one win in this transaction); otherwise handlers sum the round.
     */
    roundTotals?: { stakeMinor: bigint; wonMinor: bigint };
  };
  /**
   * A player account was created by registration (e-mail or phone), with the promo code
   * and the referrer's code (the link's `ref`) the form carried. Emitted after the commit,
   * before the answer; a handler's error is logged and never fails the registration (the
   * bonuses module applies the promo code, the referrals module links the referrer).
   */
  'auth.player-registered': {
    playerId: string;
    currency: string | null;
    bonusCode: string | null;
    referralCode: string | null;
  };
  /**
   * The operator reviewed a player's document. Emitted inside the review's transaction
   * (`trx`, still open): the messenger writes its system message there, so the message
   * exists exactly when the review does.
   */
  'documents.reviewed': {
    trx: Transaction<Database>;
    playerId: string;
    documentId: string;
    approved: boolean;
    rejectReason: string | null;
  };
  /**
   * A withdrawal was paid out (the provider confirmed it). Emitted inside the settling
   * transaction; the messenger writes its system message there.
   */
  'payments.withdrawal-paid': {
    trx: Transaction<Database>;
    playerId: string;
    invoiceId: string;
    amountMinor: bigint;
    currency: string;
    subunitToUnit: number;
  };
  /**
   * A bonus was issued to a player (any source: operator, code, deposit, cashback). Emitted
   * inside the issuing transaction; the messenger writes its system message there.
   */
  'bonuses.issued': { trx: Transaction<Database>; playerId: string; playerBonusId: string; name: string };
  /**
   * A deposit was credited to the player's account. Emitted inside the crediting
   * transaction; the activity stream records it there (so it exists exactly when the money does).
   */
  'payments.deposit-credited': {
    trx: Transaction<Database>;
    playerId: string;
    accountId: string;
    invoiceId: string;
    amountMinor: bigint;
    currency: string;
  };
  /**
   * The player's profile was saved. Emitted inside the saving transaction with every field
   * that has a value afterwards; the activity stream records it (quests' profile tasks).
   */
  'profile.updated': { trx: Transaction<Database>; playerId: string; filledFields: string[] };
  /** A sign-in session was opened. Emitted inside its transaction; the activity stream records it. */
  'auth.signed-in': { trx: Transaction<Database>; playerId: string; sessionId: string };
  /**
   * A player reached a higher loyalty level. Emitted inside the loyalty engine's transaction
   * (the activity consumer's): the wheels grant their per-level spins and the messenger
   * writes its system message there.
   */
  'retention.level-reached': {
    trx: Transaction<Database>;
    playerId: string;
    levelId: string;
    levelName: string;
    order: number;
  };
  /**
   * A player completed a quest. Emitted inside the quest engine's transaction: the wheels
   * grant their per-quest spins and the messenger writes its system message there.
   */
  /**
   * A tournament place was awarded at the finish. Emitted inside the finish's transaction
   * (once per place: the award row is unique); the messenger writes the winner's message there.
   */
  'tournaments.prize-awarded': {
    trx: Transaction<Database>;
    playerId: string;
    tournamentId: string;
    tournamentTitle: string;
    place: number;
  };
  'retention.quest-completed': {
    trx: Transaction<Database>;
    playerId: string;
    questId: string;
    playerQuestId: string;
    questName: string;
  };
}

export type AppEventName = keyof AppEvents;
export type AppEventHandler<K extends AppEventName> = (payload: AppEvents[K]) => void | Promise<void>;

export interface EventRegistry {
  /** Adds a handler; returns its removal. */
  on<K extends AppEventName>(name: K, handler: AppEventHandler<K>): () => void;
  /**
   * Runs the event's handlers one after another in the order they were added. A handler's
   * error propagates to the emitter (an emit inside a transaction then rolls it back).
   */
  emit<K extends AppEventName>(name: K, payload: AppEvents[K]): Promise<void>;
}

export function createEventRegistry(): EventRegistry {
  const handlers = new Map<AppEventName, Set<AppEventHandler<AppEventName>>>();
  return {
    on(name, handler) {
      let set = handlers.get(name);
      if (!set) {
        set = new Set();
        handlers.set(name, set);
      }
      // Stored under its own name only, so the widened type is never called with another payload.
      const stored = handler as AppEventHandler<AppEventName>;
      set.add(stored);
      return () => {
        handlers.get(name)?.delete(stored);
      };
    },
    async emit(name, payload) {
      // A copy: a handler that removes itself does not skip the next one.
      for (const handler of [...(handlers.get(name) ?? [])]) await handler(payload);
    },
  };
}
