import { majorToMinor, minorToMajor, type Currency, type PlayerFreespinDetail } from '@croupier/contract';
import type { PlayerFreespinRow } from './freespins-repository';
import type { BonusTerms, CatalogueBonus } from './terms';

/**
 * The rules of free spins that need no database (docs/bonuses.md, "Free spins"): the bet
 * value of a grant, its deadline once active, its progress, the bonus its winnings become,
 * and the API's shape.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** The stake of one spin in `currency` (minor units), from the terms' bet values; undefined when none is set there. */
export function betValueMinor(terms: BonusTerms, currency: Currency): bigint | undefined {
  const value = terms.freespins?.betValues.find((v) => v.currency === currency.code);
  // Checked against the currency's precision when the terms were written.
  const parsed = value ? majorToMinor(value.amount, currency.subunitToUnit) : undefined;
  return parsed?.ok ? parsed.amountMinor : undefined;
}

/**
 * When an active grant's spins lapse: the terms' duration in minutes from activation, else
 * their days to wager, else never (null).
 */
export function spinsDeadline(terms: BonusTerms, activatedAt: Date): Date | null {
  const minutes = terms.freespins?.durationMinutes ?? null;
  if (minutes !== null) return new Date(activatedAt.getTime() + minutes * MINUTE_MS);
  if (terms.wageringDays !== null) return new Date(activatedAt.getTime() + terms.wageringDays * DAY_MS);
  return null;
}

/** Spins used in percent of the grant, two decimals, rounded down (100 only when all are used). */
export function spinsProgress(usedCount: number, count: number): number {
  if (count <= 0) return 0;
  return Math.floor((usedCount * 10_000) / count) / 100;
}

/** The catalogue bonus's terms as the grant was given them. */
export const grantTerms = (row: PlayerFreespinRow): BonusTerms =>
  // Written by the grant's issue from the catalogue bonus's checked terms.
  row.terms as unknown as BonusTerms;

/**
 * The catalogue bonus a grant's winnings are issued from: a cash bonus of the free-spins
 * bonus, with the terms the grant was given with (its wager, bet bounds and max win), so an
 * edit of the catalogue meanwhile changes nothing for the player.
 */
export function winningsBonusOf(row: PlayerFreespinRow): CatalogueBonus {
  return {
    id: row.bonus_id,
    name: row.name,
    type: 1,
    status: 1,
    trigger: 'manual',
    packageId: row.package_id,
    packageName: null,
    packagePriority: row.package_priority,
    availableFrom: null,
    availableTo: null,
    terms: grantTerms(row),
    createdAt: row.created_at,
    updatedAt: row.created_at,
  };
}

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/** A grant in the API's shape (amounts in major units of its currency). */
export function toPlayerFreespin(row: PlayerFreespinRow, currency: Currency): PlayerFreespinDetail {
  const major = (minor: bigint) => minorToMajor(minor, currency.subunitToUnit);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    result: row.result,
    count: row.count,
    usedCount: row.used_count,
    progress: spinsProgress(row.used_count, row.count),
    gameId: row.game_identity,
    currency: row.currency,
    providerId: row.provider,
    activationExpiredAt: iso(row.activation_expires_at),
    wageringExpiredAt: iso(row.expires_at),
    expiredAt: iso(row.expires_at),
    issuedAt: row.created_at.toISOString(),
    createdAt: row.created_at.toISOString(),
    packageId: row.package_id,
    packagePriority: row.package_priority,
    issueSessionId: row.issue_session_id,
    betAmount: major(row.bet_value_minor),
    wonAmount: major(row.won_minor),
    winningsBonusId: row.winnings_bonus_id,
  };
}
