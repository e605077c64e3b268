import { adminBonusSchema, playerFreespinDetailSchema } from '@croupier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createPlayer,
  formatReport,
  runConformance,
  type ConformanceTarget,
} from '../src/modules/game-wallet/conformance';
import { hashToken } from '../src/modules/game-wallet/service';
import { signBody } from '../src/modules/game-wallet/signature';
import { adminRequest, expireGameSession, productionConfig, withApp } from './fixtures';
import { playableGames, useFreeRoundsServer } from './free-rounds-helpers';
import { ledgerViolations } from './wallet-helpers';

/**
 * The conformance kit against the test server listening on a real port: the providers
 * come from the environment (GAME_PROVIDERS and each one's secret and allow-list), the
 * kit signs over HTTP as an external provider would.
 */

const SECRET = 'conformance-northern-lights-secret-0123456789';
const FENCED_SECRET = 'conformance-golden-koi-secret-0123456789abcd';

/** The provider's free-rounds endpoint is the kit's receiver. */
const { t, receiver } = useFreeRoundsServer(
  { secret: SECRET, otherSecret: FENCED_SECRET },
  {
    GAME_PROVIDER_NORTHERN_LIGHTS_ALLOW_IPS: '127.0.0.1,::1',
    // A documentation address: the kit, calling from loopback, is outside this allow-list.
    GAME_PROVIDER_GOLDEN_KOI_ALLOW_IPS: '203.0.113.9',
  },
);

