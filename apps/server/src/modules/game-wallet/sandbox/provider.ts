import { randomUUID } from 'node:crypto';
import {
  GAME_SESSION_HEADER,
  playSessionEndpoints,
  realityCheckSummaryResponseSchema,
  type FreeRoundsGrant,
  type GameWalletResponse,
  type GameWalletStatus,
  type RealityCheckSummary,
} from '@croupier/contract';
import { createProviderClient, type CallbackResult } from '../conformance/client';
import { hashToken } from '../service';
import { multiplierOf, spinReels, type Reels } from './paytable';

/**
 * The sandbox game provider: an external studio simulated inside the server outside
 * production, so that every third-party game of the catalogue can be played in
 * development. Its server side holds nothing but the launch token and talks to the casino
 * only as a real provider does: signed HTTP calls to the wallet callbacks.
 */

/** Rounds whose outcome is kept for the page that shows them (the provider's own memory). */
const OUTCOMES_KEPT = 1000;
/** Attempts at a win before giving up; providers retry wins (the casino records each once). */
const WIN_ATTEMPTS = 3;
/** Free-round grants kept (the oldest go first beyond it). */
const GRANTS_KEPT = 10_000;
/** The reality-check calls to the casino give up after this long. */
const REALITY_CHECK_TIMEOUT_MS = 5_000;

export interface SpinOutcome {
  /** Whose round it is: only the page of that token shows it. */
  tokenHash: string;
  /** OK, or the casino's refusal of the bet (nothing was played then). */
  status: GameWalletStatus | 'NO_ANSWER';
  reels: Reels | undefined;
  stakeMinor: bigint;
  winMinor: bigint;
  /** A free round: no bet, the grant's bet value as the stake. */
  freeRound: boolean;
}

/** Free rounds the casino granted, as the provider keeps them. */
export interface SandboxFreeRounds {
  id: string;
  playerId: string;
  gameId: string;
  currency: string;
  roundsLeft: number;
  betMinor: bigint;
  expiresAt: Date | null;
}

export interface SandboxSession {
  balanceMinor: bigint;
  currency: string;
  status: GameWalletStatus | 'NO_ANSWER';
}

