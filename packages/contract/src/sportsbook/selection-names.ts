import { z } from 'zod';
import type { TextOf } from '../content/text';
import { sportsbookMarketTypeSchema, type SportsbookMarketType } from './schemas';

/**
 * What names a selection away from its event's page (the bet slip, my bets, the bet
 * history): the market with its line or period, the outcome's key and the two sides.
 */
export const selectionRefSchema = z.object({
  marketType: sportsbookMarketTypeSchema,
  line: z.number().nullable(),
  number: z.number().int().nullable(),
  outcomeKey: z.string(),
  home: z.string(),
  away: z.string(),
});
export type SelectionRef = z.infer<typeof selectionRefSchema>;

/** Outcome keys named by a content text under `pages.betting.outcomes`. */
const LABELLED_OUTCOMES: ReadonlySet<string> = new Set([
  'draw',
  'over',
  'under',
  'yes',
  'no',
  'home_or_draw',
  'home_or_away',
  'draw_or_away',
]);

/** A line as shown: "2.5"; with `signed`, "+0.75", "−0.25" (minus sign) and "0". */
export function formatLine(line: number, signed = false): string {
  const text = String(Math.abs(line));
  if (!signed || line === 0) return line < 0 ? `−${text}` : text;
  return line > 0 ? `+${text}` : `−${text}`;
}

/**
 * How an outcome is named: a competitor (`name`), a content key under
 * `pages.betting.outcomes` with the market's line (`label`), or the key itself (a correct score).
 */
export type OutcomeName =
  | { kind: 'name'; name: string; line?: string }
  | { kind: 'label'; label: string; line?: string }
  | { kind: 'text'; text: string };

export function outcomeName(
  outcomeKey: string,
  market: { type: SportsbookMarketType; line: number | null },
  sides: { home: string; away: string },
): OutcomeName {
  const handicap = market.type === 'asian_handicap' && market.line !== null;
  if (outcomeKey === 'home' || outcomeKey === 'away') {
    const name = outcomeKey === 'home' ? sides.home : sides.away;
    if (!handicap || market.line === null) return { kind: 'name', name };
    // The line is the home side's; the away side takes its negation.
    return { kind: 'name', name, line: formatLine(outcomeKey === 'home' ? market.line : -market.line, true) };
  }
  if (LABELLED_OUTCOMES.has(outcomeKey)) {
    const line =
      (outcomeKey === 'over' || outcomeKey === 'under') && market.line !== null ? formatLine(market.line) : undefined;
    return line === undefined ? { kind: 'label', label: outcomeKey } : { kind: 'label', label: outcomeKey, line };
  }
  return { kind: 'text', text: outcomeKey };
}

/** An outcome's name in words (a competitor, a translated label, or a correct score as it is). */
export function outcomeText(name: OutcomeName, text: TextOf): string {
  if (name.kind === 'text') return name.text;
  const words = name.kind === 'name' ? name.name : text(`pages.betting.outcomes.${name.label}`);
  return name.line === undefined ? words : `${words} ${name.line}`;
}

/**
 * A selection's texts: the market ("Total 2.5", "Set winner · Set 2"; an Asian handicap's
 * line goes with its side), the outcome ("Arsenal −0.25", "Over 2.5", "Draw") and the event.
 */
export function selectionTexts(text: TextOf): {
  market: (ref: Pick<SelectionRef, 'marketType' | 'line' | 'number'>) => string;
  outcome: (ref: SelectionRef) => string;
  event: (ref: Pick<SelectionRef, 'home' | 'away'>) => string;
} {
  return {
    market(ref) {
      const name = text(`pages.betting.marketTypes.${ref.marketType}`);
      if (ref.number !== null) {
        const unit = ref.marketType === 'set_winner' ? 'set' : 'map';
        return `${name} · ${text(`pages.betting.periods.${unit}`, { number: ref.number })}`;
      }
      if (ref.line !== null && ref.marketType !== 'asian_handicap') return `${name} ${formatLine(ref.line)}`;
      return name;
    },
    outcome: (ref) => outcomeText(outcomeName(ref.outcomeKey, { type: ref.marketType, line: ref.line }, ref), text),
    event: (ref) => text('pages.betting.eventTitle', { home: ref.home, away: ref.away }),
  };
}
