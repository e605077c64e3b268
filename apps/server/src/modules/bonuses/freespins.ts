import { randomUUID } from 'node:crypto';
import {
  BonusStatus,
  channels,
  FreespinResult,
  type Currency,
  type FreeRoundsCancel,
  type FreeRoundsGrant,
  type PaginationMeta,
  type PlayerFreespinDetail,
  type PlayerFreespinsQuery,
} from '@croupier/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageMeta } from '../../lib/pagination';
import type { Jobs } from '../jobs';
import type { RealtimeEvents } from '../realtime';
import type { FreespinsRepository, PlayerFreespinRow } from './freespins-repository';
import { activateIssued, createExpiry, playerListFilter } from './lifecycle';
import { betValueMinor, grantTerms, spinsDeadline, toPlayerFreespin, winningsBonusOf } from './freespins-rules';
import type { BonusAccounts, Bonuses, FreespinGrants, IssueInput } from './service';

/**
 * Free spins (docs/bonuses.md, "Free spins"): a free-spins bonus (type 3) gives the player a
 * grant of `count` spins on one game at a fixed bet value — issued, then active, then
 * finished (played, cancelled, expired). A grant holds no money, so several may be active
 * at once and activating one touches no other bonus. A spin moves no money: the game takes
 * it from the grant in its round's transaction (`takeSpin`) and adds its payout to the
 * grant's winnings (`settleSpin`). When the last spin is played, or the grant expires with
 * spins left, what the spins won becomes a cash bonus to wager (the free-spins bonus's
 * wager, bet bounds and max win as given), issued in the same transaction and activated
 * unless another bonus is active. A cancelled grant's winnings are forfeited: they were
 * never money.
 */

/** A grant as the games see it (minor units): what the game frame shows and a spin changes. */
export interface FreespinState {
  id: string;
  name: string;
  count: number;
  usedCount: number;
  betValueMinor: bigint;
  wonMinor: bigint;
  expiresAt: Date | null;
  status: number;
  result: number;
  /** Once finished with winnings: the bonus they became, and whether it was activated at once. */
  winningsBonus: { id: string; amountMinor: bigint; activated: boolean } | null;
}

/**
 * Third-party providers' side of free spins (the game wallet's free-rounds client): a grant
 * on a provider's game is sent to it once active, and withdrawn when cancelled or expired.
 */
