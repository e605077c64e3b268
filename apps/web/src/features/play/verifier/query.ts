import type { OriginalsRound } from '@croupier/contract';
import { SEEDED_GAMES, type PlinkoRisk, type RouletteBet, type RoundInput, type SeededGame } from '@croupier/games';

/**
 * The verifier's form as text fields, and its address: the seeds panel and game recall
 * link here with a round prefilled (`/fairness?game=dice&serverSeed=…&nonce=…`).
 */
export interface VerifierForm {
  game: SeededGame;
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  /** Dice */
  direction: 'under' | 'over';
  /** Dice and limbo target, in hundredths as typed (e.g. "5000" for 50.00). */
  targetHundredths: string;
  /** Plinko */
  rows: string;
  risk: string;
  /** Mines */
  mineCount: string;
  /** Tiles clicked in order, comma-separated (0–24). */
  reveals: string;
  cashOut: boolean;
  /** Roulette bets as JSON ([{ "type": "red", "amount": 1 }]); empty for the pocket only. */
  bets: string;
}

export const emptyVerifierForm: VerifierForm = {
  game: 'dice',
  serverSeed: '',
  clientSeed: '',
  nonce: '0',
  direction: 'under',
  targetHundredths: '5000',
  rows: '16',
  risk: 'medium',
  mineCount: '3',
  reveals: '',
  cashOut: true,
  bets: '',
};

const isGame = (value: string | null): value is SeededGame => SEEDED_GAMES.some((game) => game === value);

export function parseVerifierQuery(search: string): VerifierForm {
  const query = new URLSearchParams(search);
  const text = (key: keyof VerifierForm, fallback: string) => query.get(key) ?? fallback;
  const game = query.get('game');
  return {
    game: isGame(game) ? game : emptyVerifierForm.game,
    serverSeed: text('serverSeed', ''),
    clientSeed: text('clientSeed', ''),
    nonce: text('nonce', emptyVerifierForm.nonce),
    direction: query.get('direction') === 'over' ? 'over' : 'under',
    targetHundredths: text('targetHundredths', emptyVerifierForm.targetHundredths),
    rows: text('rows', emptyVerifierForm.rows),
    risk: text('risk', emptyVerifierForm.risk),
    mineCount: text('mineCount', emptyVerifierForm.mineCount),
    reveals: text('reveals', ''),
    cashOut: query.get('cashOut') !== '0',
    bets: text('bets', ''),
  };
}

/** The verifier's query string for a form (only the fields its game uses). */
export function verifierSearch(form: Partial<VerifierForm> & Pick<VerifierForm, 'game'>): string {
  const query = new URLSearchParams();
  const keys: Record<SeededGame, (keyof VerifierForm)[]> = {
    dice: ['direction', 'targetHundredths'],
    limbo: ['targetHundredths'],
    plinko: ['rows', 'risk'],
    mines: ['mineCount', 'reveals', 'cashOut'],
    roulette: ['bets'],
    slot: [],
  };
  for (const key of ['game', 'serverSeed', 'clientSeed', 'nonce', ...keys[form.game]] as (keyof VerifierForm)[]) {
    const value = form[key];
    if (value === undefined || value === '') continue;
    query.set(key, typeof value === 'boolean' ? (value ? '1' : '0') : value);
  }
  return `?${query.toString()}`;
}

const field = (params: Record<string, unknown>, key: string): string => {
  const value = params[key];
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
};

/** The verifier's form for a round: its game, seeds (the server seed once revealed), nonce and choices. */
export function roundVerifierForm(
  round: Pick<OriginalsRound, 'game' | 'params' | 'actions' | 'seeds'>,
  serverSeed = round.seeds.serverSeed ?? '',
): Partial<VerifierForm> & Pick<VerifierForm, 'game'> {
  const { params } = round;
  const base = {
    game: round.game,
    serverSeed,
    clientSeed: round.seeds.clientSeed,
    nonce: String(round.seeds.nonce),
  };
  switch (round.game) {
    case 'dice':
      return {
        ...base,
        direction: params.direction === 'over' ? 'over' : 'under',
        targetHundredths: field(params, 'targetHundredths'),
      };
    case 'limbo':
      return { ...base, targetHundredths: field(params, 'targetHundredths') };
    case 'plinko':
      return { ...base, rows: field(params, 'rows'), risk: field(params, 'risk') };
    case 'mines':
      return {
        ...base,
        mineCount: field(params, 'mineCount'),
        reveals: (round.actions?.reveals ?? []).join(','),
        cashOut: round.actions?.cashOut ?? false,
      };
    case 'roulette':
      return { ...base, bets: Array.isArray(params.bets) ? JSON.stringify(params.bets) : '' };
    case 'slot':
      return base;
  }
}

export type FormProblem = { field: keyof VerifierForm | 'bets'; message: string };

const integer = (text: string): number => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** Roulette bets of the form, with a nominal stake: the stake changes neither the pocket nor the multipliers. */
function betsOf(text: string): { bets: unknown[]; amounts: number[] } | FormProblem {
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return { field: 'bets', message: 'not a list' };
    const amounts = parsed.map((bet: unknown) =>
      typeof bet === 'object' && bet !== null && typeof (bet as { amount?: unknown }).amount === 'number'
        ? (bet as { amount: number }).amount
        : 0,
    );
    const bets = parsed.map((bet: unknown) =>
      typeof bet === 'object' && bet !== null ? { ...(bet as Record<string, unknown>), stakeMinor: 1n } : bet,
    );
    return { bets, amounts };
  } catch {
    return { field: 'bets', message: 'not JSON' };
  }
}

/** What replayRound needs from the form; roulette without bets gives the pocket only (null input). */
export function roundInputOf(
  form: VerifierForm,
): { input: RoundInput | null; amounts: number[]; nonce: number } | FormProblem {
  const nonce = integer(form.nonce);
  if (Number.isNaN(nonce)) return { field: 'nonce', message: 'integer' };
  const target = integer(form.targetHundredths);
  switch (form.game) {
    case 'dice':
      return {
        nonce,
        amounts: [],
        input: { game: 'dice', params: { direction: form.direction, targetHundredths: target } },
      };
    case 'limbo':
      return { nonce, amounts: [], input: { game: 'limbo', params: { targetHundredths: target } } };
    case 'plinko':
      return {
        nonce,
        amounts: [],
        // validatePlinkoParams (in replayRound) refuses an unknown risk.
        input: { game: 'plinko', params: { rows: integer(form.rows), risk: form.risk as PlinkoRisk } },
      };
    case 'mines': {
      const reveals = form.reveals
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((tile) => integer(tile));
      if (reveals.some((tile) => Number.isNaN(tile))) return { field: 'reveals', message: 'integer' };
      return {
        nonce,
        amounts: [],
        input: {
          game: 'mines',
          params: { mineCount: integer(form.mineCount) },
          actions: { reveals, cashOut: form.cashOut },
        },
      };
    }
    case 'roulette': {
      if (!form.bets.trim()) return { nonce, amounts: [], input: null };
      const parsed = betsOf(form.bets);
      if ('field' in parsed) return parsed;
      // replayRound checks every spot (validateRouletteBets); the casts only name what it checks.
      return { nonce, amounts: parsed.amounts, input: { game: 'roulette', bets: parsed.bets as RouletteBet[] } };
    }
    case 'slot':
      return { nonce, amounts: [], input: { game: 'slot' } };
  }
}