/** Free spins on the kit's game given by the operator's API: a free-spins bonus of `rounds` at 0.50 USD. */
async function grantFreeRounds(player: { id: string }, rounds: number) {
  const created = await adminRequest(t, 'POST', '/api/admin/bonuses', {
    body: {
      name: `Kit free rounds ${rounds}`,
      type: 3,
      trigger: 'manual',
      freespins: { gameId: 'aurora-wilds', count: rounds, betValues: [{ currency: 'USD', amount: 0.5 }] },
      wagerCasino: 1,
      perPlayerLimit: null,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const bonus = z.object({ data: adminBonusSchema }).parse(created.json()).data;
  const given = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
    body: { bonusId: bonus.id, currency: 'USD' },
  });
  expect(given.statusCode, given.body).toBe(201);
  return { freeRoundsId: z.object({ data: playerFreespinDetailSchema }).parse(given.json()).data.id, betMinor: 50 };
}

/** The grant the provider's endpoint took, once the due jobs (the grant's delivery) have run. */
async function deliveredGrant(freeRoundsId: string) {
  await t.app.jobs.runDue();
  return receiver().grants.get(freeRoundsId);
}
let baseUrl: string;
let target: ConformanceTarget;
beforeAll(async () => {
  baseUrl = await t.app.server.listen({ host: '127.0.0.1', port: 0 });
  target = {
    baseUrl,
    provider: { id: 'northern-lights', secret: SECRET, gameId: 'aurora-wilds' },
    fenced: { id: 'golden-koi', secret: FENCED_SECRET, gameId: await gameOf('golden-koi') },
    expireToken: (token) => expireGameSession(t, token),
    ledgerViolations: () => ledgerViolations(t.db),
    grantFreeRounds,
    deliveredGrant,
  };
});

/** An enabled, unrestricted catalogue game of a provider. */
async function gameOf(provider: string): Promise<string> {
  const [game] = await playableGames(t, provider);
  if (!game) throw new Error(`no playable game of ${provider}`);
  return game;
}

describe('game-provider conformance kit', () => {
  it('passes every scenario, and the ledger invariants hold after it', async () => {
    const results = await runConformance(target);
    const report = formatReport(results);
    expect(
      results.filter((r) => r.outcome !== 'PASS'),
      report,
    ).toEqual([]);
    expect(results.map((r) => r.id)).toEqual(
      expect.arrayContaining([
        'balance',
        'bet',
        'duplicate-bet',
        'win',
        'duplicate-win',
        'rollback',
        'rollback-before-bet',
        'win-after-token-expiry',
        'insufficient-funds',
        'wrong-currency',
        'bad-signature',
        'allow-list',
        'end-round',
        'free-round',
        'free-rounds-granted',
        'free-round-unknown',
        'free-rounds-used-up',
        'ledger-invariants',
      ]),
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('fails when the server does not know the secret the provider signs with', async () => {
    const results = await runConformance(
      { ...target, provider: { ...target.provider, secret: `${SECRET}-rotated` } },
      { only: ['balance', 'bet'] },
    );
    expect(results.find((r) => r.id === 'balance')).toMatchObject({ outcome: 'FAIL' });
    expect(results.find((r) => r.id === 'balance')?.detail).toContain('INVALID_SIGNATURE');
    expect(formatReport(results)).toMatch(/1 passed, 2 failed, 0 skipped/);
  });

  it('skips what the target cannot offer instead of passing it', async () => {
    const results = await runConformance(
      { baseUrl, provider: target.provider },
      { only: ['win-after-token-expiry', 'allow-list'] },
    );
    expect(results.map((r) => [r.id, r.outcome])).toEqual([
      ['win-after-token-expiry', 'SKIP'],
      ['allow-list', 'SKIP'],
      ['ledger-invariants', 'SKIP'],
    ]);
  });

  it('answers WRONG_SYNTAX with HTTP 200 to a body that is not JSON', async () => {
    const raw = '{"token": ';
    const response = await fetch(`${baseUrl}/api/game-wallet/northern-lights/bet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-croupier-signature': signBody(SECRET, raw) },
      body: raw,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'WRONG_SYNTAX' });
  });

  it('documents every callback in the OpenAPI description', async () => {
    const spec = (await t.app.server.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, { post?: { summary?: string; description?: string; security?: unknown[] } }>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    for (const call of ['balance', 'bet', 'win', 'rollback', 'end-round']) {
      const operation = spec.paths[`/api/game-wallet/{provider}/${call}`]?.post;
      expect(operation?.summary, call).toBeTruthy();
      expect(operation?.description, call).toContain('HMAC-SHA256');
      expect(operation?.description, call).toContain('ALLOW_IPS');
      expect(operation?.description, call).toContain('**Statuses:**');
      expect(operation?.security).toEqual([{ providerSignature: [] }]);
    }
    expect(spec.components.securitySchemes.providerSignature).toBeTruthy();
  });
});

describe('sandbox game provider', () => {
  it('serves a game of an unconfigured provider: the spin bets and pays over the signed callbacks', async () => {
    const player = await createPlayer(baseUrl, { label: 'sandbox' });
    await player.fund(50);
    const game = await gameOf('tidewater');
    const { gameUrl, token } = await player.launch(game);
    expect(gameUrl).toBe(
      `/api/dev/game-provider/play?provider=tidewater&game=${game}&mode=real&token=${encodeURIComponent(token)}` +
        `&player=${player.id}`,
    );

    const page = await fetch(`${baseUrl}${gameUrl}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; style-src 'sha256-[^']+'/);
    const html = await page.text();
    expect(html).toContain('Balance: 50.00 USD');
    expect(html).not.toContain('<script');

    const spin = await fetch(`${baseUrl}/api/dev/game-provider/spin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ provider: 'tidewater', game, mode: 'real', token, stake: '2' }).toString(),
    });
    expect(spin.status).toBe(303);
    const location = spin.headers.get('location') ?? '';
    expect(location).toMatch(/^\/api\/dev\/game-provider\/play\?.*&stake=2&round=[0-9a-f-]{36}$/);

    const rows = await t.db
      .selectFrom('game_wallet_transactions')
      .innerJoin('game_sessions', 'game_sessions.id', 'game_wallet_transactions.session_id')
      .select(['game_wallet_transactions.kind', 'game_wallet_transactions.amount_minor'])
      .where('game_sessions.token_hash', '=', hashToken(token))
      .orderBy('game_wallet_transactions.kind')
      .execute();
    expect(rows.map((r) => r.kind)).toEqual(['bet', 'win']);
    const [bet, win] = rows;
    expect(bet?.amount_minor).toBe(100n);
    const expected = 5_000 - 100 + Number(win?.amount_minor ?? 0n);
    expect(await player.walletBalanceMinor()).toBe(expected);

    const result = await (await fetch(`${baseUrl}${location}`)).text();
    expect(result).toMatch(/<ul class="reels" aria-label="Reels">(<li>\w+<\/li>){3}<\/ul>/);
    expect(result).toMatch(win?.amount_minor ? /You won \d+\.\d\d USD \(stake 1\.00 USD\)/ : /No win this time/);
    expect(result).toContain(`Balance: ${(expected / 100).toFixed(2)} USD`);
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('plays free spins on its games as free rounds: granted over signed HTTP, each a win naming the grant', async () => {
    const player = await createPlayer(baseUrl, { label: 'sandbox-free' });
    const game = await gameOf('tidewater');
    const created = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        name: 'Tidewater free rounds',
        type: 3,
        trigger: 'manual',
        freespins: { gameId: game, count: 2, betValues: [{ currency: 'USD', amount: 0.25 }] },
        wagerCasino: 10,
        perPlayerLimit: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bonusId = z.object({ data: adminBonusSchema }).parse(created.json()).data.id;
    const given = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
      body: { bonusId, currency: 'USD' },
    });
    const grantId = z.object({ data: playerFreespinDetailSchema }).parse(given.json()).data.id;
    const { gameUrl, token } = await player.launch(game);

    // Issued only: the provider has not been told, the page offers nothing.
    await t.app.jobs.runDue();
    expect(await (await fetch(`${baseUrl}${gameUrl}`)).text()).not.toContain('Free rounds from the casino');
    await player.activateFreespins(grantId);
    // The activation's job sends the grant to the sandbox over signed HTTP.
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const page = await (await fetch(`${baseUrl}${gameUrl}`)).text();
    expect(page).toContain('2 free rounds of 0.25 USD');
    expect(page).toContain(`name="freeRoundsId" value="${grantId}"`);

    const play = () =>
      fetch(`${baseUrl}/api/dev/game-provider/spin`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          provider: 'tidewater',
          game,
          mode: 'real',
          token,
          player: player.id,
          freeRoundsId: grantId,
        }).toString(),
      });
    const first = await play();
    expect(first.status).toBe(303);
    const shown = await (await fetch(`${baseUrl}${first.headers.get('location') ?? ''}`)).text();
    expect(shown).toMatch(/(You won \d+\.\d\d USD|No win this time) \(free round of 0\.25 USD\)/);
    expect(shown).toContain('1 free rounds of 0.25 USD');
    expect((await player.freespins()).find((g) => g.id === grantId)).toMatchObject({ usedCount: 1, status: 2 });

    await play();
    const rows = await t.db
      .selectFrom('game_wallet_transactions')
      .select(['kind', 'amount_minor', 'freespin_id', 'ledger_transaction_id'])
      .where('freespin_id', '=', grantId)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.kind === 'win' && r.ledger_transaction_id === null)).toBe(true);
    const won = rows.reduce((sum, r) => sum + r.amount_minor, 0n);
    const grant = (await player.freespins()).find((g) => g.id === grantId);
    expect(grant).toMatchObject({ usedCount: 2, status: 3, result: 2, wonMinor: Number(won) });
    expect(grant?.winningsBonusId !== null).toBe(won > 0n);
    // No real money moved; the page no longer offers the used-up rounds, and a third is refused.
    expect(await player.walletBalanceMinor()).toBe(0);
    expect(await (await fetch(`${baseUrl}${gameUrl}`)).text()).not.toContain('Free rounds from the casino');
    const third = await play();
    expect(await (await fetch(`${baseUrl}${third.headers.get('location') ?? ''}`)).text()).toContain(
      'These free rounds are no longer available.',
    );
    expect(await ledgerViolations(t.db)).toEqual([]);
  });

  it('takes free-round grants only signed with its key', async () => {
    const body = JSON.stringify({ freeRoundsId: crypto.randomUUID() });
    const response = await fetch(`${baseUrl}/api/dev/game-provider/free-rounds/cancel`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-croupier-signature': signBody('not-the-sandbox-key-0123', body),
      },
      body,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: 'INVALID_SIGNATURE' });
  });

  it('refuses a stake above the balance on the page, and escapes what the URL carries', async () => {
    const player = await createPlayer(baseUrl, { label: 'sandbox-poor' });
    const game = await gameOf('tidewater');
    const { token } = await player.launch(game);
    const spin = await fetch(`${baseUrl}/api/dev/game-provider/spin`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ provider: 'tidewater', game, mode: 'real', token, stake: '0' }).toString(),
    });
    const refused = await (await fetch(`${baseUrl}${spin.headers.get('location') ?? ''}`)).text();
    expect(refused).toContain('Not enough money for this stake.');

    const forged = new URLSearchParams({
      provider: 'tidewater',
      game,
      mode: 'real',
      token: '"><script>alert(1)</script>',
    });
    const page = await (await fetch(`${baseUrl}/api/dev/game-provider/play?${forged.toString()}`)).text();
    expect(page).not.toContain('<script>');
    expect(page).toContain('Unknown game session.');
  });

  it('plays demo mode for guests with the play money of the session', async () => {
    const game = await gameOf('tidewater');
    const launch = await fetch(`${baseUrl}/api/game/games/${game}/play`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ demoMode: true }),
    });
    const { gameUrl } = ((await launch.json()) as { data: { gameUrl: string } }).data;
    expect(gameUrl).toContain('&mode=demo&');
    const html = await (await fetch(`${baseUrl}${gameUrl}`)).text();
    expect(html).toContain('tidewater · Demo');
    expect(html).toContain('Balance: 1000.00 USD');
  });

  it('does not exist in production', async () => {
    await withApp(t, { config: productionConfig }, async (production) => {
      const page = await production.server.inject({
        url: '/api/dev/game-provider/play?provider=tidewater&game=x&token=y',
      });
      expect(page.statusCode).toBe(404);
      const body = JSON.stringify({ token: 'y' });
      const balance = await production.server.inject({
        method: 'POST',
        url: '/api/game-wallet/tidewater/balance',
        payload: body,
        headers: {
          'content-type': 'application/json',
          'x-croupier-signature': signBody(t.config.gameProviders.sandbox?.secret ?? '', body),
        },
      });
      expect(balance.json()).toMatchObject({ status: 'INVALID_PARTNER' });
    });
  });

  it('leaves configured providers and the in-house games to their own game frames', async () => {
    const player = await createPlayer(baseUrl, { label: 'sandbox-configured' });
    const { gameUrl } = await player.launch('aurora-wilds');
    expect(gameUrl.startsWith(`${t.config.siteUrl}/play/aurora-wilds?mode=real#token=`)).toBe(true);
  });
});
