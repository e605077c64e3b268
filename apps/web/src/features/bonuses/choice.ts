import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { realtimeKeys } from '../../lib/query-keys';
import { useCurrencies } from '../settings';
import { useDepositBonuses } from './api';
import {
  AUTO_CHOICE,
  choiceAfterAmountChange,
  depositBonusFields,
  fitTest,
  offerCards,
  withOffers,
  selectedOffer,
  type BonusChoice,
  type FitTest,
  type OfferCard,
} from './logic';

/** The deposit form's bonus choice: the offers, which one the deposit names, and the player's moves. */
export interface DepositBonusChoice {
  currencyCode: string;
  /** The deposit's amount in major units (null: not a valid amount yet; always null for crypto). */
  amountMajor: number | null;
  crypto: boolean;
  cards: readonly OfferCard[];
  fits: FitTest;
  /** The bonus the deposit names; null means no bonus (declined). */
  selectedId: string | null;
  /** Whether the player declined explicitly. */
  declined: boolean;
  status: 'loading' | 'error' | 'ready';
  /** The server refused the chosen bonus for this deposit (its message), until the player chooses again. */
  refusal: string | null;
  choose: (id: string) => void;
  decline: () => void;
  retry: () => void;
  /** The server refused the bonus (422 on `bonusId`): say so, reload the offers and pick again. */
  refuse: (message: string) => void;
  /** The deposit request's `bonusId` and `isBonusDecline`. */
  fields: { bonusId: string | null; isBonusDecline: boolean };
}

/**
 * The rules of the deposit form's bonus choice (logic.ts). Every offer of the active
 * account's currency is shown; the offers for the amount (the server's answer, asked 500 ms
 * after the amount or currency last changed) are the ones that may be chosen, together with
 * each bonus's deposit bounds, which apply at once while the answer is on its way. The
 * default is the first offer fitting the amount (for crypto the first offer); a choice the
 * amount no longer fits gives way to the first that does, or to none; a decline stays.
 */
export function useDepositBonusChoice(input: {
  currencyCode: string;
  amountMajor: number | null;
  crypto: boolean;
}): DepositBonusChoice {
  const { currencyCode, crypto } = input;
  const amountMajor = crypto ? null : input.amountMajor;
  const queryClient = useQueryClient();
  const currency = useCurrencies().data?.find((item) => item.code === currencyCode);
  const offers = useDepositBonuses(currencyCode, null);
  const forAmount = useDepositBonuses(currencyCode, amountMajor);
  const cards = useMemo(() => offerCards(offers.query.data ?? []), [offers.query.data]);
  // The server's word for this very amount, once it has answered for it.
  const answered =
    amountMajor !== null && forAmount.amount === amountMajor && forAmount.currency === currencyCode
      ? forAmount.query.data
      : undefined;
  const fits = useMemo(
    () => withOffers(fitTest(amountMajor, currency, crypto), answered),
    [amountMajor, currency, crypto, answered],
  );
  const [choice, setChoice] = useState<BonusChoice>(AUTO_CHOICE);
  const [refusal, setRefusal] = useState<string | null>(null);

  // A new amount re-checks the chosen bonus in the same render (no effect, no flash of a stale choice).
  const [checkedAmount, setCheckedAmount] = useState(amountMajor);
  let current = choice;
  if (checkedAmount !== amountMajor) {
    current = choiceAfterAmountChange(choice, cards, fits);
    setCheckedAmount(amountMajor);
    if (current !== choice) setChoice(current);
  }

  const selectedId = selectedOffer(current, cards, fits);
  const choose = useCallback((id: string) => {
    setChoice({ kind: 'bonus', id });
    setRefusal(null);
  }, []);
  const decline = useCallback(() => {
    setChoice({ kind: 'declined' });
    setRefusal(null);
  }, []);
  const { refetch } = offers.query;
  const retry = useCallback(() => void refetch(), [refetch]);
  const refuse = useCallback(
    (message: string) => {
      setRefusal(message);
      setChoice(AUTO_CHOICE);
      void queryClient.invalidateQueries({ queryKey: realtimeKeys.depositBonuses });
    },
    [queryClient],
  );

  return {
    currencyCode,
    amountMajor,
    crypto,
    cards,
    fits,
    selectedId,
    declined: current.kind === 'declined',
    status: offers.query.isError && !offers.query.data ? 'error' : offers.query.isPending ? 'loading' : 'ready',
    refusal,
    choose,
    decline,
    retry,
    refuse,
    fields: depositBonusFields(selectedId),
  };
}
