import { FairRng, playDice, replayRound, roulettePocket, sha256Hex } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { emptyVerifierForm, parseVerifierQuery, roundVerifierForm, verifierSearch, type VerifierForm } from './query';
import { serverSeedHash, verify, verifyPair } from './replay';

const serverSeed = 'a'.repeat(64);
const clientSeed = 'player-seed';
const form = (fields: Partial<VerifierForm>): VerifierForm => ({
  ...emptyVerifierForm,
  serverSeed,
  clientSeed,
  ...fields,
});

describe('verifier address', () => {
  it('carries a round to the verifier and back', () => {
    const search = verifierSearch(
      roundVerifierForm({
        game: 'mines',
        params: { mineCount: 3 },
        actions: { reveals: [4, 9], cashOut: true },
        seeds: { serverSeedHash: 'h', clientSeed, nonce: 7, serverSeed },
      }),
    );
    const parsed = parseVerifierQuery(search);
    expect(parsed).toMatchObject({ game: 'mines', serverSeed, clientSeed, nonce: '7', mineCount: '3' });
    expect(parsed.reveals).toBe('4,9');
    expect(parsed.cashOut).toBe(true);
    // Only the game's own fields are in the address.
    expect(new URLSearchParams(search).has('targetHundredths')).toBe(false);
  });

  it('falls back to dice for an unknown game', () => {
    expect(parseVerifierQuery('?game=poker').game).toBe('dice');
  });
});

describe('verify', () => {
  it('recomputes dice exactly as the game plays it', () => {
    const params = { direction: 'over' as const, targetHundredths: 4200 };
    const expected = playDice(new FairRng(serverSeed, clientSeed, 3), params);
    const result = verify(form({ game: 'dice', nonce: '3', direction: 'over', targetHundredths: '4200' }));
    expect(result.ok && result.value.kind === 'round' && result.value.replay.outcome).toEqual(expected);
  });

  it('gives the roulette pocket without bets, the same as with bets', () => {
    const pocket = roulettePocket(new FairRng(serverSeed, clientSeed, 5));
    const without = verify(form({ game: 'roulette', nonce: '5' }));
    expect(without).toMatchObject({ ok: true, value: { kind: 'pocket', pocket } });
    const withBets = verify(form({ game: 'roulette', nonce: '5', bets: '[{"type":"red","amount":1}]' }));
    expect(withBets.ok && withBets.value.kind === 'round' && withBets.value.replay.game === 'roulette').toBe(true);
    if (withBets.ok && withBets.value.kind === 'round' && withBets.value.replay.game === 'roulette') {
      expect(withBets.value.replay.outcome.pocket).toBe(pocket);
    }
  });

  it('names the field that is wrong', () => {
    expect(verify(form({ nonce: 'x' }))).toEqual({ ok: false, field: 'nonce' });
    expect(verify(form({ serverSeed: '' }))).toEqual({ ok: false, field: 'serverSeed' });
    expect(verify(form({ game: 'mines', reveals: '1,a' }))).toEqual({ ok: false, field: 'reveals' });
    expect(verify(form({ game: 'dice', targetHundredths: '9999' }))).toMatchObject({ ok: false });
    expect(verify(form({ game: 'roulette', bets: '{' }))).toEqual({ ok: false, field: 'bets' });
  });

  it('walks the pair: a slot round skips the nonces of its free spins', () => {
    const rows = verifyPair(form({ game: 'slot', nonce: '0' }), 5);
    expect(rows).toHaveLength(5);
    for (let i = 1; i < rows.length; i += 1) {
      const previous = replayRound({ serverSeed, clientSeed, nonce: rows[i - 1]!.nonce }, { game: 'slot' });
      expect(previous.ok && previous.value.game === 'slot').toBe(true);
      if (previous.ok && previous.value.game === 'slot') {
        expect(rows[i]!.nonce).toBe(rows[i - 1]!.nonce + previous.value.outcome.noncesUsed);
      }
    }
  });

  it('hashes the server seed as the commitment', () => {
    expect(serverSeedHash(serverSeed)).toBe(sha256Hex(serverSeed));
    expect(serverSeedHash('')).toBe('');
  });
});
