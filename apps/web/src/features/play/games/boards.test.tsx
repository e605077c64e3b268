import { FairRng, playPlinko, playSlotRound } from '@croupier/games';
import type { i18n } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { plinkoModule } from './plinko';
import { bucketCentre, plinkoGeometry } from './plinko/logic';
import { englishContent, makeRound, recordingContext, renderMarkup, untranslatedKeys } from './render.testutil';
import { placeChip } from './roulette/logic';
import { rouletteModule } from './roulette';
import { slotModule } from './slot';

// Boards rendered to markup (no DOM in the unit project): the idle state, a finished round
// with reduced motion (shown at once), the accessible names and the live summaries.
let content: i18n;
beforeAll(async () => {
  content = await englishContent();
});

const noop = () => undefined;

describe('plinko board', () => {
  it('draws the pegs and coloured buckets before the first round', () => {
    const markup = renderMarkup(
      content,
      <plinkoModule.Board
        params={{ rows: 8, risk: 'low' }}
        round={null}
        ctx={recordingContext(false)}
        onChange={noop}
        disabled={false}
        stake={1}
      />,
    );
    expect(markup.match(/plinko-board__peg/g)).toHaveLength(3 + 4 + 5 + 6 + 7 + 8 + 9 + 10);
    expect(markup.match(/plinko-board__bucket/g)).toHaveLength(9);
    expect(markup).toContain('aria-label="Plinko board: 8 rows, risk Low"');
    expect(markup).toContain('>5.6×<');
    expect(markup).not.toContain('plinko-board__ball');
    expect(untranslatedKeys(markup)).toEqual([]);
  });

  it('lights the bucket the ball landed in and announces it', () => {
    const outcome = playPlinko(new FairRng('b'.repeat(64), 'w2', 3), { rows: 12, risk: 'high' });
    const round = makeRound('plinko', { rows: 12, risk: 'high' }, { ...outcome }, { amount: 1, payout: 0 });
    const markup = renderMarkup(
      content,
      <plinkoModule.Board
        params={{ rows: 12, risk: 'high' }}
        round={round}
        ctx={recordingContext(true)}
        onChange={noop}
        disabled
        stake={1}
      />,
    );
    expect(markup.match(/is-hit/g)).toHaveLength(1);
    const hitX = /class="plinko-board__bucket is-hit"[^>]*><rect[^>]*><\/rect><text x="([\d.]+)"/.exec(markup)?.[1];
    expect(Number(hitX)).toBe(bucketCentre(plinkoGeometry(12), outcome.bucket).x);
    // Landed: the ball has gone into the lit bucket.
    expect(markup).not.toContain('plinko-board__ball');
    expect(markup).toMatch(/aria-live="polite">Ball landed in [\d.]+×</);
  });

  it('labels its controls', () => {
    const markup = renderMarkup(
      content,
      <plinkoModule.Controls
        params={{ rows: 16, risk: 'medium' }}
        onChange={noop}
        disabled={false}
        stake={1}
        formatAmount={String}
      />,
    );
    expect(markup).toContain('>Rows</label>');
    expect(markup).toContain('<legend>Risk</legend>');
    expect(markup.match(/<option/g)).toHaveLength(9);
    expect(markup).toContain('checked="" value="medium"');
  });
});