export interface ProviderFreeRounds {
  /** Whether the provider's games play free spins through these calls (not the in-house games). */
  isExternal(provider: string): boolean;
  /** Whether free spins may be given on the provider's games at all. */
  canGrant(provider: string): boolean;
  grant(provider: string, grant: FreeRoundsGrant): Promise<void>;
  cancel(provider: string, cancel: FreeRoundsCancel): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const stateOf = (row: PlayerFreespinRow, winningsBonus: FreespinState['winningsBonus'] = null): FreespinState => ({
  id: row.id,
  name: row.name,
  count: row.count,
  usedCount: row.used_count,
  betValueMinor: row.bet_value_minor,
  wonMinor: row.won_minor,
  expiresAt: row.expires_at,
  status: row.status,
  result: row.result,
  winningsBonus,
});

const cannotPlayHere = () => AppError.validation({ freespinId: ['These free spins cannot be played in this game.'] });

export function createFreespins(deps: {
  repository: FreespinsRepository;
  bonuses: Pick<Bonuses, 'issueIn' | 'knownCurrencies'>;
  accounts: Pick<BonusAccounts, 'lockBalances'>;
  events: RealtimeEvents;
  jobs: Jobs;
  now?: () => Date;
}) {
  const { repository, bonuses, events, jobs } = deps;
  const now = deps.now ?? (() => new Date());
  /** Bound once the game wallet exists (it is wired after this module). */
  let providers: ProviderFreeRounds | undefined;
  const external = (row: PlayerFreespinRow) => providers?.isExternal(row.provider) === true;

  async function currencyOf(code: string): Promise<Currency> {
    const currency = (await bonuses.knownCurrencies()).get(code);
    if (!currency) throw new Error(`unknown currency ${code}`);
    return currency;
  }

  function publish(trx: Transaction<Database>, row: PlayerFreespinRow, currency: Currency, created: boolean): void {
    events.publishAfterCommit(trx, channels.playerFreespins(row.player_id), {
      event: created ? 'player.freespin.created' : 'player.freespin.updated',
      playerFreespin: toPlayerFreespin(row, currency),
    });
  }

  const expiry = createExpiry<PlayerFreespinRow>(jobs, {
    kind: 'freespins.expire',
    idKey: 'playerFreespinId',
    activeUntil: (row) => row.expires_at,
  });

  /** Starts the spins' clock. Other grants and bonuses are left as they are: a grant holds no money. */
  async function activateIn(
    trx: Transaction<Database>,
    row: PlayerFreespinRow,
    currency: Currency,
  ): Promise<PlayerFreespinRow> {
    const at = now();
    const active = await repository.update(trx, row.id, {
      status: BonusStatus.ACTIVE,
      activated_at: at,
      expires_at: spinsDeadline(grantTerms(row), at),
    });
    publish(trx, active, currency, false);
    await expiry.schedule(trx, active);
    // A provider's game plays the spins as its free rounds: tell it after the commit, by a job (retried).
    if (external(active)) {
      await jobs.enqueue(trx, {
        kind: 'freespins.provider-grant',
        key: `freespins.provider-grant:${active.id}`,
        payload: { playerFreespinId: active.id },
      });
    }
    return active;
  }

  /**
   * Finishes a grant. Played or expired with winnings: they become a cash bonus (source
   * `freespins:{id}`, so exactly once), activated unless another bonus is active. The
   * account is locked first, the order every writer of its bonuses takes.
   */
  async function finishIn(
    trx: Transaction<Database>,
    row: PlayerFreespinRow,
    result: typeof FreespinResult.PLAYED | typeof FreespinResult.CANCELED | typeof FreespinResult.EXPIRED,
    currency: Currency,
  ): Promise<{ row: PlayerFreespinRow; state: FreespinState }> {
    let winnings: FreespinState['winningsBonus'] = null;
    if (row.won_minor > 0n && result !== FreespinResult.CANCELED) {
      await deps.accounts.lockBalances(trx, row.account_id);
      const bonus = await bonuses.issueIn(trx, {
        bonus: winningsBonusOf(row),
        playerId: row.player_id,
        account: { id: row.account_id, currency: row.currency },
        currency,
        source: `freespins:${row.id}`,
        amountMinor: row.won_minor,
        ...(row.issue_session_id ? { issueSessionId: row.issue_session_id } : {}),
        autoActivate: true,
      });
      if (!bonus) throw new Error(`free spins ${row.id} gave their winnings before`);
      winnings = { id: bonus.id, amountMinor: row.won_minor, activated: bonus.status !== BonusStatus.ISSUED };
    }
    const finished = await repository.update(trx, row.id, {
      status: BonusStatus.FINISHED,
      result,
      finished_at: now(),
      winnings_bonus_id: winnings?.id ?? null,
    });
    publish(trx, finished, currency, false);
    // Rounds the provider was given and that may still be open there are withdrawn (the casino refuses them anyway).
    if (external(row) && row.activated_at && result !== FreespinResult.PLAYED) {
      await jobs.enqueue(trx, {
        kind: 'freespins.provider-cancel',
        key: `freespins.provider-cancel:${row.id}`,
        payload: { playerFreespinId: row.id },
      });
    }
    return { row: finished, state: stateOf(finished, winnings) };
  }

  /** Issues the grant a free-spins bonus gives (`giveIn`); undefined when this cause gave it already. */
  async function issueIn(trx: Transaction<Database>, input: IssueInput): Promise<PlayerFreespinRow | undefined> {
    const { bonus, currency } = input;
    const spins = bonus.terms.freespins;
    const betMinor = betValueMinor(bonus.terms, currency);
    // The catalogue's checks (offeredIn, the game named when written) come before this.
    if (!spins || betMinor === undefined) throw new Error(`bonus ${bonus.id} gives no free spins in ${currency.code}`);
    const game = await repository.findGame(trx, spins.gameId);
    if (!game) throw new Error(`bonus ${bonus.id} names no catalogue game (${spins.gameId})`);
    const at = now();
    const { activationDays } = bonus.terms;
    const row = await repository.insert(trx, {
      player_id: input.playerId,
      bonus_id: bonus.id,
      account_id: input.account.id,
      currency: currency.code,
      name: bonus.name,
      game_id: game.id,
      game_identity: game.identity,
      provider: game.provider,
      count: spins.count,
      bet_value_minor: betMinor,
      terms: JSON.stringify(bonus.terms),
      package_id: bonus.packageId,
      package_priority: bonus.packagePriority,
      issue_session_id: input.issueSessionId ?? (bonus.packageId ? randomUUID() : null),
      source: input.source,
      activation_expires_at: activationDays !== null ? new Date(at.getTime() + activationDays * 86_400_000) : null,
      expires_at: null,
      activated_at: null,
      finished_at: null,
      winnings_bonus_id: null,
    });
    if (!row) return undefined;
    publish(trx, row, currency, true);
    // A grant holds no money: giving it "activated" never waits for another bonus.
    if (input.autoActivate) return activateIn(trx, row, currency);
    await expiry.schedule(trx, row);
    return row;
  }

  /** Runs a change of one of the player's grants in a transaction, the row locked. */
  async function changeOwn(
    playerId: string,
    id: string,
    change: (trx: Transaction<Database>, row: PlayerFreespinRow, currency: Currency) => Promise<PlayerFreespinRow>,
  ): Promise<PlayerFreespinDetail> {
    const [row, currency] = await events.transaction(async (trx) => {
      const locked = UUID.test(id) ? await repository.lockOwn(trx, id.toLowerCase(), playerId) : undefined;
      if (!locked) throw AppError.notFound('No such free spins.');
      const currency = await currencyOf(locked.currency);
      return [await change(trx, locked, currency), currency] as const;
    });
    return toPlayerFreespin(row, currency);
  }

  /** Expires a grant whose deadline passed (a job; a grant that moved on meanwhile is left alone). */
  async function expire(trx: Transaction<Database>, id: string, status: number): Promise<void> {
    const row = await repository.lockById(trx, id);
    if (!row || row.status !== status) return;
    const deadline = expiry.deadlineOf(row);
    if (!deadline || deadline > now()) return;
    await finishIn(trx, row, FreespinResult.EXPIRED, await currencyOf(row.currency));
  }

  expiry.handle(expire);

  /**
   * Sends an active grant to its game's provider: the spins left, the bet value and the
   * deadline. At least once (a failure throws and the job runs again); the provider keeps
   * one grant per id. A grant that finished meanwhile is not sent.
   */
  jobs.handle('freespins.provider-grant', async (job) => {
    const { playerFreespinId } = job.payload as { playerFreespinId?: unknown };
    if (typeof playerFreespinId !== 'string') return;
    const row = await repository.find(job.trx, playerFreespinId);
    if (!row || row.status !== BonusStatus.ACTIVE) return;
    if (!providers) throw new Error('free rounds of providers are not wired');
    await providers.grant(row.provider, {
      freeRoundsId: row.id,
      playerId: row.player_id,
      currency: row.currency,
      gameId: row.game_identity,
      rounds: row.count - row.used_count,
      betAmount: Number(row.bet_value_minor),
      expiresAt: row.expires_at?.toISOString() ?? null,
    });
  });

  jobs.handle('freespins.provider-cancel', async (job) => {
    const { playerFreespinId } = job.payload as { playerFreespinId?: unknown };
    if (typeof playerFreespinId !== 'string') return;
    const row = await repository.find(job.trx, playerFreespinId);
    if (!row) return;
    if (!providers) throw new Error('free rounds of providers are not wired');
    await providers.cancel(row.provider, { freeRoundsId: row.id });
  });

  /** What the service hands the bonuses service (`useFreespins`). */
  const grants: FreespinGrants = {
    issueIn,
    present: toPlayerFreespin,
    // A game whose provider takes no free rounds cannot be named: its spins could never be played.
    gameExists: async (ref) => {
      const game = await repository.findGame(repository.db, ref);
      return game !== undefined && (providers?.canGrant(game.provider) ?? true);
    },
  };

  /**
   * Adds a spin's payout to the grant (taken in this transaction); the last spin finishes it
   * and turns its winnings into a bonus.
   */
  async function settleSpin(
    trx: Transaction<Database>,
    spin: { grantId: string; payoutMinor: bigint },
  ): Promise<FreespinState> {
    const current = await repository.addWin(trx, spin.grantId.toLowerCase(), spin.payoutMinor);
    if (current.used_count < current.count) return stateOf(current);
    return (await finishIn(trx, current, FreespinResult.PLAYED, await currencyOf(current.currency))).state;
  }

  return {
    grants,

    /** Binds the game wallet's free-rounds client (after both exist). */
    useProviders(client: ProviderFreeRounds): void {
      providers = client;
    },

    /**
     * A provider's free round (the game wallet's FreeRoundsPlay): takes one spin of the grant
     * for this account and game and adds its win, in the round's transaction. False when the
     * grant may not be played (the wallet answers FREE_ROUNDS_NOT_AVAILABLE).
     */
    freeRounds: {
      async playIn(
        trx: Transaction<Database>,
        round: { grantId: string; accountId: string; gameId: string; payoutMinor: bigint },
      ): Promise<boolean> {
        if (!UUID.test(round.grantId)) return false;
        const id = round.grantId.toLowerCase();
        const taken = await repository.takeSpin(trx, {
          id,
          accountId: round.accountId,
          gameId: round.gameId,
          at: now(),
        });
        if (!taken) return false;
        await settleSpin(trx, { grantId: id, payoutMinor: round.payoutMinor });
        return true;
      },
    },

    async list(
      playerId: string,
      query: PlayerFreespinsQuery,
    ): Promise<{ data: PlayerFreespinDetail[]; meta: PaginationMeta }> {
      const { rows, total } = await repository.list(playerListFilter(playerId, query));
      const currencies = await bonuses.knownCurrencies();
      const data: PlayerFreespinDetail[] = [];
      for (const row of rows) {
        const currency = currencies.get(row.currency);
        if (currency) data.push(toPlayerFreespin(row, currency));
      }
      return { data, meta: pageMeta({ page: query.page, perPage: query.perPage, totalRows: total }) };
    },

    activate: (playerId: string, id: string) =>
      changeOwn(playerId, id, (trx, row, currency) =>
        activateIssued(row, now, {
          activate: () => activateIn(trx, row, currency),
          expire: () => finishIn(trx, row, FreespinResult.EXPIRED, currency),
          expiredMessage: 'The time to activate these free spins has passed.',
        }),
      ),

    /** Cancels issued or active free spins; what they won so far is forfeited. */
    cancel: (playerId: string, id: string) =>
      changeOwn(playerId, id, async (trx, row, currency) => {
        if (row.status === BonusStatus.FINISHED) throw new AppError('BONUS_NOT_AVAILABLE');
        return (await finishIn(trx, row, FreespinResult.CANCELED, currency)).row;
      }),

    /** For tests and the jobs handler: expires one grant if its deadline passed. */
    expire,

    // --- the games' side (originals' FreespinSource) ---

    /** An account's active grants on a game with spins and time left (the game frame's session). */
    async activeFor(query: { accountId: string; gameId: string }): Promise<FreespinState[]> {
      const rows = await repository.activeFor(repository.db, { ...query, at: now() });
      return rows.map((row) => stateOf(row));
    },

    /**
     * Takes one spin of the grant for a round of this account's session on this game, in the
     * round's transaction (one statement when it may be played). 422 on `freespinId` for
     * another player's, currency's or game's grant; 409 (15001) when it is not active, used
     * up or out of time.
     */
    async takeSpin(
      trx: Transaction<Database>,
      spin: { grantId: string; accountId: string; gameId: string },
    ): Promise<FreespinState> {
      if (!UUID.test(spin.grantId)) throw cannotPlayHere();
      const id = spin.grantId.toLowerCase();
      const taken = await repository.takeSpin(trx, { id, accountId: spin.accountId, gameId: spin.gameId, at: now() });
      if (taken) return stateOf(taken);
      // Refused: say why (a read on the refusal only).
      const row = await repository.find(trx, id);
      if (!row || row.account_id !== spin.accountId || row.game_id !== spin.gameId) throw cannotPlayHere();
      if (row.status === BonusStatus.ISSUED) {
        throw new AppError('BONUS_NOT_AVAILABLE', 'Activate these free spins before playing them.');
      }
      throw new AppError('BONUS_NOT_AVAILABLE', 'These free spins are used up or have expired.');
    },

    /**
     * Adds a spin's payout to the grant (taken by `takeSpin` in this transaction); the last
     * spin finishes it and turns its winnings into a bonus.
     */
    settleSpin,
  };
}

export type Freespins = ReturnType<typeof createFreespins>;
