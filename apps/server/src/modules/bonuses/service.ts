import { randomUUID } from 'node:crypto';
import {
  BONUS_ISSUE_STATUS,
  BonusResult,
  BonusStatus,
  channels,
  type AdminBonus,
  type Bonus,
  type BonusInput,
  type BonusPackage,
  type BonusPackageOffer,
  type Currency,
  type PaginationMeta,
  type PlayerBonus,
  type PlayerBonusesQuery,
  type PlayerFreespinDetail,
} from '@croupier/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { EventRegistry } from '../../lib/events';
import { pageMeta } from '../../lib/pagination';
import type { BetRefusal, BonusWagering, GameInfo } from '../game-wallet';
import type { Jobs } from '../jobs';
import type { RealtimeEvents } from '../realtime';
import type { Ledger, PlayerAccountView } from '../wallet';
import type { PlayerFreespinRow } from './freespins-repository';
import { activateIssued, createExpiry, playerListFilter } from './lifecycle';
import type { BonusesRepository, PlayerBonusRow } from './repository';
import { toPlayerBonus, wagerPercentage } from './present';
import {
  betConditionsOf,
  checkTermsAmounts,
  companionsOf,
  depositFits,
  grantMinor,
  isCompanion,
  offeredIn,
  playerLimits,
  requiredWagerMinor,
  termsOf,
  toBonus,
  type BetConditions,
  type CatalogueBonus,
} from './terms';

/**
 * Bonuses (docs/bonuses.md): the operator's catalogue, and the lifecycle of a player's
 * bonus — issued → active → finished (played, cancelled, expired, lost). Bonus money is the
 * ledger's `bonus` balance of the player's account: credited from the operator's `bonus`
 * account on activation, given back to it when the bonus is forfeited, moved to the real
 * balance (capped by the max win) when the wager is met. One active bonus per account.
 */

export interface CurrencySource {
  listCurrencies(query: { visibleOnly: boolean }): Promise<Currency[]>;
}

export interface BonusAccounts {
  findByCurrency(playerId: string, currency: string): Promise<PlayerAccountView | undefined>;
  ensureAccount(q: Transaction<Database>, playerId: string, currency: string): Promise<PlayerAccountView>;
  lockBalances(
    trx: Transaction<Database>,
    accountId: string,
  ): Promise<{ realMinor: bigint; bonusMinor: bigint } | undefined>;
}

/** What issuing a catalogue bonus to a player takes (`issueIn`, `giveIn`). */
export interface IssueInput {
  bonus: CatalogueBonus;
  playerId: string;
  account: { id: string; currency: string };
  currency: Currency;
  source: string;
  depositMinor?: bigint;
  /** Cashback: the period's net loss the bonus is a share of. */
  lossMinor?: bigint;
  /** The bonus's amount when it is given, not computed from the terms (free spins' winnings). */
  amountMinor?: bigint;
  issueSessionId?: string;
  autoActivate: boolean;
}

/** What a catalogue bonus gave: a player bonus, or free spins (a free-spins bonus, type 3). */
export type Given = { kind: 'bonus'; row: PlayerBonusRow } | { kind: 'freespins'; row: PlayerFreespinRow };

/** The free spins' side (freespins.ts, created after this service): the grants type 3 bonuses give. */
export interface FreespinGrants {
  issueIn(trx: Transaction<Database>, input: IssueInput): Promise<PlayerFreespinRow | undefined>;
  present(row: PlayerFreespinRow, currency: Currency): PlayerFreespinDetail;
  /** Whether the catalogue has the game (id or identity) the spins are to be played on. */
  gameExists(ref: string): Promise<boolean>;
}

const DAY_MS = 86_400_000;
/** The catalogue type of a sportsbook's game (docs/bonuses.md, "Wagering"). */
const SPORTSBOOK_GAME_TYPE = 'sportsbook';
/** `triggerType` of the referral owner's bonuses (catalogue trigger `referral`). */
const REFERRAL_OWNER_TRIGGER_TYPE = 11;
/** The operator account bonus money comes from and goes back to. */
const bonusAccount = (currency: string) => ({ operator: 'bonus' as const, key: 'grants', currency });

