import { gameWalletEndpoints, type AmountCurrency } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../http/endpoint';
import type { GamesService } from '../../games';
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
}): string {
  const query = new URLSearchParams({
    provider: input.provider,
    game: input.game,
    mode: input.mode,
    token: input.token,
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
}> = async (app, { sandbox, games, currencyOf }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    done(null, Object.fromEntries(new URLSearchParams(text)));
  });

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
      const { provider, game: identity, mode, token, round, stake } = request.query;
      const game = await games.getGame(identity);
      const session = await sandbox.session(provider, token);
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
        outcome: round ? sandbox.outcomeOf(round, token) : undefined,
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
        'the page with the round.',
    },
    async (request, reply) => {
      const { provider, game, mode, token, stake } = request.body;
      const session = await sandbox.session(provider, token);
      const page = { provider, game, mode, token };
      let round: string | undefined;
      if (session.status === 'OK') {
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
};
