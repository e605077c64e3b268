import {
  FairRng,
  PLINKO,
  pocketColor,
  replayRound,
  roulettePocket,
  sha256Hex,
  validateClientSeed,
  type PocketColor,
  type Result,
  type RoundReplay,
} from '@croupier/games';
import { roundInputOf, type VerifierForm } from './query';

/** What the verifier shows for one nonce: the full replay, or a roulette pocket without bets. */
export type Verified =
  { kind: 'round'; replay: RoundReplay; amounts: number[] } | { kind: 'pocket'; pocket: number; color: PocketColor };

export type VerifyResult = { ok: true; value: Verified; nextNonce: number } | { ok: false; field: string };

const problem = (field: string): VerifyResult => ({ ok: false, field });

function fromResult(result: Result<RoundReplay>, amounts: number[], nonce: number): VerifyResult {
  if (!result.ok) return problem(result.error.field);
  const used = result.value.game === 'slot' ? result.value.outcome.noncesUsed : 1;
  return { ok: true, value: { kind: 'round', replay: result.value, amounts }, nextNonce: nonce + used };
}

/** Recomputes the round of the form at `nonce` (the form's own nonce when omitted), all in the browser. */
export function verify(form: VerifierForm, nonceOverride?: number): VerifyResult {
  if (!form.serverSeed) return problem('serverSeed');
  const parsed = roundInputOf(form);
  if ('field' in parsed) return problem(parsed.field);
  const nonce = nonceOverride ?? parsed.nonce;
  const seeds = { serverSeed: form.serverSeed, clientSeed: form.clientSeed, nonce };
  if (parsed.input) return fromResult(replayRound(seeds, parsed.input), parsed.amounts, nonce);
  // Roulette without bets: the pocket alone (bets never change it).
  const clientSeed = validateClientSeed(form.clientSeed);
  if (!clientSeed.ok) return problem('clientSeed');
  const pocket = roulettePocket(new FairRng(form.serverSeed, clientSeed.value, nonce));
  return { ok: true, value: { kind: 'pocket', pocket, color: pocketColor(pocket) }, nextNonce: nonce + 1 };
}

/** The rounds of the pair from the form's nonce on, with the same choices (the "rounds of this pair" table). */
export function verifyPair(form: VerifierForm, count: number): { nonce: number; result: VerifyResult }[] {
  const first = roundInputOf(form);
  if ('field' in first) return [];
  const rows: { nonce: number; result: VerifyResult }[] = [];
  let nonce = first.nonce;
  for (let i = 0; i < count; i += 1) {
    const result = verify(form, nonce);
    rows.push({ nonce, result });
    if (!result.ok) break;
    nonce = result.nextNonce;
  }
  return rows;
}

/** The commitment to compare with the one shown before play. */
export const serverSeedHash = (serverSeed: string) => (serverSeed ? sha256Hex(serverSeed) : '');

export const PLINKO_ROWS = { min: PLINKO.minRows, max: PLINKO.maxRows };
