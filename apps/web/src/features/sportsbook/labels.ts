import type { SportsbookMarketType } from '@croupier/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLine, outcomeName } from './logic';

/** What names a selection away from its event's page (the slip, my bets): the market and the outcome. */
export interface SelectionRef {
  marketType: SportsbookMarketType;
  line: number | null;
  number: number | null;
  outcomeKey: string;
  home: string;
  away: string;
}

/**
 * Texts of a selection: the market ("Total 2.5", "Set winner · Set 2"; an Asian
 * handicap's line goes with its side) and the outcome ("Arsenal −0.25", "Over 2.5", "Draw").
 */
export function useSelectionText() {
  const { t } = useTranslation('layout');
  const market = useCallback(
    (ref: Pick<SelectionRef, 'marketType' | 'line' | 'number'>) => {
      const name = t(`pages.betting.marketTypes.${ref.marketType}`);
      if (ref.number !== null) {
        const unit = ref.marketType === 'set_winner' ? 'set' : 'map';
        return `${name} · ${t(`pages.betting.periods.${unit}`, { number: ref.number })}`;
      }
      if (ref.line !== null && ref.marketType !== 'asian_handicap') return `${name} ${formatLine(ref.line)}`;
      return name;
    },
    [t],
  );
  const outcome = useCallback(
    (ref: SelectionRef) => {
      const name = outcomeName(
        ref.outcomeKey,
        { type: ref.marketType, line: ref.line },
        { home: { id: '', name: ref.home }, away: { id: '', name: ref.away } },
      );
      if (name.kind === 'text') return name.text;
      const text = name.kind === 'name' ? name.name : t(`pages.betting.outcomes.${name.label}`);
      return name.line === undefined ? text : `${text} ${name.line}`;
    },
    [t],
  );
  const event = useCallback(
    (ref: Pick<SelectionRef, 'home' | 'away'>) => t('pages.betting.eventTitle', { home: ref.home, away: ref.away }),
    [t],
  );
  return { market, outcome, event };
}
