import fs from 'node:fs';
import path from 'node:path';
import { originalsGameOf } from '@croupier/contract';
import { DECLARED_RTP } from '@croupier/games';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths';
import { catalogueId, catalogueRows, gameImagePath, loadCatalogue, providerLogoPath } from './games';

const catalogue = loadCatalogue();

/** The declared RTP of an in-house game (by catalogue identity) in percent with two decimals. */
function declaredRtpPercent(identity: string): number | undefined {
  const game = originalsGameOf(identity);
  return game === undefined ? undefined : Math.round(DECLARED_RTP[game] * 10_000) / 100;
}
const publicDir = path.join(repoRoot, 'apps/web/public');

describe('the demo catalogue', () => {
  it('has unique identities and only known providers, collections and labels', () => {
    for (const list of [catalogue.games, catalogue.providers, catalogue.collections]) {
      const identities = list.map((item) => item.identity);
      expect(new Set(identities).size).toBe(identities.length);
    }
    expect(() => catalogueRows(catalogue)).not.toThrow();
  });

  it('looks like a living lobby', () => {
    const enabled = catalogue.games.filter((g) => g.isEnabled);
    expect(enabled.length).toBeGreaterThanOrEqual(55);
    expect(catalogue.providers.length).toBeGreaterThanOrEqual(8);
    expect(catalogue.collections.length).toBeGreaterThanOrEqual(10);
    for (const collection of catalogue.collections) {
      expect(
        enabled.filter((g) => g.collections.includes(collection.identity)).length,
        collection.identity,
      ).toBeGreaterThan(3);
    }
    for (const label of catalogue.labels)
      expect(
        enabled.some((g) => g.labels.includes(label)),
        label,
      ).toBe(true);
    for (const game of catalogue.games) {
      // In-house games list the RTP their maths declares; third-party ones (and the
      // sportsbook, whose return depends on its margin) a typical figure.
      const original = game.provider === 'croupier' && game.type !== 'sportsbook';
      const declared = original ? declaredRtpPercent(game.identity) : undefined;
      // Every in-house game of the catalogue is one of the provably fair games.
      if (original) expect(declared, game.identity).toBeDefined();
      if (declared === undefined) {
        expect(game.rtp, game.identity).toBeGreaterThanOrEqual(94);
        expect(game.rtp, game.identity).toBeLessThanOrEqual(98.5);
      } else expect(game.rtp, game.identity).toBe(declared);
      expect(game.description.length, game.identity).toBeGreaterThan(40);
    }
    expect(catalogue.collections.map((c) => c.identity)).toEqual(
      expect.arrayContaining(['popular', 'new', 'slots', 'originals', 'live', 'table-games', 'jackpots', 'megaways']),
    );
    expect(catalogue.collections.map((c) => c.identity)).toEqual(expect.arrayContaining(['recommended', 'turbogames']));
    expect(catalogue.collections.find((c) => c.identity === 'brazil-favourites')?.countries).toEqual(['BR', 'PT']);
  });

  it('includes the six in-house originals from the in-house studio', () => {
    const originals = catalogue.games.filter((g) => g.collections.includes('originals'));
    expect(originals.map((g) => g.identity)).toEqual(['dice', 'limbo', 'mines', 'plinko', 'roulette', 'fruit-fiesta']);
    expect(originals.every((g) => g.provider === 'croupier')).toBe(true);
  });

  it('derives stable ids from identities', () => {
    const rows = catalogueRows(catalogue);
    const again = catalogueRows(loadCatalogue());
    expect(rows.games.map((g) => g.id)).toEqual(again.games.map((g) => g.id));
    expect(rows.games.find((g) => g.identity === 'dice')?.id).toBe(catalogueId('game', 'dice'));
    // Kinds live in separate name spaces: a provider and a game of one name differ.
    expect(catalogueId('provider', 'croupier')).not.toBe(catalogueId('game', 'croupier'));
    const ids = [...rows.games, ...rows.providers, ...rows.collections, ...rows.labels].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('orders collections by their rule', () => {
    const rows = catalogueRows(catalogue);
    const scoreOf = new Map(catalogue.games.map((g) => [catalogueId('game', g.identity), g.score]));
    const popular = rows.collectionGames
      .filter((link) => link.collection_id === catalogueId('collection', 'popular'))
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0))
      .map((link) => scoreOf.get(link.game_id) ?? 0);
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
  });

  it('has generated artwork for every game and provider, each file small', () => {
    const files = [
      ...catalogue.games.flatMap((g) => [gameImagePath(g.identity, '200x200'), gameImagePath(g.identity, '200x300')]),
      ...catalogue.providers.map((p) => providerLogoPath(p.identity)),
    ];
    for (const file of files) {
      const absolute = path.join(publicDir, file);
      expect(fs.existsSync(absolute), `${file} (run node scripts/generate-artwork.mjs)`).toBe(true);
      const svg = fs.readFileSync(absolute, 'utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'), file).toBe(true);
      expect(Buffer.byteLength(svg), file).toBeLessThan(6 * 1024);
      expect(svg, file).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    }
  });
});
