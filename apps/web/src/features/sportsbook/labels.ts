import { selectionTexts, type TextOf } from '@croupier/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Texts of a selection away from its event's page (the slip, my bets): the market, the
 * outcome and the event, by the rules the server's bet history names them with.
 */
export function useSelectionText() {
  const { t } = useTranslation('layout');
  return useMemo(() => {
    const text: TextOf = (key, values) => t(key, values);
    return selectionTexts(text);
  }, [t]);
}
