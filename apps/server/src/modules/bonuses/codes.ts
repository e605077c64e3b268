import { randomUUID } from 'node:crypto';
import {
  BONUS_CODE_RESULT,
  BonusCodeStatus,
  BonusCodeTrigger,
  channels,
  type AdminBonusCode,
  type BonusCode,
  type BonusCodeInput,
  type BonusTrigger,
  type Currency,
  type WalletAccount,
} from '@croupier/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import type { RealtimeEvents } from '../realtime';
import type { BonusCodeRow, BonusCodesRepository, PlayerBonusCodeRow } from './codes-repository';
import type { BonusesRepository } from './repository';
import type { Bonuses, Given } from './service';
import { depositFits, offeredIn, type BonusTerms, type CatalogueBonus } from './terms';

/**
 * Bonus codes (docs/bonuses.md, "Bonus codes"). A player enters a code in the wallet:
 * trigger 1 gives its bonus now (issued, to activate), trigger 3 keeps the code until the
 * player's next credited deposit, which gives the bonus (activated unless another bonus
 * is active). A code at sign-up is applied the same way. Every entry is recorded — applied
 * (status 2), incorrect (3) or not available (4) — and too many incorrect ones in a while
 * refuse further entries (ATTEMPT_LIMIT). Caps, windows and the one waiting code per player
 * hold under concurrency: a player's entries and the deposit that uses a waiting code take
 * a per-player lock, and a code's uses are counted with its row locked.
 */

/** Incorrect codes a player may enter within the window before entries are refused. */
export const MAX_INCORRECT_CODES = 5;
export const INCORRECT_CODES_WINDOW_MS = 15 * 60_000;
const LIST_LIMIT = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Catalogue triggers a code may give: a code entered later gives `code` bonuses; at sign-up `registration` ones too. */
const LATER: readonly BonusTrigger[] = ['code'];
const AT_SIGN_UP: readonly BonusTrigger[] = ['code', 'registration'];

/** What the codes need of the wallet's accounts. */
export interface CodeAccounts {
  listAccounts(playerId: string): Promise<WalletAccount[]>;
}

type Verdict = 'ok' | 'unavailable' | 'wait';

/** A bonus with deposit bounds is given with a deposit only: its code waits for one. */
const needsDeposit = (terms: BonusTerms): boolean =>
  terms.depositRanges.length > 0 || terms.baseCurrencyDepositFrom !== null || terms.baseCurrencyDepositTo !== null;

const inWindow = (from: Date | null, to: Date | null, at: Date): boolean =>
  (from === null || from <= at) && (to === null || to > at);

/** The entry's link to what its bonus gave: a player bonus, or free spins. */
const givenColumns = (given: Given) =>
  given.kind === 'bonus' ? { player_bonus_id: given.row.id } : { player_freespin_id: given.row.id };

export function toBonusCode(row: PlayerBonusCodeRow): BonusCode {
  return {
    id: row.id,
    playerId: row.player_id,
    bonusCode: row.code,
    trigger: row.trigger,
    status: row.status,
    ...(row.result !== null ? { result: row.result } : {}),
    createdAt: row.created_at.toISOString(),
  };
}

const toAdminCode = (row: BonusCodeRow, bonusName: string): AdminBonusCode => ({
  id: row.id,
  code: row.code,
  bonusId: row.bonus_id,
  bonusName,
  status: row.status,
  maxUses: row.max_uses,
  maxUsesPerPlayer: row.max_uses_per_player,
  uses: row.uses,
  availableFrom: row.available_from?.toISOString() ?? null,
  availableTo: row.available_to?.toISOString() ?? null,
  createdAt: row.created_at.toISOString(),
  updatedAt: row.updated_at.toISOString(),
});