export function createSandboxGameProvider(deps: {
  secret: string;
  /** This server's own address: the sandbox calls the callbacks over HTTP on it. */
  selfUrl: () => string;
}) {
  const outcomes = new Map<string, SpinOutcome>();
  /**
   * Free rounds by grant id. In memory: a restart of the sandbox forgets them (a real
   * provider keeps them); the casino's side is durable either way.
   */
  const freeRounds = new Map<string, SandboxFreeRounds>();
  const client = (provider: string) => createProviderClient(deps.selfUrl(), { id: provider, secret: deps.secret });

  /** A call that failed on the way (network, 5xx) counts as no answer. */
  async function attempt(run: () => Promise<CallbackResult>): Promise<GameWalletResponse | undefined> {
    try {
      const result = await run();
      return result.httpStatus === 200 ? result.answer : undefined;
    } catch {
      return undefined;
    }
  }

  /** A win, retried until answered (providers retry wins; the casino records each once). */
  async function sendWin(provider: string, body: Record<string, unknown>): Promise<GameWalletResponse | undefined> {
    let win: GameWalletResponse | undefined;
    for (let i = 0; i < WIN_ATTEMPTS && !win; i += 1) win = await attempt(() => client(provider).call('win', body));
    return win;
  }

  function remember(roundId: string, outcome: SpinOutcome): void {
    outcomes.set(roundId, outcome);
    // Oldest first: Map keeps insertion order.
    for (const key of outcomes.keys()) {
      if (outcomes.size <= OUTCOMES_KEPT) break;
      outcomes.delete(key);
    }
  }

  /**
   * The casino's reality-check call for the launch token, as a provider's game makes it
   * (`X-Game-Session`): the summary, or after `continue` the acknowledgement. Undefined
   * when the casino did not answer it.
   */
  async function realityCheckCall(token: string, method: 'GET' | 'POST'): Promise<RealityCheckSummary | undefined> {
    try {
      const response = await fetch(`${deps.selfUrl()}${playSessionEndpoints.realityCheck.path}`, {
        method,
        headers: { [GAME_SESSION_HEADER]: token, accept: 'application/json' },
        signal: AbortSignal.timeout(REALITY_CHECK_TIMEOUT_MS),
      });
      if (!response.ok) return undefined;
      return realityCheckSummaryResponseSchema.parse(await response.json()).data;
    } catch {
      return undefined;
    }
  }

  return {
    /** The session's time played and net result, shown when the casino answered REALITY_CHECK. */
    realityCheck: (token: string) => realityCheckCall(token, 'GET'),
    /** The player chose to continue: the casino's next check is one interval away. */
    continueAfterRealityCheck: (token: string) => realityCheckCall(token, 'POST'),

    /** The balance the casino reports for the token (the provider's `balance` call). */
    async session(provider: string, token: string): Promise<SandboxSession> {
      const answer = await attempt(() => client(provider).call('balance', { token }));
      if (!answer) return { balanceMinor: 0n, currency: '', status: 'NO_ANSWER' };
      return { balanceMinor: BigInt(answer.balance), currency: answer.currency, status: answer.status };
    },

    /**
     * One spin as a provider plays it: bet; on no answer a rollback of that bet (the bet may
     * or may not have been taken); reels from the CSPRNG; the win (0 on a loss), retried
     * until answered; end of round. Returns the round id whose outcome `outcomeOf` shows.
     */
    async spin(input: { provider: string; token: string; currency: string; stakeMinor: bigint }): Promise<string> {
      const api = client(input.provider);
      const roundId = randomUUID();
      const betId = `${roundId}:bet`;
      const base = {
        tokenHash: hashToken(input.token),
        stakeMinor: input.stakeMinor,
        winMinor: 0n,
        reels: undefined,
        freeRound: false,
      };
      const money = { token: input.token, roundId, currency: input.currency };
      const bet = await attempt(() =>
        api.call('bet', { ...money, transactionId: betId, amount: Number(input.stakeMinor) }),
      );
      if (!bet) {
        await attempt(() =>
          api.call('rollback', {
            token: input.token,
            transactionId: `${roundId}:rollback`,
            referenceTransactionId: betId,
            roundId,
          }),
        );
        remember(roundId, { ...base, status: 'NO_ANSWER' });
        return roundId;
      }
      if (bet.status !== 'OK') {
        remember(roundId, { ...base, status: bet.status });
        return roundId;
      }
      const reels = spinReels();
      const winMinor = input.stakeMinor * multiplierOf(reels);
      const win = await sendWin(input.provider, {
        ...money,
        transactionId: `${roundId}:win`,
        amount: Number(winMinor),
      });
      await attempt(() => api.call('end-round', { token: input.token, roundId }));
      remember(roundId, { ...base, status: win?.status ?? 'NO_ANSWER', reels, winMinor });
      return roundId;
    },

    /** Keeps a grant of the casino; a grant it knows already is left as it is (the casino may send it again). */
    grantFreeRounds(grant: FreeRoundsGrant): void {
      if (freeRounds.has(grant.freeRoundsId)) return;
      freeRounds.set(grant.freeRoundsId, {
        id: grant.freeRoundsId,
        playerId: grant.playerId,
        gameId: grant.gameId,
        currency: grant.currency,
        roundsLeft: grant.rounds,
        betMinor: BigInt(grant.betAmount),
        expiresAt: grant.expiresAt ? new Date(grant.expiresAt) : null,
      });
      for (const key of freeRounds.keys()) {
        if (freeRounds.size <= GRANTS_KEPT) break;
        freeRounds.delete(key);
      }
    },

    cancelFreeRounds(id: string): void {
      freeRounds.delete(id);
    },

    /** A player's free rounds on a game in a currency, with rounds and time left. */
    freeRoundsOf(query: { playerId: string; gameId: string; currency: string }): SandboxFreeRounds[] {
      const now = Date.now();
      return [...freeRounds.values()].filter(
        (grant) =>
          grant.playerId === query.playerId &&
          grant.gameId === query.gameId &&
          grant.currency === query.currency &&
          grant.roundsLeft > 0 &&
          (grant.expiresAt === null || grant.expiresAt.getTime() > now),
      );
    },

    /**
     * One free round: no bet; reels from the CSPRNG; the win at the grant's bet value (0 on a
     * loss) naming the grant, retried until answered; end of round. A round the casino
     * counted is one less left; one it refuses ends the grant here too.
     */
    async spinFree(input: { provider: string; token: string; freeRoundsId: string }): Promise<string> {
      const roundId = randomUUID();
      const grant = freeRounds.get(input.freeRoundsId);
      const base = { tokenHash: hashToken(input.token), freeRound: true, winMinor: 0n, reels: undefined };
      if (!grant || grant.roundsLeft <= 0) {
        remember(roundId, { ...base, stakeMinor: 0n, status: 'FREE_ROUNDS_NOT_AVAILABLE' });
        return roundId;
      }
      const reels = spinReels();
      const winMinor = grant.betMinor * multiplierOf(reels);
      const win = await sendWin(input.provider, {
        token: input.token,
        roundId,
        currency: grant.currency,
        transactionId: `${roundId}:win`,
        amount: Number(winMinor),
        freeRoundsId: grant.id,
      });
      if (win?.status === 'OK') grant.roundsLeft -= 1;
      if (grant.roundsLeft <= 0 || win?.status === 'FREE_ROUNDS_NOT_AVAILABLE') freeRounds.delete(grant.id);
      await attempt(() => client(input.provider).call('end-round', { token: input.token, roundId }));
      remember(roundId, { ...base, stakeMinor: grant.betMinor, status: win?.status ?? 'NO_ANSWER', reels, winMinor });
      return roundId;
    },

    /** The outcome of a round, for the page of the token that played it. */
    outcomeOf(roundId: string, token: string): SpinOutcome | undefined {
      const outcome = outcomes.get(roundId);
      return outcome && outcome.tokenHash === hashToken(token) ? outcome : undefined;
    },
  };
}

export type SandboxGameProvider = ReturnType<typeof createSandboxGameProvider>;