export function createBonuses(deps: {
  repository: BonusesRepository;
  ledger: Ledger;
  accounts: BonusAccounts;
  currencies: CurrencySource;
  events: RealtimeEvents;
  jobs: Jobs;
  now?: () => Date;
  /** Told of each issued bonus inside its transaction (`bonuses.issued`: the messenger's message). */
  appEvents?: EventRegistry;
}) {
  const { repository, ledger, events, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The currencies, read outside transactions; code inside one uses the last list read
   * (`knownCurrencies`): a read through another connection there would wait forever on
   * PGlite's single connection. The list is read when the server starts (`warmUp`).
   */
  let lastCurrencies: Map<string, Currency> | undefined;
  async function currencyMap(): Promise<Map<string, Currency>> {
    lastCurrencies = new Map((await deps.currencies.listCurrencies({ visibleOnly: false })).map((c) => [c.code, c]));
    return lastCurrencies;
  }
  const knownCurrencies = async (): Promise<Map<string, Currency>> => lastCurrencies ?? currencyMap();
  async function currencyOf(code: string): Promise<Currency> {
    const currency = (await currencyMap()).get(code);
    if (!currency || !currency.isEnabled || currency.type === 'virtual') {
      throw AppError.validation({ currency: ['This currency is not available.'] });
    }
    return currency;
  }

  const isAvailableNow = (bonus: CatalogueBonus, at: Date) =>
    bonus.status === 1 &&
    (bonus.availableFrom === null || bonus.availableFrom <= at) &&
    (bonus.availableTo === null || bonus.availableTo > at);

  /** Offered, within its window and under its per-player limit. */
  const givable = (bonus: CatalogueBonus, received: Map<string, number>, at: Date) =>
    isAvailableNow(bonus, at) &&
    (bonus.terms.perPlayerLimit === null || (received.get(bonus.id) ?? 0) < bonus.terms.perPlayerLimit);

  /**
   * Whether a player may receive a bonus now: givable and, in a package, of the next step
   * the player has not received. A step's companions never count: see `isCompanion`.
   */
  function eligible(bonus: CatalogueBonus, all: CatalogueBonus[], received: Map<string, number>, at: Date): boolean {
    if (!givable(bonus, received, at) || isCompanion(bonus, all)) return false;
    if (bonus.packageId === null) return true;
    const open = all
      .filter(
        (b) =>
          b.packageId === bonus.packageId &&
          isAvailableNow(b, at) &&
          (received.get(b.id) ?? 0) === 0 &&
          !isCompanion(b, all),
      )
      .map((b) => b.packagePriority);
    return open.length > 0 && bonus.packagePriority === Math.min(...open);
  }

  function publish(trx: Transaction<Database>, row: PlayerBonusRow, currency: Currency, created: boolean): void {
    events.publishAfterCommit(trx, channels.playerBonuses(row.player_id), {
      event: created ? 'player.bonus.created' : 'player.bonus.updated',
      playerBonus: toPlayerBonus(row, currency),
    });
  }

  const expiry = createExpiry<PlayerBonusRow>(jobs, {
    kind: 'bonus.expire',
    idKey: 'playerBonusId',
    activeUntil: (row) => row.wagering_expires_at,
  });

  /**
   * Finishes an active bonus whose money goes back to the operator (cancelled, expired,
   * lost): the whole bonus balance, what it won included, in one ledger transaction.
   */
  async function forfeitIn(
    trx: Transaction<Database>,
    row: PlayerBonusRow,
    result: typeof BonusResult.CANCELED | typeof BonusResult.EXPIRED | typeof BonusResult.LOST,
    currency: Currency,
  ): Promise<PlayerBonusRow> {
    if (row.status === BonusStatus.ACTIVE) {
      const balances = await deps.accounts.lockBalances(trx, row.account_id);
      const bonusMinor = balances?.bonusMinor ?? 0n;
      if (bonusMinor > 0n) {
        await ledger.postIn(trx, {
          idempotencyKey: `bonus:forfeit:${row.id}`,
          kind: 'bonus.forfeit',
          entries: [
            { accountRef: { accountId: row.account_id }, bucket: 'bonus', amountMinor: -bonusMinor },
            { accountRef: bonusAccount(row.currency), amountMinor: bonusMinor },
          ],
          metadata: { playerBonusId: row.id, result },
        });
      }
    }
    const finished = await repository.update(trx, row.id, {
      status: BonusStatus.FINISHED,
      result,
      finished_at: now(),
    });
    publish(trx, finished, currency, false);
    return finished;
  }

  /**
   * Credits the bonus money and starts the wagering clock. Another active bonus on the
   * account is cancelled first (refused when it is locked and its wager has started).
   */
  async function activateIn(
    trx: Transaction<Database>,
    row: PlayerBonusRow,
    currency: Currency,
  ): Promise<PlayerBonusRow> {
    const at = now();
    const current = await repository.lockActive(trx, row.account_id);
    if (current && current.id !== row.id) {
      const started = current.wagered_casino_minor > 0n || current.wagered_sportsbook_minor > 0n;
      if (current.is_cancel_lock && started) throw new AppError('BONUS_CANCEL_LOCKED');
      await forfeitIn(trx, current, BonusResult.CANCELED, currency);
    }
    if (row.amount_minor > 0n) {
      await ledger.postIn(trx, {
        idempotencyKey: `bonus:grant:${row.id}`,
        kind: 'bonus.grant',
        entries: [
          { accountRef: bonusAccount(row.currency), amountMinor: -row.amount_minor },
          { accountRef: { accountId: row.account_id }, bucket: 'bonus', amountMinor: row.amount_minor },
        ],
        metadata: { playerBonusId: row.id, bonusId: row.bonus_id },
      });
    }
    const wageringDays = Number((row.conditions as { wageringDays?: unknown }).wageringDays ?? NaN);
    const active = await repository.update(trx, row.id, {
      status: BonusStatus.ACTIVE,
      activated_at: at,
      wagering_expires_at: Number.isFinite(wageringDays) ? new Date(at.getTime() + wageringDays * DAY_MS) : null,
    });
    // A bonus without a wager is real money at once.
    if (active.required_casino_minor === 0n && active.required_sportsbook_minor === 0n) {
      return convertIn(trx, active, currency);
    }
    await expiry.schedule(trx, active);
    publish(trx, active, currency, false);
    return active;
  }

  /** The wager is met: the bonus balance becomes real money up to the max win, exactly once. */
  async function convertIn(
    trx: Transaction<Database>,
    row: PlayerBonusRow,
    currency: Currency,
  ): Promise<PlayerBonusRow> {
    const balances = await deps.accounts.lockBalances(trx, row.account_id);
    const bonusMinor = balances?.bonusMinor ?? 0n;
    const convertedMinor =
      row.max_win_minor !== null && bonusMinor > row.max_win_minor ? row.max_win_minor : bonusMinor;
    if (bonusMinor > 0n) {
      const entries = [
        { accountRef: { accountId: row.account_id }, bucket: 'bonus' as const, amountMinor: -bonusMinor },
        ...(convertedMinor > 0n ? [{ accountRef: { accountId: row.account_id }, amountMinor: convertedMinor }] : []),
        ...(bonusMinor > convertedMinor
          ? [{ accountRef: bonusAccount(row.currency), amountMinor: bonusMinor - convertedMinor }]
          : []),
      ];
      await ledger.postIn(trx, {
        idempotencyKey: `bonus:convert:${row.id}`,
        kind: 'bonus.convert',
        entries,
        metadata: { playerBonusId: row.id, capMinor: row.max_win_minor?.toString() ?? null },
      });
    }
    const finished = await repository.update(trx, row.id, {
      status: BonusStatus.FINISHED,
      result: BonusResult.PLAYED,
      converted_minor: convertedMinor,
      finished_at: now(),
    });
    publish(trx, finished, currency, false);
    return finished;
  }

  /**
   * Gives a catalogue bonus to a player for a cause (`source`, unique with the bonus: a retry
   * issues nothing twice). Answers the player bonus, or undefined when this cause gave it
   * already. `autoActivate` activates it at once unless the account has an active bonus.
   */
  async function issueIn(trx: Transaction<Database>, input: IssueInput): Promise<PlayerBonusRow | undefined> {
    const { bonus, currency } = input;
    if (bonus.type === 3 && input.amountMinor === undefined) throw new Error('free spins are given by giveIn');
    const at = now();
    const amountMinor = input.amountMinor ?? grantMinor(bonus, currency, input.depositMinor, input.lossMinor);
    const limits = playerLimits(bonus, currency, amountMinor);
    const { terms } = bonus;
    const row = await repository.insertPlayerBonus(trx, {
      player_id: input.playerId,
      bonus_id: bonus.id,
      account_id: input.account.id,
      currency: currency.code,
      name: bonus.name,
      bonus_type: bonus.type,
      amount_minor: amountMinor,
      wager_casino: terms.wagerCasino.toFixed(2),
      wager_sportsbook: terms.wagerSportsbook.toFixed(2),
      required_casino_minor: requiredWagerMinor(amountMinor, terms.wagerCasino),
      required_sportsbook_minor: requiredWagerMinor(amountMinor, terms.wagerSportsbook),
      wagered_casino_minor: 0n,
      wagered_sportsbook_minor: 0n,
      min_bet_minor: limits.minBetMinor,
      max_bet_minor: limits.maxBetMinor,
      max_win_minor: limits.maxWinMinor,
      is_cancel_lock: terms.isBonusCancelLock,
      conditions: JSON.stringify({
        ...betConditionsOf(terms),
        wageringDays: terms.wageringDays,
        maxWinMultiplier: terms.maxWinMultiplier,
        sticky: terms.sticky,
        cashable: terms.cashable,
      }),
      package_id: bonus.packageId,
      package_priority: bonus.packagePriority,
      issue_session_id: input.issueSessionId ?? (bonus.packageId ? randomUUID() : null),
      source: input.source,
      converted_minor: null,
      activation_expires_at:
        terms.activationDays !== null ? new Date(at.getTime() + terms.activationDays * DAY_MS) : null,
      wagering_expires_at: null,
      activated_at: null,
      finished_at: null,
    });
    if (!row) return undefined;
    publish(trx, row, currency, true);
    await deps.appEvents?.emit('bonuses.issued', {
      trx,
      playerId: row.player_id,
      playerBonusId: row.id,
      name: row.name,
    });
    if (input.autoActivate && !(await repository.lockActive(trx, row.account_id))) {
      return activateIn(trx, row, currency);
    }
    await expiry.schedule(trx, row);
    return row;
  }

  /** Free spins' grants (bound by the module once they exist: see `useFreespins`). */
  let grants: FreespinGrants | undefined;

  /**
   * Gives a catalogue bonus for a cause: free spins for a free-spins bonus (type 3), a
   * player bonus otherwise. Undefined when this cause gave it already.
   */
  async function giveIn(trx: Transaction<Database>, input: IssueInput): Promise<Given | undefined> {
    if (input.bonus.type === 3) {
      if (!grants) throw new Error('free spins are not wired');
      const row = await grants.issueIn(trx, input);
      return row && { kind: 'freespins', row };
    }
    const row = await issueIn(trx, input);
    return row && { kind: 'bonus', row };
  }

  /** A bonus as offered, with the free spins its package step's companions add (see `companionsOf`). */
  function withFreespins(bonus: CatalogueBonus, all: readonly CatalogueBonus[], at: Date): Bonus {
    const freespins = companionsOf(bonus, all).flatMap((companion) =>
      companion.terms.freespins && isAvailableNow(companion, at)
        ? [{ count: companion.terms.freespins.count, gameId: companion.terms.freespins.gameId }]
        : [],
    );
    return { ...toBonus(bonus), ...(freespins.length > 0 ? { freespins } : {}) };
  }

  /** Operator input checked against the currencies and the packages. */
  async function columnsOf(input: BonusInput) {
    checkTermsAmounts(input, await currencyMap());
    if (input.freespins && !(await grants?.gameExists(input.freespins.gameId))) {
      throw AppError.validation({
        'freespins.gameId': ['No such game in the catalogue, or its provider cannot give free spins.'],
      });
    }
    if (input.packageId && !(await repository.packageExists(input.packageId))) {
      throw AppError.validation({ packageId: ['No such package.'] });
    }
    return {
      name: input.name,
      type: input.type,
      status: input.status,
      trigger: input.trigger,
      packageId: input.packageId,
      packagePriority: input.packagePriority,
      availableFrom: input.availableFrom ? new Date(input.availableFrom) : null,
      availableTo: input.availableTo ? new Date(input.availableTo) : null,
      terms: termsOf(input),
    };
  }

  async function adminBonus(id: string): Promise<AdminBonus> {
    const bonus = await repository.findBonus(repository.db, id);
    if (!bonus) throw AppError.notFound('No such bonus.');
    const counts = await repository.issuedCounts();
    return toAdminBonus(bonus, counts.get(bonus.id) ?? 0);
  }

  const toAdminBonus = (bonus: CatalogueBonus, issuedCount: number): AdminBonus => ({
    ...toBonus(bonus),
    trigger: bonus.trigger,
    createdAt: bonus.createdAt.toISOString(),
    updatedAt: bonus.updatedAt.toISOString(),
    issuedCount,
  });

  /** Runs a change of one of the player's bonuses in a transaction, the row locked. */
  async function changeOwn(
    playerId: string,
    id: string,
    change: (trx: Transaction<Database>, row: PlayerBonusRow, currency: Currency) => Promise<PlayerBonusRow>,
  ): Promise<PlayerBonus> {
    const currencies = await currencyMap();
    const [row, currency] = await events.transaction(async (trx) => {
      const owner = /^[0-9a-f-]{36}$/i.test(id) ? await repository.accountOf(trx, id) : undefined;
      if (!owner || owner.player_id !== playerId) throw AppError.notFound('No such bonus.');
      // The account first, then the bonus rows: the order the bet path takes them in.
      await deps.accounts.lockBalances(trx, owner.account_id);
      const locked = await repository.lockPlayerBonus(trx, id, playerId);
      if (!locked) throw AppError.notFound('No such bonus.');
      const rowCurrency = currencies.get(locked.currency);
      if (!rowCurrency) throw new Error(`unknown currency ${locked.currency}`);
      return [await change(trx, locked, rowCurrency), rowCurrency] as const;
    });
    return toPlayerBonus(row, currency);
  }

  /** Expires a bonus whose deadline passed (a job; a bonus that moved on meanwhile is left alone). */
  async function expire(trx: Transaction<Database>, playerBonusId: string, status: number): Promise<void> {
    const owner = await repository.accountOf(trx, playerBonusId);
    if (!owner) return;
    await deps.accounts.lockBalances(trx, owner.account_id);
    const row = await repository.lockById(trx, playerBonusId);
    if (!row || row.status !== status) return;
    const deadline = expiry.deadlineOf(row);
    if (!deadline || deadline > now()) return;
    const currency = (await knownCurrencies()).get(row.currency);
    if (!currency) throw new Error(`unknown currency ${row.currency}`);
    await forfeitIn(trx, row, BonusResult.EXPIRED, currency);
  }

  // --- wagering on the bet path (docs/bonuses.md, "Wagering") ---

  /** Bets still open on an account since a time (the game wallet's; bound when it exists). */
  let openBetsSince: (q: Kysely<Database>, accountId: string, since: Date) => Promise<number> = () =>
    Promise.resolve(0);

  /**
   * The active bonus of each account as last seen, for the bet path: its terms never change
   * once given, so a bet checks them without a read; the wager statement names the bonus
   * and finds nothing when it is no longer active (then the active one is read).
   */
  const activeByAccount = new Map<string, PlayerBonusRow>();
  const MAX_KNOWN_ACTIVE = 10_000;
  function remember(row: PlayerBonusRow): void {
    if (activeByAccount.size >= MAX_KNOWN_ACTIVE) activeByAccount.delete(activeByAccount.keys().next().value ?? '');
    activeByAccount.set(row.account_id, row);
  }

  // Written by issueIn from the terms (betConditionsOf); read back as given.
  const conditionsOf = (row: PlayerBonusRow): Partial<BetConditions> => row.conditions;

  /**
   * A sportsbook's game (catalogue type `sportsbook`): its bets count toward the sportsbook
   * wager when their round is settled, never toward the casino one; the casino conditions
   * (games, providers, contributions) do not apply to it.
   */
  const isSportsbook = (game: GameInfo): boolean => game.type === SPORTSBOOK_GAME_TYPE;

  /** Whether the bonus's terms leave a game out (its money may not be bet there). */
  function excludes(row: PlayerBonusRow, game: GameInfo, provider: string): boolean {
    if (isSportsbook(game)) return false;
    const c = conditionsOf(row);
    const gameIds = c.gameIds ?? [];
    if (gameIds.length > 0) {
      const listed = gameIds.includes(game.identity);
      if (c.gameIdsExcluded ? listed : !listed) return true;
    }
    const providerIds = c.providerIds ?? [];
    if (providerIds.length > 0) {
      const listed = providerIds.includes(provider);
      if (c.providerIdsExcluded ? listed : !listed) return true;
    }
    return false;
  }

  /** The part of a stake that counts toward the wager: by the game's type, 100 % unless listed. */
  function contributionOf(row: PlayerBonusRow, game: GameInfo, provider: string, stakeMinor: bigint): bigint {
    if (isSportsbook(game) || Number(row.wager_casino) === 0 || excludes(row, game, provider)) return 0n;
    if (row.min_bet_minor !== null && stakeMinor < row.min_bet_minor) return 0n;
    const listed = (conditionsOf(row).categoryContributions ?? []).find((c) => c.category === game.type);
    const percentage = BigInt(Math.round(listed?.percentage ?? 100));
    return (stakeMinor * percentage) / 100n;
  }

  /**
   * The part of a settled sportsbook round's stakes that counts toward the sportsbook wager:
   * all of it, unless the bonus has no sportsbook wager or the stake is below the minimum
   * bet (the terms' one bet range bounds sportsbook bets as it does casino ones).
   */
  function sportsbookContributionOf(row: PlayerBonusRow, stakeMinor: bigint): bigint {
    if (Number(row.wager_sportsbook) === 0 || stakeMinor <= 0n) return 0n;
    if (row.min_bet_minor !== null && stakeMinor < row.min_bet_minor) return 0n;
    return stakeMinor;
  }

  const wagerMet = (row: PlayerBonusRow) =>
    (row.required_casino_minor > 0n || row.required_sportsbook_minor > 0n) && wagerPercentage(row) >= 100;

  /** The active bonus of an account, read and locked (the cache was stale or empty). */
  async function readActive(trx: Transaction<Database>, accountId: string): Promise<PlayerBonusRow | undefined> {
    const row = await repository.lockActive(trx, accountId);
    if (row) remember(row);
    else activeByAccount.delete(accountId);
    return row;
  }

  /**
   * After a change of the wager or of the bonus balance: converts a met wager, or finishes a
   * bonus whose money is gone, once no bet of it is still open. Rare: only at those moments
   * does it count the open bets.
   */
  async function settleIfDone(
    trx: Transaction<Database>,
    row: PlayerBonusRow,
    bonusBalanceMinor: bigint | undefined,
  ): Promise<PlayerBonusRow> {
    const met = wagerMet(row);
    let balance = bonusBalanceMinor;
    if (!met && balance === undefined) balance = (await deps.accounts.lockBalances(trx, row.account_id))?.bonusMinor;
    if (!met && balance !== 0n) return row;
    if ((await openBetsSince(trx, row.account_id, row.activated_at ?? row.created_at)) > 0) return row;
    const currency = (await knownCurrencies()).get(row.currency);
    if (!currency) throw new Error(`unknown currency ${row.currency}`);
    activeByAccount.delete(row.account_id);
    return met ? convertIn(trx, row, currency) : forfeitIn(trx, row, BonusResult.LOST, currency);
  }

  const wagering: BonusWagering = {
    async afterBet(trx, bet) {
      const none = { balancesChanged: false };
      const accountId = bet.session.account_id;
      if (!accountId) return none;
      let row = activeByAccount.get(accountId) ?? (await readActive(trx, accountId));
      if (!row) return none;
      const currency = (await knownCurrencies()).get(row.currency);
      if (!currency) throw new Error(`unknown currency ${row.currency}`);
      const { identity } = bet.game;
      // Terms the bet breaks refuse it (the game page shows why); checked on the cached terms,
      // confirmed by the statement below naming the same bonus.
      const refusal = (): BetRefusal | undefined => {
        if (!row) return undefined;
        const shown = toPlayerBonus(row, currency);
        if (excludes(row, bet.game, bet.session.provider) && bet.bonusStakeMinor > 0n) {
          return {
            status: 'INVALID_GAME',
            event: {
              event: 'game.bet.restricted',
              gameId: bet.session.game_id,
              gameIdentity: identity,
              playerBonus: shown,
            },
          };
        }
        if (row.max_bet_minor !== null && bet.stakeMinor > row.max_bet_minor) {
          return {
            status: 'BET_OUT_OF_LIMITS',
            event: { event: 'game.bet.max.exceed', gameIdentity: identity, playerBonus: shown },
          };
        }
        return undefined;
      };
      const contribution = contributionOf(row, bet.game, bet.session.provider, bet.stakeMinor);
      let updated = await repository.addWager(trx, row.id, contribution);
      if (!updated) {
        // The bonus seen before is no longer active: read the account's active one.
        row = await readActive(trx, accountId);
        if (!row) return none;
        updated = await repository.addWager(
          trx,
          row.id,
          contributionOf(row, bet.game, bet.session.provider, bet.stakeMinor),
        );
        if (!updated) return none;
      }
      const refused = refusal();
      if (refused) return { refusal: refused, balancesChanged: false };
      remember(updated);
      const after = await settleIfDone(trx, updated, bet.bonusBalanceMinor);
      if (after.status === BonusStatus.ACTIVE) {
        if (contribution > 0n) publish(trx, after, currency, false);
        return none;
      }
      return { balancesChanged: true };
    },

    async afterSettle(trx, settle) {
      const accountId = settle.session.account_id;
      if (!accountId) return { balancesChanged: false };
      let row: PlayerBonusRow | undefined = await readActive(trx, accountId);
      if (!row) {
        // The bonus that paid the round has finished meanwhile (cancelled, expired, a
        // withdrawal): the bonus part of its win or refund is forfeited with it.
        const bonusMinor = (await deps.accounts.lockBalances(trx, accountId))?.bonusMinor ?? 0n;
        if (bonusMinor === 0n) return { balancesChanged: false };
        await ledger.postIn(trx, {
          idempotencyKey: `bonus:forfeit-late:${randomUUID()}`,
          kind: 'bonus.forfeit',
          entries: [
            { accountRef: { accountId }, bucket: 'bonus', amountMinor: -bonusMinor },
            { accountRef: bonusAccount(settle.session.currency), amountMinor: bonusMinor },
          ],
          metadata: { reason: 'finished-bonus', kind: settle.kind },
        });
        return { balancesChanged: true };
      }
      if (settle.kind === 'rollback') {
        // A sportsbook bet counted nothing when it was placed: its void takes nothing back.
        const contribution = contributionOf(row, settle.game, settle.session.provider, settle.amountMinor);
        if (contribution > 0n) row = (await repository.addWager(trx, row.id, -contribution)) ?? row;
      } else if (settle.kind === 'win' && isSportsbook(settle.game)) {
        // A settled ticket (won, lost or cashed out) counts its stakes; a correction counts nothing.
        const contribution = sportsbookContributionOf(row, settle.roundStakeMinor);
        if (contribution > 0n) row = (await repository.addWager(trx, row.id, 0n, contribution)) ?? row;
      }
      const currency = (await knownCurrencies()).get(row.currency);
      if (!currency) throw new Error(`unknown currency ${row.currency}`);
      const after = await settleIfDone(trx, row, settle.bonusBalanceMinor);
      if (after.status === BonusStatus.ACTIVE) {
        publish(trx, after, currency, false);
        return { balancesChanged: false };
      }
      return { balancesChanged: true };
    },
  };

  expiry.handle(expire);

  return {
    /** Reads the currencies once before any transaction needs them. */
    warmUp: async (): Promise<void> => {
      await currencyMap();
    },

    // --- the operator's catalogue ---
    async listAdmin(): Promise<AdminBonus[]> {
      const [all, counts] = await Promise.all([repository.listCatalogue(), repository.issuedCounts()]);
      return all.map((bonus) => toAdminBonus(bonus, counts.get(bonus.id) ?? 0));
    },
    getAdmin: adminBonus,
    async create(input: BonusInput): Promise<AdminBonus> {
      return adminBonus(await repository.insertBonus(await columnsOf(input)));
    },
    async update(id: string, input: BonusInput): Promise<AdminBonus> {
      if (!(await repository.updateBonus(id, await columnsOf(input)))) throw AppError.notFound('No such bonus.');
      return adminBonus(id);
    },
    async listPackages(): Promise<BonusPackage[]> {
      return (await repository.listPackages()).map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: p.created_at.toISOString(),
      }));
    },
    async createPackage(name: string): Promise<BonusPackage> {
      const row = await repository.insertPackage(name);
      return { id: row.id, name: row.name, createdAt: row.created_at.toISOString() };
    },

    /**
     * Gives a catalogue bonus (cash, percentage, free spins) as a reward inside the caller's
     * transaction: loyalty levels, quests, wheels, referrals. `source` names the cause and is
     * unique with the bonus, so a retried or replayed reward gives nothing twice (undefined).
     * Reads only through `trx` and the currencies kept since start, so it is safe on PGlite's
     * single connection. Throws a validation error when the bonus does not exist or has no
     * terms in the currency.
     */
    async grantIn(
      trx: Transaction<Database>,
      input: { bonusId: string; playerId: string; currency: string; source: string; autoActivate?: boolean },
    ): Promise<Given | undefined> {
      const currency = (await knownCurrencies()).get(input.currency);
      if (!currency || !currency.isEnabled || currency.type === 'virtual') {
        throw AppError.validation({ currency: ['This currency is not available.'] });
      }
      const bonus = await repository.findBonus(trx, input.bonusId);
      if (!bonus) throw AppError.validation({ bonusId: ['No such bonus.'] });
      if (!offeredIn(bonus, currency))
        throw AppError.validation({ currency: ['The bonus has no terms in this currency.'] });
      const account = await deps.accounts.ensureAccount(trx, input.playerId, currency.code);
      return giveIn(trx, {
        bonus,
        playerId: input.playerId,
        account,
        currency,
        source: input.source,
        autoActivate: input.autoActivate ?? false,
      });
    },

    /** The operator gives a bonus by hand (`manual:{key}`; without a key each call is a new cause). */
    async issueManually(
      playerId: string,
      input: { bonusId: string; currency: string; depositAmountMinor?: bigint; key?: string },
    ): Promise<PlayerBonus | PlayerFreespinDetail> {
      const currency = await currencyOf(input.currency);
      const bonus = await repository.findBonus(repository.db, input.bonusId);
      if (!bonus) throw AppError.validation({ bonusId: ['No such bonus.'] });
      if (!offeredIn(bonus, currency))
        throw AppError.validation({ currency: ['The bonus has no terms in this currency.'] });
      const given = await events.transaction(async (trx) => {
        const account = await deps.accounts.ensureAccount(trx, playerId, currency.code);
        const issued = await giveIn(trx, {
          bonus,
          playerId,
          account,
          currency,
          source: `manual:${input.key ?? randomUUID()}`,
          ...(input.depositAmountMinor !== undefined ? { depositMinor: input.depositAmountMinor } : {}),
          autoActivate: false,
        });
        if (!issued) throw new AppError('CONFLICT', 'This bonus was given for this key already.');
        return issued;
      });
      if (given.kind === 'bonus') return toPlayerBonus(given.row, currency);
      if (!grants) throw new Error('free spins are not wired');
      return grants.present(given.row, currency);
    },

    /**
     * The packages on offer now with their offered steps (public: the welcome-package page):
     * the bonuses a deposit may name, one row per step; companions come with their step.
     */
    async packageOffers(): Promise<BonusPackageOffer[]> {
      const [all, packages] = await Promise.all([repository.listCatalogue(), repository.listPackages()]);
      const at = now();
      return packages.flatMap((pkg) => {
        const steps = all
          .filter((b) => b.packageId === pkg.id && isAvailableNow(b, at) && !isCompanion(b, all))
          .sort((a, b) => a.packagePriority - b.packagePriority)
          .map((b) => withFreespins(b, all, at));
        return steps.length > 0 ? [{ id: pkg.id, name: pkg.name, bonuses: steps }] : [];
      });
    },

    // --- the player's side ---
    /** Bonuses the player may get now in a currency (and, given an amount, whose deposit bounds fit it). */
    async available(
      playerId: string,
      query: { currency: string; amount?: number | undefined; triggerType?: number | undefined },
    ): Promise<Bonus[]> {
      // Deposit bonuses, or with `triggerType` 11 the referral owner's bonuses (docs/referrals.md).
      if (query.triggerType !== undefined && query.triggerType !== REFERRAL_OWNER_TRIGGER_TYPE) return [];
      const trigger = query.triggerType === REFERRAL_OWNER_TRIGGER_TYPE ? 'referral' : 'deposit';
      const currency = await currencyOf(query.currency);
      const [all, received] = await Promise.all([
        repository.listCatalogue(),
        repository.issuedToPlayer(repository.db, playerId),
      ]);
      const at = now();
      let amountMinor: bigint | undefined;
      if (query.amount !== undefined) {
        amountMinor = BigInt(Math.round(query.amount * currency.subunitToUnit));
      }
      return all
        .filter((bonus) => bonus.trigger === trigger && offeredIn(bonus, currency))
        .filter((bonus) => eligible(bonus, all, received, at))
        .filter((bonus) => amountMinor === undefined || depositFits(bonus.terms, currency, amountMinor))
        .map((bonus) => withFreespins(bonus, all, at));
    },

    /** Per bonus: 1 given to the player already, 2 not available, 3 available. */
    async statuses(playerId: string, query: { bonusIds: string[]; currency: string }) {
      const currency = await currencyOf(query.currency);
      const [all, received] = await Promise.all([
        repository.listCatalogue(),
        repository.issuedToPlayer(repository.db, playerId),
      ]);
      const at = now();
      return query.bonusIds.map((id) => {
        const bonus = all.find((b) => b.id === id);
        const issueStatus =
          (received.get(id) ?? 0) > 0
            ? BONUS_ISSUE_STATUS.issued
            : bonus && offeredIn(bonus, currency) && eligible(bonus, all, received, at)
              ? BONUS_ISSUE_STATUS.available
              : BONUS_ISSUE_STATUS.unavailable;
        return { id, issueStatus };
      });
    },

    async listPlayerBonuses(
      playerId: string,
      query: PlayerBonusesQuery,
    ): Promise<{ data: PlayerBonus[]; meta: PaginationMeta }> {
      const { rows, total } = await repository.listPlayerBonuses(playerListFilter(playerId, query));
      const currencies = await currencyMap();
      const data: PlayerBonus[] = [];
      for (const row of rows) {
        const currency = currencies.get(row.currency);
        if (!currency) continue;
        // Unsettled bets matter while active: cancelling warns of them, conversion waits for them.
        const open =
          row.status === BonusStatus.ACTIVE
            ? await openBetsSince(repository.db, row.account_id, row.activated_at ?? row.created_at)
            : 0;
        data.push(toPlayerBonus(row, currency, open));
      }
      return { data, meta: pageMeta({ page: query.page, perPage: query.perPage, totalRows: total }) };
    },

    activate: (playerId: string, id: string) =>
      changeOwn(playerId, id, (trx, row, currency) =>
        activateIssued(row, now, {
          activate: () => activateIn(trx, row, currency),
          expire: () => forfeitIn(trx, row, BonusResult.EXPIRED, currency),
          expiredMessage: 'The time to activate this bonus has passed.',
        }),
      ),

    cancel: (playerId: string, id: string) =>
      changeOwn(playerId, id, async (trx, row, currency) => {
        if (row.status === BonusStatus.FINISHED) throw new AppError('BONUS_NOT_AVAILABLE');
        const started = row.wagered_casino_minor > 0n || row.wagered_sportsbook_minor > 0n;
        if (row.status === BonusStatus.ACTIVE && row.is_cancel_lock && started) {
          throw new AppError('BONUS_CANCEL_LOCKED');
        }
        return forfeitIn(trx, row, BonusResult.CANCELED, currency);
      }),

    /**
     * Payments: checks the bonus a deposit names (422 on `bonusId` when the player may not
     * have it for this currency and amount). Called before the invoice is written; a crypto
     * deposit's amount is unknown then (null): its bounds are checked when it is credited.
     */
    async checkDepositBonus(
      playerId: string,
      bonusId: string,
      currencyCode: string,
      amountMinor: bigint | null,
    ): Promise<void> {
      const currency = await currencyOf(currencyCode);
      const [all, received] = await Promise.all([
        repository.listCatalogue(),
        repository.issuedToPlayer(repository.db, playerId),
      ]);
      const bonus = all.find((b) => b.id === bonusId);
      const fits =
        bonus !== undefined &&
        bonus.trigger === 'deposit' &&
        offeredIn(bonus, currency) &&
        eligible(bonus, all, received, now()) &&
        (amountMinor === null || depositFits(bonus.terms, currency, amountMinor));
      if (!fits) throw AppError.validation({ bonusId: ['This bonus is not available for this deposit.'] });
    },

    /**
     * Payments: a deposit was credited (inside its transaction). Issues the bonus it named,
     * if the player may still have it, and activates it unless another is active; with a
     * package step's bonus, also the step's companions (free spins, active at once) the
     * player may have in this currency, in one issue session. A deposit's retry issues
     * nothing twice (`deposit:{invoiceId}`).
     */
    async onDepositCredited(
      trx: Transaction<Database>,
      deposit: {
        invoiceId: string;
        playerId: string;
        accountId: string;
        currency: string;
        amountMinor: bigint;
        bonusId: string | null;
      },
    ): Promise<void> {
      if (!deposit.bonusId || !/^[0-9a-f-]{36}$/i.test(deposit.bonusId)) return;
      const currency = (await knownCurrencies()).get(deposit.currency);
      const bonus = await repository.findBonus(trx, deposit.bonusId);
      if (!currency || !bonus || bonus.trigger !== 'deposit') return;
      const all = await repository.listCatalogue(trx);
      const received = await repository.issuedToPlayer(trx, deposit.playerId);
      if (!offeredIn(bonus, currency) || !eligible(bonus, all, received, now())) return;
      if (!depositFits(bonus.terms, currency, deposit.amountMinor)) return;
      const at = now();
      const companions = companionsOf(bonus, all).filter(
        (companion) =>
          givable(companion, received, at) &&
          offeredIn(companion, currency) &&
          depositFits(companion.terms, currency, deposit.amountMinor),
      );
      const issueSessionId = bonus.packageId ? randomUUID() : undefined;
      for (const given of [bonus, ...companions]) {
        await giveIn(trx, {
          bonus: given,
          playerId: deposit.playerId,
          account: { id: deposit.accountId, currency: deposit.currency },
          currency,
          source: `deposit:${deposit.invoiceId}`,
          depositMinor: deposit.amountMinor,
          ...(issueSessionId ? { issueSessionId } : {}),
          autoActivate: true,
        });
      }
    },

    /** For tests and the jobs handler: expires one bonus if its deadline passed. */
    expire,

    /**
     * Payments: a withdrawal was requested (in its transaction, the account row locked).
     * The account's active bonus is forfeited, its bonus balance with it; real money is
     * always the player's to withdraw. Issued bonuses stay.
     */
    async onWithdrawal(trx: Transaction<Database>, withdrawal: { accountId: string }): Promise<void> {
      const row = await repository.lockActive(trx, withdrawal.accountId);
      if (!row) return;
      const currency = (await knownCurrencies()).get(row.currency);
      if (!currency) throw new Error(`unknown currency ${row.currency}`);
      activeByAccount.delete(row.account_id);
      await forfeitIn(trx, row, BonusResult.CANCELED, currency);
    },

    /** The bet path's side (the game wallet calls it in the money's transaction). */
    wagering,
    /** Binds the game wallet's count of open bets (it is created after this module). */
    useOpenBets(count: (q: Kysely<Database>, accountId: string, since: Date) => Promise<number>): void {
      openBetsSince = count;
    },

    /** Binds the free spins' grants (created after this service, from it). */
    useFreespins(bound: FreespinGrants): void {
      grants = bound;
    },

    /** For the module's other parts (codes, cashback, free spins): issue in a caller's transaction. */
    issueIn,
    /** Gives any catalogue bonus in a caller's transaction: free spins for type 3, else a player bonus. */
    giveIn,
    findBonus: (q: Transaction<Database>, id: string) => repository.findBonus(q, id),
    /** The currencies as last read (inside transactions; see knownCurrencies). */
    knownCurrencies,
  };
}

export type Bonuses = ReturnType<typeof createBonuses>;