export function createBonusCodes(deps: {
  repository: BonusCodesRepository;
  catalogue: Pick<BonusesRepository, 'findBonus' | 'issuedToPlayer'>;
  bonuses: Pick<Bonuses, 'giveIn' | 'knownCurrencies'>;
  accounts: CodeAccounts;
  events: RealtimeEvents;
  now?: () => Date;
}) {
  const { repository, catalogue, bonuses, events } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Whether the code may give its bonus to the player now, in `currency`: 'wait' when
   * only this deposit does not suit it (its currency or amount), so the code keeps waiting.
   */
  async function verdictOf(
    q: Kysely<Database>,
    input: {
      code: BonusCodeRow;
      bonus: CatalogueBonus | undefined;
      playerId: string;
      currency: Currency;
      allowed: readonly BonusTrigger[];
      deposit?: { amountMinor: bigint };
    },
  ): Promise<Verdict> {
    const { code, bonus, playerId, currency } = input;
    const at = now();
    if (code.status !== 1 || !inWindow(code.available_from, code.available_to, at)) return 'unavailable';
    if (code.max_uses !== null && code.uses >= code.max_uses) return 'unavailable';
    if (code.max_uses_per_player !== null) {
      if ((await repository.countPlayerUses(q, code.id, playerId)) >= code.max_uses_per_player) return 'unavailable';
    }
    if (!bonus || bonus.status !== 1 || !inWindow(bonus.availableFrom, bonus.availableTo, at)) return 'unavailable';
    if (!input.allowed.includes(bonus.trigger)) return 'unavailable';
    const limit = bonus.terms.perPlayerLimit;
    if (limit !== null && ((await catalogue.issuedToPlayer(q, playerId)).get(bonus.id) ?? 0) >= limit) {
      return 'unavailable';
    }
    if (!input.deposit) return offeredIn(bonus, currency) ? 'ok' : 'unavailable';
    return offeredIn(bonus, currency) && depositFits(bonus.terms, currency, input.deposit.amountMinor) ? 'ok' : 'wait';
  }

  /** Records a refused entry (3 incorrect, 4 not available) and tells the player's clients after the commit. */
  async function refuse(
    trx: Transaction<Database>,
    entry: { playerId: string; code: string; codeId: string | null; trigger: number; status: 3 | 4 },
  ): Promise<PlayerBonusCodeRow> {
    const row = await repository.insertEntry(trx, {
      player_id: entry.playerId,
      bonus_code_id: entry.codeId,
      code: entry.code,
      trigger: entry.trigger,
      status: entry.status,
      result: null,
    });
    publish(trx, row);
    return row;
  }

  function publish(trx: Transaction<Database>, row: PlayerBonusCodeRow): void {
    events.publishAfterCommit(trx, channels.bonusCodes(row.player_id), {
      event: 'player.bonus.code.updated',
      playerBonusCode: toBonusCode(row),
    });
  }

  /** The player's active account (opened when the player has none yet), read outside any transaction. */
  async function activeAccount(playerId: string): Promise<{ id: string; currency: string }> {
    const active = (await deps.accounts.listAccounts(playerId)).find((a) => a.status === 1);
    if (!active) throw new AppError('SERVICE_UNAVAILABLE', 'No account is available.');
    return { id: active.id, currency: active.currency };
  }

  /**
   * A code entered by the player: 1 applies it now, 3 keeps it for the next deposit,
   * 'sign-up' chooses (a bonus with deposit bounds waits for the first deposit).
   */
  async function enter(
    playerId: string,
    text: string,
    trigger: 1 | 3 | 'sign-up',
    allowed: readonly BonusTrigger[],
  ): Promise<BonusCode> {
    const account = await activeAccount(playerId);
    const currency = (await bonuses.knownCurrencies()).get(account.currency);
    const row = await events.transaction(async (trx) => {
      await repository.lockPlayer(trx, playerId);
      const since = new Date(now().getTime() - INCORRECT_CODES_WINDOW_MS);
      if ((await repository.countIncorrectSince(trx, playerId, since)) >= MAX_INCORRECT_CODES) {
        throw new AppError('ATTEMPT_LIMIT', 'Too many incorrect codes. Try again later.');
      }
      const code = await repository.lockCodeByText(trx, text);
      if (!code) {
        const asEntered = trigger === 'sign-up' ? BonusCodeTrigger.WALLET : trigger;
        return refuse(trx, { playerId, code: text, codeId: null, trigger: asEntered, status: 3 });
      }
      const bonus = await catalogue.findBonus(trx, code.bonus_id);
      const chosen = trigger !== 'sign-up' ? trigger : bonus && needsDeposit(bonus.terms) ? 3 : 1;
      const refused = { playerId, code: code.code, codeId: code.id, trigger: chosen, status: 4 as const };
      const verdict = currency ? await verdictOf(trx, { code, bonus, playerId, currency, allowed }) : 'unavailable';
      if (verdict !== 'ok' || !bonus || !currency) return refuse(trx, refused);

      if (chosen === BonusCodeTrigger.DEPOSIT) {
        const waiting = await repository.lockPending(trx, playerId);
        // The same code again: it is already waiting.
        if (waiting?.bonus_code_id === code.id) return waiting;
        // One waiting code per player: a newer one replaces it.
        if (waiting) await repository.updateEntry(trx, waiting.id, { result: BONUS_CODE_RESULT.removed });
        return repository.insertEntry(trx, {
          player_id: playerId,
          bonus_code_id: code.id,
          code: code.code,
          trigger: chosen,
          status: BonusCodeStatus.SUCCESS,
          result: BONUS_CODE_RESULT.pending,
        });
      }
      // A bonus given with a deposit only is not given by a wallet code.
      if (needsDeposit(bonus.terms)) return refuse(trx, refused);
      const id = randomUUID();
      const issued = await bonuses.giveIn(trx, {
        bonus,
        playerId,
        account,
        currency,
        source: `code:${id}`,
        autoActivate: false,
      });
      if (!issued) throw new Error(`bonus code entry ${id} issued its bonus before`);
      await repository.countUse(trx, code.id);
      return repository.insertEntry(trx, {
        id,
        player_id: playerId,
        bonus_code_id: code.id,
        code: code.code,
        trigger: chosen,
        status: BonusCodeStatus.SUCCESS,
        result: BONUS_CODE_RESULT.issued,
        ...givenColumns(issued),
      });
    });
    return toBonusCode(row);
  }

  /** The operator's input checked: the bonus exists and is one a code may give. */
  async function columnsOf(input: BonusCodeInput) {
    const bonus = await catalogue.findBonus(repository.db, input.bonusId);
    if (!bonus) throw AppError.validation({ bonusId: ['No such bonus.'] });
    if (!AT_SIGN_UP.includes(bonus.trigger)) {
      throw AppError.validation({ bonusId: ['A code gives a bonus with the trigger "code" or "registration".'] });
    }
    return {
      bonus,
      columns: {
        code: input.code,
        bonus_id: input.bonusId,
        status: input.status,
        max_uses: input.maxUses,
        max_uses_per_player: input.maxUsesPerPlayer,
        available_from: input.availableFrom ? new Date(input.availableFrom) : null,
        available_to: input.availableTo ? new Date(input.availableTo) : null,
      },
    };
  }

  const duplicate = (error: unknown) =>
    isUniqueViolation(error, 'bonus_codes_code') ? new AppError('CONFLICT', 'This code exists already.') : error;

  return {
    // --- the player's side ---
    enter: (playerId: string, text: string, trigger: 1 | 3) => enter(playerId, text, trigger, LATER),

    /** The code of a registration form (after the account's commit). */
    enterAtSignUp: (playerId: string, text: string) => enter(playerId, text, 'sign-up', AT_SIGN_UP),

    async list(playerId: string, trigger: number | undefined): Promise<BonusCode[]> {
      return (await repository.listInForce(playerId, trigger, LIST_LIMIT)).map(toBonusCode);
    },

    /** Removes the player's code waiting for a deposit; another player's id is not found. */
    async remove(playerId: string, id: string): Promise<BonusCode> {
      const row = await events.transaction(async (trx) => {
        await repository.lockPlayer(trx, playerId);
        const entry = UUID.test(id) ? await repository.lockEntry(trx, id.toLowerCase(), playerId) : undefined;
        if (!entry) throw AppError.notFound('No such bonus code.');
        if (entry.trigger === BonusCodeTrigger.DEPOSIT && entry.result === BONUS_CODE_RESULT.removed) return entry;
        if (entry.result !== BONUS_CODE_RESULT.pending) {
          throw new AppError('CONFLICT', 'Only a code waiting for a deposit can be removed.');
        }
        return repository.updateEntry(trx, entry.id, { result: BONUS_CODE_RESULT.removed });
      });
      return toBonusCode(row);
    },

    /**
     * A credited deposit that named no bonus (inside its transaction, the account locked):
     * the player's waiting code gives its bonus, activated unless another is active. A code
     * no longer available is marked so (status 4); a deposit that does not suit the bonus
     * (currency, amount bounds) leaves the code waiting.
     */
    async onDepositCredited(
      trx: Transaction<Database>,
      deposit: { invoiceId: string; playerId: string; accountId: string; currency: string; amountMinor: bigint },
    ): Promise<void> {
      await repository.lockPlayer(trx, deposit.playerId);
      const waiting = await repository.lockPending(trx, deposit.playerId);
      if (!waiting?.bonus_code_id) return;
      const code = await repository.lockCode(trx, waiting.bonus_code_id);
      const currency = (await bonuses.knownCurrencies()).get(deposit.currency);
      if (!code || !currency) return;
      const bonus = await catalogue.findBonus(trx, code.bonus_id);
      const verdict = await verdictOf(trx, {
        code,
        bonus,
        playerId: deposit.playerId,
        currency,
        allowed: AT_SIGN_UP,
        deposit,
      });
      if (verdict === 'wait') return;
      if (verdict === 'unavailable' || !bonus) {
        const row = await repository.updateEntry(trx, waiting.id, {
          status: BonusCodeStatus.NOT_AVAILABLE,
          result: null,
          invoice_id: deposit.invoiceId,
        });
        publish(trx, row);
        return;
      }
      const issued = await bonuses.giveIn(trx, {
        bonus,
        playerId: deposit.playerId,
        account: { id: deposit.accountId, currency: deposit.currency },
        currency,
        source: `code:${waiting.id}`,
        depositMinor: deposit.amountMinor,
        autoActivate: true,
      });
      if (!issued) throw new Error(`bonus code entry ${waiting.id} issued its bonus before`);
      await repository.countUse(trx, code.id);
      const row = await repository.updateEntry(trx, waiting.id, {
        result: BONUS_CODE_RESULT.issued,
        ...givenColumns(issued),
        invoice_id: deposit.invoiceId,
      });
      publish(trx, row);
    },

    // --- the operator's side ---
    async listAdmin(): Promise<AdminBonusCode[]> {
      return (await repository.listCodes()).map((row) => toAdminCode(row, row.bonus_name));
    },

    async create(input: BonusCodeInput): Promise<AdminBonusCode> {
      const { bonus, columns } = await columnsOf(input);
      const row = await repository.insertCode(columns).catch((error: unknown) => {
        throw duplicate(error);
      });
      return toAdminCode(row, bonus.name);
    },

    async update(id: string, input: BonusCodeInput): Promise<AdminBonusCode> {
      const { bonus, columns } = await columnsOf(input);
      const row = await repository
        .updateCode(id, (current) => {
          if (columns.max_uses !== null && columns.max_uses < current.uses) {
            throw AppError.validation({ maxUses: [`The code was used ${current.uses} times already.`] });
          }
          return columns;
        })
        .catch((error: unknown) => {
          throw duplicate(error);
        });
      if (!row) throw AppError.notFound('No such bonus code.');
      return toAdminCode(row, bonus.name);
    },
  };
}

export type BonusCodes = ReturnType<typeof createBonusCodes>;
