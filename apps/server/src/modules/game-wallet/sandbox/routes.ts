import { gameWalletEndpoints, playSessionDevEndpoints, type AmountCurrency } from '@croupier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../http/endpoint';
import type { GamesService } from '../../games';
import { keepRawJsonBodies, SIGNATURE_HEADER, signatureMatches } from '../signature';
import { renderSandboxGamePage, SANDBOX_GAME_PAGE_CSP } from './page';
import type { SandboxGameProvider } from './provider';

/** The page's stakes: a tenth, a half and one major unit (at least one minor unit each). */
export function stakesFor(subunitToUnit: bigint): bigint[] {
  const stakes = [subunitToUnit / 10n, subunitToUnit / 2n, subunitToUnit].map((s) => (s < 1n ? 1n : s));
  return [...new Set(stakes)];
}

/** Where the launch of a game served by the sandbox points the game frame. */
export function sandboxGameUrl(input: {
  provider: string;
  game: string;
  mode: 'real' | 'demo';
  token: string;
  /** The player of a real-money launch, as providers get it (their free rounds are shown). */
  playerId?: string | null | undefined;
}): string {
  const query = new URLSearchParams({
    provider: input.provider,
    game: input.game,
    mode: input.mode,
    token: input.token,
    ...(input.playerId ? { player: input.playerId } : {}),
  });
  return `${gameWalletEndpoints.devGamePage.path}?${query.toString()}`;
}

/**
 * The sandbox game provider's page and its spin (outside production only). The launch
 * token in the URL is the capability, as in a real provider's game URL.
 */
export const sandboxGameProviderRoutes: FastifyPluginAsyncZod<{
  sandbox: SandboxGameProvider;
  games: GamesService;
  currencyOf: (code: string) => Promise<AmountCurrency>;
  /** The key the casino signs its free-round calls to the sandbox with. */
  secret: string;
}> = async (app, { sandbox, games, currencyOf, secret }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });
  // The casino's free-round calls are signed over the exact bytes sent: keep them.
  keepRawJsonBodies(app);
  const signed = (request: FastifyRequest) =>
    signatureMatches(secret, request.rawBody ?? '', request.headers[SIGNATURE_HEADER]);

  route(
    app,
    gameWalletEndpoints.devFreeRoundsGrant,
    {
      tags: ['dev'],
      summary: 'Sandbox game provider: takes a free-rounds grant of the casino (not in production)',
      description:
        "The sandbox provider's side of free spins on third-party games: the casino sends an active grant here " +
        '(signed like the callbacks, with GAME_SANDBOX_PROVIDER_SECRET); its game page then offers the rounds to ' +
        'the player and reports each as a win naming `freeRoundsId`. A grant it has already is kept as it is. ' +
        'A bad signature answers 401 `{ status: "INVALID_SIGNATURE" }`.',
    },
    async (request, reply) => {
      if (!signed(request)) return reply.code(401).send({ status: 'INVALID_SIGNATURE' });
      sandbox.grantFreeRounds(request.body);
      return { status: 'OK' };
    },
  );

  route(
    app,
    gameWalletEndpoints.devFreeRoundsCancel,
    {
      tags: ['dev'],
      summary: 'Sandbox game provider: withdraws a free-rounds grant (not in production)',
      description: 'The rounds left of the grant are no longer offered. Unknown grants answer OK too.',
    },
    async (request, reply) => {
      if (!signed(request)) return reply.code(401).send({ status: 'INVALID_SIGNATURE' });
      sandbox.cancelFreeRounds(request.body.freeRoundsId);
      return { status: 'OK' };
    },
  );

  route(
    app,
    gameWalletEndpoints.devGamePage,
    {
      tags: ['dev'],
      summary: 'Sandbox game provider: the game page of a launched third-party game (not in production)',
      description:
        'Served for catalogue games whose provider is not configured in GAME_PROVIDERS. Shows the balance the ' +
        'casino reports for the token and a three-reel spin; `round` shows the outcome of a spin of this token.',
      produces: ['text/html'],
    },
    async (request, reply) => {
      const { provider, game: identity, mode, token, round, stake, player } = request.query;
      const game = await games.getGame(identity);
      const session = await sandbox.session(provider, token);
      const outcome = round ? sandbox.outcomeOf(round, token) : undefined;
      const subunitToUnit = session.status === 'OK' ? BigInt((await currencyOf(session.currency)).subunitToUnit) : 100n;
      const stakesMinor = stakesFor(subunitToUnit);
      const html = renderSandboxGamePage({
        provider,
        game: { identity: game.identity, name: game.name },
        mode,
        token,
        session,
        subunitToUnit,
        stakesMinor,
        stakeMinor: stakesMinor[stake] ?? stakesMinor[0] ?? 1n,
        outcome,
        // The casino asked for a reality check: its summary of the session, from its own call.
        realityCheck: outcome?.status === 'REALITY_CHECK' ? await sandbox.realityCheck(token) : undefined,
        playerId: player,
        freeRounds:
          player && mode === 'real' && session.status === 'OK'
            ? sandbox.freeRoundsOf({ playerId: player, gameId: game.identity, currency: session.currency })
            : [],
      });
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .header('content-security-policy', SANDBOX_GAME_PAGE_CSP)
        .type('text/html; charset=utf-8')
        .send(html);
    },
  );

  route(
    app,
    gameWalletEndpoints.devGameSpin,
    {
      tags: ['dev'],
      summary: 'Sandbox game provider: one spin (bet, win, end of round over the signed callbacks)',
      description:
        'The form of the sandbox game page. The provider side calls `/api/game-wallet/{provider}/bet`, then `win` ' +
        '(0 on a loss) and `end-round`, signed with GAME_SANDBOX_PROVIDER_SECRET, then redirects (303) back to ' +
        'the page with the round. With `freeRoundsId` it plays one of those free rounds instead: no bet, a win ' +
        'naming the grant.',
    },
    async (request, reply) => {
      const { provider, game, mode, token, stake, player, freeRoundsId } = request.body;
      const session = await sandbox.session(provider, token);
      const page = { provider, game, mode, token, playerId: player };
      let round: string | undefined;
      if (freeRoundsId) {
        round = await sandbox.spinFree({ provider, token, freeRoundsId });
      } else if (session.status === 'OK') {
        const stakesMinor = stakesFor(BigInt((await currencyOf(session.currency)).subunitToUnit));
        const stakeMinor = stakesMinor[stake] ?? stakesMinor[0] ?? 1n;
        round = await sandbox.spin({ provider, token, currency: session.currency, stakeMinor });
      }
      const query = new URLSearchParams({ stake: String(stake), ...(round ? { round } : {}) });
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .redirect(`${sandboxGameUrl(page)}&${query.toString()}`, 303);
    },
  );

  route(
    app,
    playSessionDevEndpoints.devProviderRealityCheck,
    {
      tags: ['dev'],
      summary: 'Sandbox game provider: the player continues after a reality check (not in production)',
      description:
        'The Continue form of the sandbox game page shown when the casino answered a bet with `REALITY_CHECK`. ' +
        'The provider side calls the casino’s `POST /api/game/sessions/reality-check` with the launch token, ' +
        'then redirects (303) back to the page.',
    },
    async (request, reply) => {
      const { provider, game, mode, token, stake, player } = request.body;
      await sandbox.continueAfterRealityCheck(token);
      const page = { provider, game, mode, token, playerId: player };
      return reply
        .code(303)
        .header('cache-control', 'no-store')
        .redirect(`${sandboxGameUrl(page)}&stake=${String(stake)}`, 303);
    },
  );
};
