import { describe, expect, it } from 'vitest';
import { fixtures, useTestServer } from './fixtures';

/** `GET /api/game/originals/session`: what the in-house game frame starts from. */
const t = useTestServer();
const f = fixtures(t);
const { p } = f;

const sessionOf = (token: string) => p.get('/api/game/originals/session', { headers: { 'x-game-session': token } });

const launch = (identity: string, body: Record<string, unknown>, token?: string) => f.launch(identity, body, token);

describe('originals session', () => {
  it('answers a guest demo session with the demo balance and the stake limits', async () => {
    const { token, gameUrl } = await launch('limbo', { demoMode: true });
    expect(gameUrl).toBe(`${t.config.siteUrl}/play/limbo?mode=demo#token=${encodeURIComponent(token)}`);
    const response = await sessionOf(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json<{ data: unknown }>().data).toEqual({
      gameIdentity: 'limbo',
      game: 'limbo',
      name: 'Limbo',
      currency: 'USD',
      decimals: 2,
      isDemo: true,
      balance: 1000,
      minStake: 0.01,
      maxStake: 10_000,
      // Free spins are played for real money only.
      freespins: [],
    });
  });

  it("answers a real session with the player's balance, and the slot as fruit-fiesta", async () => {
    const player = await p.registerByEmail({ currency: 'USD' });
    await f.fundPlayer(player, 1_234n);
    const { token } = await launch('fruit-fiesta', { demoMode: false }, player.token);
    const response = await sessionOf(token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: unknown }>().data).toMatchObject({
      gameIdentity: 'fruit-fiesta',
      game: 'slot',
      isDemo: false,
      balance: 12.34,
      freespins: [],
    });
  });

  it('refuses an unknown token and a missing header', async () => {
    const unknown = await sessionOf('not-a-session-token');
    expect(unknown.statusCode).toBe(401);
    const missing = await p.get('/api/game/originals/session');
    expect(missing.statusCode).toBe(422);
  });

  it('refuses a session of a third-party game', async () => {
    const { token } = await launch('aurora-wilds', { demoMode: true });
    expect((await sessionOf(token)).statusCode).toBe(404);
  });
});
