import { describe, expect, it } from 'vitest';
import {
  acceptOddsChanges,
  applyEventRemoved,
  applyEventUpdate,
  comboAllowed,
  comboOddsMilli,
  effectiveMode,
  EMPTY_SLIP,
  MAX_SELECTIONS,
  parseOddsPolicy,
  parseStoredSlip,
  placementFingerprint,
  potentialPayout,
  selectionOf,
  serializeSlip,
  stakeError,
  summarize,
  toggleSelection,
  type SlipState,
} from './slip';
import { eventDetailOf, eventOf, marketOf } from './sportsbook.testutil';

const arsenal = eventOf();
const live = eventOf({
  id: 'e2',
  status: 'live',
  home: { id: 'h2', name: 'Lyon' },
  away: { id: 'a2', name: 'Nice' },
  mainMarket: marketOf({
    id: 'm2',
    outcomes: [
      { id: 'o21', key: 'home', oddsMilli: 2000, active: true },
      { id: 'o22', key: 'draw', oddsMilli: 3000, active: true },
      { id: 'o23', key: 'away', oddsMilli: 4000, active: true },
    ],
  }),
});
const market1 = marketOf();
const market2 = live.mainMarket!;
const home1 = selectionOf(arsenal, market1, market1.outcomes[0]!); // 1.85
const draw1 = selectionOf(arsenal, market1, market1.outcomes[1]!); // 3.40
const home2 = selectionOf(live, market2, market2.outcomes[0]!); // 2.00

const slipOf = (...selections: (typeof home1)[]): SlipState =>
  selections.reduce((state, selection) => toggleSelection(state, selection), EMPTY_SLIP);
/** Stakes typed as major units. */
const stakeOf = (text: string) => (/\d/.test(text) ? Number(text) : null);
const limits = { minStake: 0.5, maxStake: 500, balance: 100 };

describe('adding and removing selections', () => {
  it('keeps what names and prices the selection, live or not', () => {
    expect(home1).toMatchObject({
      outcomeId: 'o1',
      eventId: 'e1',
      marketType: 'match_result',
      oddsMilli: 1850,
      liveOddsMilli: 1850,
      suspended: false,
      live: false,
    });
    expect(home2.live).toBe(true);
    expect(selectionOf(arsenal, { ...market1, status: 'suspended' }, market1.outcomes[0]!).suspended).toBe(true);
  });

  it('toggles: a second click removes the selection and its stake', () => {
    const added = { ...toggleSelection(EMPTY_SLIP, home1), stakes: { o1: '5' } };
    expect(added.selections.map((item) => item.outcomeId)).toEqual(['o1']);
    const removed = toggleSelection(added, home1);
    expect(removed.selections).toEqual([]);
    expect(removed.stakes).toEqual({});
  });

  it('takes no more than the most an accumulator can hold', () => {
    let state = EMPTY_SLIP;
    for (let index = 0; index < MAX_SELECTIONS + 2; index += 1) {
      state = toggleSelection(state, { ...home1, outcomeId: `x${index}`, eventId: `e${index}` });
    }
    expect(state.selections).toHaveLength(MAX_SELECTIONS);
  });
});

describe('the accumulator', () => {
  it('multiplies the odds, rounded down to a thousandth', () => {
    expect(comboOddsMilli([home1, home2])).toBe(3700);
    expect(comboOddsMilli([{ oddsMilli: 1333 }, { oddsMilli: 1333 }, { oddsMilli: 1333 }])).toBe(2368);
    expect(comboOddsMilli([])).toBeNull();
  });

  it('needs two selections on different events, else the slip stays on singles', () => {
    expect(comboAllowed([home1])).toBe(false);
    expect(comboAllowed([home1, home2])).toBe(true);
    expect(comboAllowed([home1, draw1])).toBe(false);
    expect(effectiveMode({ ...slipOf(home1, draw1), mode: 'combo' })).toBe('singles');
    expect(effectiveMode({ ...slipOf(home1, home2), mode: 'combo' })).toBe('combo');
  });
});

