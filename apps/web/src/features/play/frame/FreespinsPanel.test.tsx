import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishContent, renderMarkup, untranslatedKeys } from '../games/render.testutil';
import { FreespinsPanel } from './FreespinsPanel';

// The slot frame's free-spins panel rendered to markup with the English content.
let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

const grant = {
  id: 'g1',
  name: '20 free spins on Fruit Fiesta',
  count: 20,
  usedCount: 6,
  remaining: 14,
  betAmount: 0.2,
  won: 1.4,
  expiresAt: null,
};
const formatAmount = (major: number) => `${major.toFixed(2)} USD`;
const noop = () => undefined;

describe('free spins panel', () => {
  it('shows what is left and won, the stake of each spin and a switch to play them', () => {
    const markup = renderMarkup(
      content,
      <FreespinsPanel
        grant={grant}
        more={1}
        using={false}
        onToggle={noop}
        notice={null}
        disabled={false}
        formatAmount={formatAmount}
      />,
    );
    expect(markup).toContain('20 free spins on Fruit Fiesta');
    expect(markup).toContain('Free spins: 14 of 20 left · won 1.40 USD');
    expect(markup).toContain('Each spin stakes 0.20 USD, not from your balance · 1 more waiting');
    expect(markup).toMatch(/<button[^>]*aria-pressed="false"[^>]*>Play free spins<\/button>/);
    expect(markup).toContain('aria-live="polite"');
    expect(untranslatedKeys(markup)).toEqual([]);
  });

  it('while playing them, switches back to paid spins; the switch is off during a round', () => {
    const markup = renderMarkup(
      content,
      <FreespinsPanel
        grant={grant}
        more={0}
        using
        onToggle={noop}
        notice={null}
        disabled
        formatAmount={formatAmount}
      />,
    );
    expect(markup).toContain('play-freespins--using');
    expect(markup).toMatch(/<button[^>]*aria-pressed="true"[^>]*disabled=""[^>]*>Play with my balance<\/button>/);
    expect(markup).not.toContain('more waiting');
  });

  it('says, once they end, that the winnings became a bonus to wager', () => {
    const active = renderMarkup(
      content,
      <FreespinsPanel
        grant={undefined}
        more={0}
        using={false}
        onToggle={noop}
        notice={{ kind: 'bonus', amount: 2.6, activated: true }}
        disabled={false}
        formatAmount={formatAmount}
      />,
    );
    expect(active).toContain('role="status"');
    expect(active).toContain('Your free spins are over: their winnings of 2.60 USD are now a bonus to wager');
    expect(active).not.toContain('<button');
    const nothing = renderMarkup(
      content,
      <FreespinsPanel
        grant={undefined}
        more={0}
        using={false}
        onToggle={noop}
        notice={{ kind: 'nothing' }}
        disabled={false}
        formatAmount={formatAmount}
      />,
    );
    expect(nothing).toContain('They won nothing this time.');
    expect(untranslatedKeys(active + nothing)).toEqual([]);
  });

  it('renders nothing without free spins', () => {
    const markup = renderMarkup(
      content,
      <FreespinsPanel
        grant={undefined}
        more={0}
        using={false}
        onToggle={noop}
        notice={null}
        disabled={false}
        formatAmount={formatAmount}
      />,
    );
    expect(markup).toBe('');
  });
});
