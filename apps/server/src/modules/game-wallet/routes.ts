import {
  gameStartBodySchema,
  gameStartResponseSchema,
  gameWalletBalanceRequestSchema,
  gameWalletBetRequestSchema,
  gameWalletEndRoundRequestSchema,
  gameWalletResponseSchema,
  gameWalletRollbackRequestSchema,
  gameWalletWinRequestSchema,
  type GameWalletResponse,
  type GameWalletStatus,
} from '@croupier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { clientIp, visitorCountry } from '../../http/geo';
import { AppError } from '../../lib/errors';
import type { AuthGuards } from '../auth/guards';
import type { GamesService } from '../games/service';
import type { WalletAccounts } from '../wallet';
import type { GameSession, GameWallet, WalletAnswer } from './service';
import { SIGNATURE_HEADER, signatureMatches } from './signature';

/** A third-party provider allowed to call the wallet: its shared secret and the addresses it calls from. */
export interface GameProviderAccess {
  /** The provider's identity in the catalogue. */
  provider: string;
  secret: string;
  /** Client addresses allowed to call; empty allows any (development only). */
  allowIps: string[];
}

/** `POST /api/game/games/{idOrIdentity}/play`: opens a game session, real or demo. */
export const gameLaunchRoutes: FastifyPluginAsyncZod<{
  gameWallet: GameWallet;
  games: GamesService;
  accounts: WalletAccounts;
  guards: AuthGuards;
  config: Config;
}> = async (app, { gameWallet, games, accounts, guards, config }) => {
  app.post(
    '/api/game/games/:id/play',
    {
      onRequest: guards.optionalPlayer,
      schema: {
        tags: ['games'],
        summary: 'Starts a game: a session token and the URL of the game frame',
        description:
          'Real money needs a signed-in player (the account of `accountId`, else the active one); guests may start ' +
          'demo mode where the game offers it. The token is short-lived for bets; the game presents it on every ' +
          'wallet call. 14308 when the game is not offered in the visitor country.',
        params: z.object({ id: z.string().max(128) }),
        body: gameStartBodySchema,
        response: { 200: gameStartResponseSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      const game = await games.getGame(request.params.id);
      const country = visitorCountry(request, config) ?? request.body.countryCode?.toUpperCase() ?? null;
      if (country && game.restrictedCountries.includes(country)) throw new AppError('GAME_GEO_RESTRICTED');
      const player = request.player ?? null;
      // Real money needs a signed-in player: a guest asking for it gets a 401 (the page offers demo).
      if (!request.body.demoMode && !player) throw new AppError('UNAUTHENTICATED');
      const demo = request.body.demoMode;
      if (demo && !game.isDemoMode) {
        throw player ? new AppError('BAD_REQUEST', 'This game has no demo mode.') : new AppError('UNAUTHENTICATED');
      }
      let accountId: string | null = null;
      let currency: string;
      const list = player ? await accounts.listAccounts(player.id) : [];
      const chosen = request.body.accountId
        ? list.find((a) => a.id === request.body.accountId)
        : list.find((a) => a.status === 1);
      if (!demo) {
        if (!chosen) throw AppError.notFound('Unknown account.');
        accountId = chosen.id;
        currency = chosen.currency;
      } else {
        currency = chosen?.currency ?? 'USD';
      }
      const { token } = await gameWallet.openSession({
        playerId: player?.id ?? null,
        gameId: game.id,
        provider: game.provider.identity,
        accountId,
        currency,
        isDemo: demo,
      });
      const mode = demo ? 'demo' : 'real';
      const gameUrl = `/play/${game.identity}?mode=${mode}&token=${encodeURIComponent(token)}`;
      return { data: { gameUrl, token } };
    },
  );
};

function toWire(answer: WalletAnswer): GameWalletResponse {
  return {
    status: answer.status,
    balance: Number(answer.balanceMinor),
    bonusBalance: Number(answer.bonusBalanceMinor),
    currency: answer.currency,
    ...(answer.transactionId ? { transactionId: answer.transactionId } : {}),
  };
}

const refused = (status: GameWalletStatus, currency = ''): GameWalletResponse => ({
  status,
  balance: 0,
  bonusBalance: 0,
  currency,
});

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for signature checks (provider callbacks only). */
    rawBody?: string;
  }
}

