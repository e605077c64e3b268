import { isValidOddsMilli, type OddsMilli } from '@croupier/contract';
import { FACTOR_DENOMINATOR, factorNumerator, SettlementInputError } from './resolution';
import type { SettlingLeg } from './tickets';

export interface CashOutLeg extends SettlingLeg {
  /** The price now, for a pending leg; null when the market is off the board. */
  currentOddsMilli: OddsMilli | null;
  suspended: boolean;
}

export interface CashOutTerms {
  /** The house margin in basis points: 500 takes 5% off the fair value. */
  marginBp: bigint;
  /** Below this no offer is made. */
  minPriceMinor: bigint;
}

const BP = 10_000n;

/**
 * The cash-out offer for an open ticket, or null when there is none (a leg lost, a pending
 * leg suspended or unpriced, nothing left pending, or the price under the minimum).
 *
 *   price = ⌊ stake × Π taken odds (pending) × Π factors (settled) / Π current odds (pending) × (1 − margin) ⌋
 *
 * i.e. the ticket's potential return weighted by the market's current chance that the
 * pending legs win, less the margin, rounded down once.
 */
export function cashOutPriceMinor(stakeMinor: bigint, legs: readonly CashOutLeg[], terms: CashOutTerms) {
  if (terms.marginBp < 0n || terms.marginBp >= BP) throw new SettlementInputError('margin must be in [0, 10000) bp');
  if (stakeMinor <= 0n) throw new SettlementInputError('the stake must be positive');
  let numerator = stakeMinor * (BP - terms.marginBp);
  let denominator = BP;
  let pending = 0;
  for (const leg of legs) {
    if (leg.resolution === 'lost') return null;
    if (leg.resolution === 'pending') {
      if (leg.suspended || leg.currentOddsMilli === null || !isValidOddsMilli(leg.currentOddsMilli)) return null;
      pending += 1;
      numerator *= leg.oddsMilli;
      denominator *= leg.currentOddsMilli;
    } else {
      numerator *= factorNumerator(leg.resolution, leg.oddsMilli);
      denominator *= FACTOR_DENOMINATOR;
    }
  }
  // With nothing pending the ticket is settled, not cashed out.
  if (pending === 0) return null;
  const priceMinor = numerator / denominator;
  return priceMinor >= terms.minPriceMinor && priceMinor > 0n ? priceMinor : null;
}

export type CashOutDecision =
  | { accepted: true; amountMinor: bigint }
  | { accepted: false; reason: 'NO_OFFER' | 'PRICE_DROPPED'; currentPriceMinor: bigint | null };

/**
 * The player asks to cash out at the price they saw. Accepted when the offer now is at
 * least that price, paying the offer now (never less than what they saw, more if it rose);
 * refused when it fell or there is no offer any more.
 */
export function decideCashOut(requestedMinor: bigint, currentPriceMinor: bigint | null): CashOutDecision {
  if (currentPriceMinor === null) return { accepted: false, reason: 'NO_OFFER', currentPriceMinor };
  if (currentPriceMinor < requestedMinor) return { accepted: false, reason: 'PRICE_DROPPED', currentPriceMinor };
  return { accepted: true, amountMinor: currentPriceMinor };
}