describe('roulette board', () => {
  it('lays out the table as buttons with their chips', () => {
    let params = placeChip(rouletteModule.initialParams, 'red', 2);
    params = placeChip(params, 'straight:17', 1);
    const markup = renderMarkup(
      content,
      <rouletteModule.Board
        params={params}
        round={null}
        ctx={recordingContext(false)}
        onChange={noop}
        disabled={false}
        stake={1}
      />,
    );
    expect(markup.match(/<button/g)).toHaveLength(49);
    // One cell takes Tab (roving focus); arrows move between the others.
    expect(markup.match(/tabindex="0"/g)).toHaveLength(1);
    expect(markup).toContain('aria-label="17 black, $1.00 placed"');
    expect(markup).toContain('aria-label="Red, $2.00 placed"');
    expect(markup).toContain('aria-label="2:1, column 1"');
    expect(markup.match(/roulette-table__chip/g)).toHaveLength(2);
    expect(markup).not.toContain('is-winning');
    expect(untranslatedKeys(markup)).toEqual([]);
  });

  it('shows the pocket and the winning spots once landed', () => {
    const params = placeChip(rouletteModule.initialParams, 'black', 1);
    const round = makeRound(
      'roulette',
      { bets: [{ type: 'black', amount: 1 }] },
      { pocket: 17, color: 'black' },
      { amount: 1, payout: 2 },
    );
    const markup = renderMarkup(
      content,
      <rouletteModule.Board
        params={params}
        round={round}
        ctx={recordingContext(true)}
        onChange={noop}
        disabled
        stake={1}
      />,
    );
    // 17, its column, its dozen, black, odd and low.
    expect(markup.match(/is-winning/g)).toHaveLength(6);
    expect(markup).toContain('aria-live="polite">Pocket 17 black. Win $2.00<');
    expect(markup).toContain('roulette-wheel__ball');
  });

  it('has undo, clear and repeat controls', () => {
    const markup = renderMarkup(
      content,
      <rouletteModule.Controls
        params={placeChip(rouletteModule.initialParams, 'odd', 1)}
        onChange={noop}
        disabled={false}
        stake={1}
        formatAmount={(major) => major.toFixed(2)}
      />,
    );
    expect(markup).toContain('>Undo</button>');
    expect(markup).toContain('>Clear</button>');
    expect(markup).toMatch(/disabled="">Repeat last<\/button>/);
    expect(untranslatedKeys(markup)).toEqual([]);
  });
});

describe('slot board', () => {
  const roundWhere = (match: (spins: number, payout: number) => boolean) => {
    const rng = new FairRng('c'.repeat(64), 'w2', 0);
    for (let nonce = 0; nonce < 20_000; nonce += 1) {
      const played = playSlotRound((n) => rng.reset(n), nonce);
      const lineWins = played.spins[0]!.lineWins.length;
      if (match(played.spins.length, lineWins)) return played;
    }
    throw new Error('no such round');
  };

  it('shows fifteen symbols before the first round', () => {
    const markup = renderMarkup(
      content,
      <slotModule.Board
        params={{}}
        round={null}
        ctx={recordingContext(false)}
        onChange={noop}
        disabled={false}
        stake={1}
      />,
    );
    expect(markup.match(/class="slot-cell"/g)).toHaveLength(15);
    expect(markup).toContain('20 paylines.');
    expect(untranslatedKeys(markup)).toEqual([]);
  });

  it('draws the winning lines and announces the win', () => {
    const played = roundWhere((spins, lineWins) => spins === 1 && lineWins >= 2);
    const payout = played.multiplierBp / 10_000;
    const round = makeRound('slot', { amount: 1 }, JSON.parse(JSON.stringify(played)) as Record<string, unknown>, {
      amount: 1,
      payout,
    });
    const markup = renderMarkup(
      content,
      <slotModule.Board params={{}} round={round} ctx={recordingContext(true)} onChange={noop} disabled stake={1} />,
    );
    const lines = played.spins[0]!.lineWins.length;
    expect(markup.match(/slot-lines__line/g)).toHaveLength(lines);
    expect(markup).toContain(`aria-live="polite">Win $${payout.toFixed(2)} on ${lines} lines<`);
    expect(markup).toMatch(/Line \d+: \d × \w+ pays \$/);
  });

  it('ends a free-spins round on its total', () => {
    const played = roundWhere((spins) => spins > 1);
    const free = played.spins.length - 1;
    const round = makeRound('slot', { amount: 1 }, JSON.parse(JSON.stringify(played)) as Record<string, unknown>, {
      amount: 1,
      payout: played.multiplierBp / 10_000,
    });
    const markup = renderMarkup(
      content,
      <slotModule.Board params={{}} round={round} ctx={recordingContext(true)} onChange={noop} disabled stake={1} />,
    );
    expect(markup).toContain(`Free spins ${free}/${free}`);
    expect(markup).toContain(`with ${free} free spins<`);
    expect(markup).toContain('data-mode="free"');
  });

  it('offers the paytable as a dialog from the controls', () => {
    const markup = renderMarkup(
      content,
      <slotModule.Controls params={{}} onChange={noop} disabled={false} stake={2} formatAmount={(m) => m.toFixed(2)} />,
    );
    expect(markup).toContain('>Paytable</button>');
    expect(markup).toMatch(/<dialog[^>]*aria-labelledby/);
    expect(markup).toContain('20 lines · 0.10 a line');
    // Crown, five in a row: 2,000 line bets of 0.10.
    expect(markup).toContain('<td>200.00</td>');
    expect(markup.match(/slot-paytable__line"/g)).toHaveLength(20);
    expect(untranslatedKeys(markup)).toEqual([]);
  });
});