/**
 * The wallet callbacks for third-party providers, `POST /api/game-wallet/{provider}/{call}`.
 * Every request is signed: the `X-Croupier-Signature` header is the hex HMAC-SHA256 of the
 * raw body with the provider's secret; calls from addresses outside its allow-list are
 * refused. Answers are always HTTP 200 with a Hub88-style `status` (the provider's retry
 * logic reads the status, not the HTTP code).
 */
export const gameWalletCallbackRoutes: FastifyPluginAsyncZod<{
  gameWallet: GameWallet;
  providers: GameProviderAccess[];
  config: Config;
}> = async (app, { gameWallet, providers, config }) => {
  const byProvider = new Map(providers.map((p) => [p.provider, p]));
  // The signature is over the exact bytes sent: keep them before JSON parsing.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    request.rawBody = text;
    try {
      done(null, text.length === 0 ? {} : JSON.parse(text));
    } catch (error) {
      done(error as Error, undefined);
    }
  });

  /** Authenticates the caller, then resolves the session of the token; otherwise the refusal to answer. */
  async function authorise(
    request: FastifyRequest,
    provider: string,
    token: string,
  ): Promise<GameSession | GameWalletResponse> {
    const access = byProvider.get(provider);
    if (!access) return refused('INVALID_PARTNER');
    if (access.allowIps.length > 0 && !access.allowIps.includes(clientIp(request, config))) {
      return refused('INVALID_PARTNER');
    }
    if (!signatureMatches(access.secret, request.rawBody ?? '', request.headers[SIGNATURE_HEADER])) {
      return refused('INVALID_SIGNATURE');
    }
    const session = await gameWallet.sessionOf(token);
    if (!session || session.provider !== access.provider) return refused('INVALID_TOKEN');
    return session;
  }

  const isSession = (value: GameSession | GameWalletResponse): value is GameSession => 'token_hash' in value;
  const params = z.object({ provider: z.string().max(64) });
  const response = { 200: gameWalletResponseSchema };
  const security = [{ providerSignature: [] }];
  const description =
    'Provider callback. Signed: `X-Croupier-Signature` = hex HMAC-SHA256 of the raw body with the provider ' +
    'secret; the caller address must be on the provider allow-list. Amounts are integers in minor units. ' +
    'Always HTTP 200 with `status` (Hub88 names); the balance is the one after the call.';

  app.post(
    '/api/game-wallet/:provider/balance',
    {
      schema: {
        tags: ['game wallet'],
        summary: 'Balance',
        description,
        security,
        params,
        body: gameWalletBalanceRequestSchema,
        response,
      },
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      if (request.body.currency && request.body.currency !== session.currency) {
        return toWire({ ...(await gameWallet.balance(session)), status: 'WRONG_CURRENCY' });
      }
      return toWire(await gameWallet.balance(session));
    },
  );

  app.post(
    '/api/game-wallet/:provider/bet',
    {
      schema: {
        tags: ['game wallet'],
        summary: 'Bet (debit); idempotent on transactionId',
        description: `${description} A bet whose rollback came first answers TRANSACTION_ROLLED_BACK.`,
        security,
        params,
        body: gameWalletBetRequestSchema,
        response,
      },
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      const { transactionId, roundId, amount, currency } = request.body;
      return toWire(await gameWallet.bet(session, { transactionId, roundId, amountMinor: BigInt(amount), currency }));
    },
  );

  app.post(
    '/api/game-wallet/:provider/win',
    {
      schema: {
        tags: ['game wallet'],
        summary: 'Win (credit); idempotent on transactionId, accepted after the token expired',
        description,
        security,
        params,
        body: gameWalletWinRequestSchema,
        response,
      },
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      const { transactionId, roundId, amount, currency } = request.body;
      return toWire(await gameWallet.win(session, { transactionId, roundId, amountMinor: BigInt(amount), currency }));
    },
  );

  app.post(
    '/api/game-wallet/:provider/rollback',
    {
      schema: {
        tags: ['game wallet'],
        summary: 'Rollback of a bet; an unknown bet is recorded and refused if it arrives later',
        description,
        security,
        params,
        body: gameWalletRollbackRequestSchema,
        response,
      },
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      const { transactionId, referenceTransactionId, roundId } = request.body;
      return toWire(await gameWallet.rollback(session, { transactionId, referenceTransactionId, roundId }));
    },
  );

  app.post(
    '/api/game-wallet/:provider/end-round',
    {
      schema: {
        tags: ['game wallet'],
        summary: 'End of round',
        description,
        security,
        params,
        body: gameWalletEndRoundRequestSchema,
        response,
      },
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      return toWire(await gameWallet.endRound(session));
    },
  );
};
