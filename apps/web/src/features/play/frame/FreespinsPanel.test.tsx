import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishContent, renderMarkup, untranslatedKeys } from '../games/render.testutil';
import { formatDateTime } from '../../../lib/format';
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
        grants={[grant]}
        grant={grant}
        onChoose={noop}
        using={false}
        onToggle={noop}
        notice={null}
        disabled={false}
        formatAmount={formatAmount}
      />,
    );
    expect(markup).toContain('20 free spins on Fruit Fiesta');
    expect(markup).toContain('Free spins: 14 of 20 left · won 1.40 USD');
    expect(markup).toContain('Each spin stakes 0.20 USD, not from your balance · No time limit');
    // One grant: nothing to choose.
    expect(markup).not.toContain('type="radio"');
    expect(markup).toMatch(/<button[^>]*aria-pressed="false"[^>]*>Play free spins<\/button>/);
    expect(markup).toContain('aria-live="polite"');
    expect(untranslatedKeys(markup)).toEqual([]);
  });

  it('while playing them, switches back to paid spins; the switch is off during a round', () => {
    const markup = renderMarkup(
      content,
      <FreespinsPanel
        grants={[grant]}
        grant={grant}
        onChoose={noop}
        using
        onToggle={noop}
        notice={null}
        disabled
        formatAmount={formatAmount}
      />,
    );
    expect(markup).toContain('play-freespins--using');
    expect(markup).toMatch(/<button[^>]*aria-pressed="true"[^>]*disabled=""[^>]*>Play with my balance<\/button>/);
    expect(markup).not.toContain('<fieldset');
  });

  it('with several grants, offers each as a choice: spins left of total, bet value, deadline', () => {
    const second = {
      ...grant,
      id: 'g2',
      name: '10 free spins on Fruit Fiesta',
      count: 10,
      usedCount: 0,
      remaining: 10,
      betAmount: 0.5,
      won: 0,
      expiresAt: '2026-12-03T10:00:00.000Z',
    };
    const markup = renderMarkup(
      content,
      <FreespinsPanel
        grants={[grant, second]}
        grant={second}
        onChoose={noop}
        using
        onToggle={noop}
        notice={null}
        disabled={false}
        formatAmount={formatAmount}
      />,
    );
    // The heading names the section; each grant is named in its choice.
    expect(markup).toMatch(/<h2[^>]*>Free spins<\/h2>/);
    expect(markup).toContain('<legend class="play-freespins__legend">Choose which free spins to play</legend>');
    const radios = markup.match(/<input[^>]*type="radio"[^>]*>/g) ?? [];
    expect(radios).toHaveLength(2);
    expect(radios[0]).not.toContain('checked');
    expect(radios[1]).toContain('checked=""');
    expect(new Set(radios.map((radio) => radio.match(/name="([^"]+)"/)?.[1])).size).toBe(1);
    const date = formatDateTime(second.expiresAt, 'en') ?? '';
    expect(markup).toContain('14 of 20 left · 0.20 USD a spin · No time limit');
    expect(markup).toContain(`10 of 10 left · 0.50 USD a spin · Play by ${date}`);
    // The chosen grant's status and stake.
    expect(markup).toContain('Free spins: 10 of 10 left · won 0.00 USD');
    expect(markup).toContain('Each spin stakes 0.50 USD, not from your balance');
    expect(markup).toMatch(/play-freespins__choice play-freespins__choice--chosen" data-freespin-id="g2"/);
    expect(untranslatedKeys(markup)).toEqual([]);

    // Fixed while a round runs.
    const running = renderMarkup(
      content,
      <FreespinsPanel
        grants={[grant, second]}
        grant={grant}
        onChoose={noop}
        using
        onToggle={noop}
        notice={null}
        disabled
        formatAmount={formatAmount}
      />,
    );
    expect(running).toMatch(/<fieldset[^>]*disabled=""/);
  });

  it('says, once they end, that the winnings became a bonus to wager', () => {
    const active = renderMarkup(
      content,
      <FreespinsPanel
        grants={[]}
        grant={undefined}
        onChoose={noop}
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
        grants={[]}
        grant={undefined}
        onChoose={noop}
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
        grants={[]}
        grant={undefined}
        onChoose={noop}
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
