import { minorToMajor, type Currency, type PlayerBonus } from '@croupier/contract';
import type { PlayerBonusRow } from './repository';
import type { BetConditions } from './terms';

/** Wagering progress in percent, two decimals: each side with a requirement counts its share. */
export function wagerPercentage(row: {
  required_casino_minor: bigint;
  required_sportsbook_minor: bigint;
  wagered_casino_minor: bigint;
  wagered_sportsbook_minor: bigint;
}): number {
  let share = 0;
  let sides = 0;
  if (row.required_casino_minor > 0n) {
    sides += 1;
    share += Number((row.wagered_casino_minor * 10_000n) / row.required_casino_minor) / 10_000;
  }
  if (row.required_sportsbook_minor > 0n) {
    sides += 1;
    share += Number((row.wagered_sportsbook_minor * 10_000n) / row.required_sportsbook_minor) / 10_000;
  }
  if (sides === 0) return 100;
  return Math.min(100, Math.floor(share * 10_000) / 100);
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** A player bonus row in the API's shape (major units of its currency). */
export function toPlayerBonus(row: PlayerBonusRow, currency: Currency, openBets = 0): PlayerBonus {
  const major = (minor: bigint) => minorToMajor(minor, currency.subunitToUnit);
  const remaining = (required: bigint, wagered: bigint) => (required > wagered ? required - wagered : 0n);
  // What counts toward the requirement: the bet that meets it may pass it, the card still reads "20 of 20".
  const toward = (required: bigint, wagered: bigint) => (required > 0n && wagered > required ? required : wagered);
  const casino = toward(row.required_casino_minor, row.wagered_casino_minor);
  const sportsbook = toward(row.required_sportsbook_minor, row.wagered_sportsbook_minor);
  const conditions = row.conditions as Partial<BetConditions> & {
    maxWinMultiplier?: number | null;
    sticky?: boolean | null;
    cashable?: boolean;
  };
  const betRange = {
    amountItems:
      row.min_bet_minor !== null || row.max_bet_minor !== null
        ? [
            {
              currency: row.currency,
              amountFrom: row.min_bet_minor !== null ? major(row.min_bet_minor) : null,
              amountTo: row.max_bet_minor !== null ? major(row.max_bet_minor) : null,
            },
          ]
        : [],
    baseCurrencyAmountFrom: null,
    baseCurrencyAmountTo: null,
  };
  return {
    id: row.id,
    playerId: row.player_id,
    name: row.name,
    bonusType: row.bonus_type,
    status: row.status,
    result: row.result,
    amount: major(row.amount_minor),
    currency: row.currency,
    wagerCasino: Number(row.wager_casino),
    wagerSportsbook: Number(row.wager_sportsbook),
    currentWagerPercentage: wagerPercentage(row),
    currentWagerAmount: major(casino + sportsbook),
    currentWagerCasinoAmount: major(casino),
    currentWagerSportsbookAmount: major(sportsbook),
    requiredWagerCasinoAmount: major(remaining(row.required_casino_minor, row.wagered_casino_minor)),
    requiredWagerSportsbookAmount: major(remaining(row.required_sportsbook_minor, row.wagered_sportsbook_minor)),
    openedTransactionsCount: openBets,
    isBonusCancelLock: row.is_cancel_lock,
    maxBetAmount: row.max_bet_minor !== null ? major(row.max_bet_minor) : null,
    activationExpiredAt: iso(row.activation_expires_at),
    wageringExpiredAt: iso(row.wagering_expires_at),
    createdAt: row.created_at.toISOString(),
    finishedAt: iso(row.finished_at),
    packageId: row.package_id,
    packagePriority: row.package_priority,
    issueSessionId: row.issue_session_id,
    wagerCasinoConditions: {
      ...betRange,
      gameIds: conditions.gameIds ?? [],
      gameIdsExcluded: conditions.gameIdsExcluded ?? false,
      providerIds: conditions.providerIds ?? [],
      providerIdsExcluded: conditions.providerIdsExcluded ?? false,
      categoryContributions: conditions.categoryContributions ?? [],
    },
    wagerSportsbookConditions: betRange,
    maxWinMultiplier: conditions.maxWinMultiplier ?? null,
    maxWinAmount: row.max_win_minor !== null ? major(row.max_win_minor) : null,
    sticky: conditions.sticky ?? null,
    cashable: conditions.cashable ?? true,
  };
}