describe('payouts and stakes', () => {
  it('pays stake × odds, exact and rounded down once to the minor unit', () => {
    expect(potentialPayout(10, [1850], 2)).toBe(18.5);
    // 1.333³ on 10.00 pays 23.68 (docs/sportsbook.md, "Rounding").
    expect(potentialPayout(10, [1333, 1333, 1333], 2)).toBe(23.68);
    expect(potentialPayout(0.001, [1850], 8)).toBe(0.00185);
    expect(potentialPayout(0, [1850], 2)).toBe(0);
  });

  it('checks a stake against the session limits', () => {
    expect(stakeError(null, limits)).toBe('required');
    expect(stakeError(0, limits)).toBe('required');
    expect(stakeError(0.4, limits)).toBe('belowMin');
    expect(stakeError(501, limits)).toBe('aboveMax');
    expect(stakeError(500, limits)).toBeNull();
    expect(stakeError(1000, undefined)).toBeNull();
  });

  it('sends each single as its own ticket, with totals', () => {
    const state = { ...slipOf(home1, home2), stakes: { o1: '10', o21: '5' } };
    const summary = summarize(state, 'higher', stakeOf, limits, 2);
    expect(summary.mode).toBe('singles');
    expect(summary.placements).toEqual([
      {
        outcomeIds: ['o1'],
        body: { stake: 10, selections: [{ outcomeId: 'o1', oddsMilli: 1850 }], oddsPolicy: 'higher' },
      },
      {
        outcomeIds: ['o21'],
        body: { stake: 5, selections: [{ outcomeId: 'o21', oddsMilli: 2000 }], oddsPolicy: 'higher' },
      },
    ]);
    expect(summary.totalStake).toBe(15);
    expect(summary.totalPayout).toBe(28.5);
    expect(summary.ready).toBe(true);
  });

  it('sends the accumulator as one ticket of every selection', () => {
    const state: SlipState = { ...slipOf(home1, home2), mode: 'combo', comboStake: '10' };
    const summary = summarize(state, 'none', stakeOf, limits, 2);
    expect(summary.placements).toHaveLength(1);
    expect(summary.placements[0]?.body).toEqual({
      stake: 10,
      selections: [
        { outcomeId: 'o1', oddsMilli: 1850 },
        { outcomeId: 'o21', oddsMilli: 2000 },
      ],
      oddsPolicy: 'none',
    });
    expect(summary.totalPayout).toBe(37);
  });

  it('is not ready with a missing stake, a total above the balance or a suspended selection', () => {
    const missing = summarize({ ...slipOf(home1, home2), stakes: { o1: '10' } }, 'any', stakeOf, limits, 2);
    expect(missing.errors).toEqual({ o21: 'required' });
    expect(missing.ready).toBe(false);
    const tooMuch = summarize({ ...slipOf(home1, home2), stakes: { o1: '60', o21: '50' } }, 'any', stakeOf, limits, 2);
    expect(tooMuch.aboveBalance).toBe(true);
    expect(tooMuch.ready).toBe(false);
    const suspended = summarize(
      { ...slipOf({ ...home1, suspended: true }), stakes: { o1: '1' } },
      'any',
      stakeOf,
      limits,
      2,
    );
    expect(suspended.suspended).toBe(true);
    expect(suspended.ready).toBe(false);
  });

  it('names the same unchanged ticket the same way, and a changed one differently', () => {
    const body = { stake: 10, selections: [{ outcomeId: 'o1', oddsMilli: 1850 }], oddsPolicy: 'any' as const };
    expect(placementFingerprint(body)).toBe(placementFingerprint({ ...body }));
    expect(placementFingerprint(body)).not.toBe(
      placementFingerprint({ ...body, selections: [{ outcomeId: 'o1', oddsMilli: 1900 }] }),
    );
    expect(placementFingerprint(body)).not.toBe(placementFingerprint({ ...body, stake: 11 }));
  });
});

describe('live prices', () => {
  it('follows a detail update: new price kept apart until accepted, a vanished market suspended', () => {
    const state = slipOf(home1, draw1, home2);
    const moved = marketOf({
      outcomes: [
        { id: 'o1', key: 'home', oddsMilli: 1900, active: true },
        { id: 'o2', key: 'draw', oddsMilli: 3400, active: false },
        { id: 'o3', key: 'away', oddsMilli: 4500, active: true },
      ],
    });
    const next = applyEventUpdate(state, eventDetailOf([moved], { status: 'live' }));
    expect(next.selections[0]).toMatchObject({ oddsMilli: 1850, liveOddsMilli: 1900, live: true, suspended: false });
    expect(next.selections[1]).toMatchObject({ suspended: true });
    expect(next.selections[2]).toBe(state.selections[2]);
    const accepted = acceptOddsChanges(next);
    expect(accepted.selections[0]).toMatchObject({ oddsMilli: 1900, liveOddsMilli: 1900 });
    expect(applyEventUpdate(state, eventDetailOf([]))).toMatchObject({
      selections: [{ suspended: true }, { suspended: true }, { suspended: false }],
    });
  });

  it('follows the list: only the main market is known, the others keep their state', () => {
    const state = slipOf(home1);
    const summary = eventOf({ mainMarket: marketOf({ status: 'suspended' }) });
    expect(applyEventUpdate(state, summary).selections[0]?.suspended).toBe(true);
    expect(applyEventUpdate(state, eventOf({ mainMarket: null })).selections[0]?.suspended).toBe(false);
    expect(applyEventUpdate(state, eventOf())).toBe(state);
  });

  it('suspends the selections of a removed event', () => {
    const next = applyEventRemoved(slipOf(home1, home2), 'e1');
    expect(next.selections.map((item) => item.suspended)).toEqual([true, false]);
  });
});

describe('storage', () => {
  it('round-trips a slip and drops what it cannot read', () => {
    const state: SlipState = { ...slipOf(home1, home2), mode: 'combo', stakes: { o1: '2.5' }, comboStake: '3' };
    expect(parseStoredSlip(serializeSlip(state))).toEqual(state);
    expect(parseStoredSlip(null)).toEqual(EMPTY_SLIP);
    expect(parseStoredSlip('{oops')).toEqual(EMPTY_SLIP);
    expect(
      parseStoredSlip(JSON.stringify({ selections: [{ outcomeId: 'x' }, home1, home1], stakes: { x: '1', o1: 2 } })),
    ).toEqual({ selections: [home1], mode: 'singles', stakes: {}, comboStake: '' });
  });

  it('reads the odds-change policy, "higher" by default', () => {
    expect(parseOddsPolicy('none')).toBe('none');
    expect(parseOddsPolicy('any')).toBe('any');
    expect(parseOddsPolicy('bogus')).toBe('higher');
    expect(parseOddsPolicy(null)).toBe('higher');
  });
});
