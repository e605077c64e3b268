import {
  gamesEndpoints,
  gameWalletEndpoints,
  type GameWalletResponse,
  type GameWalletStatus,
} from '@croupier/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { route } from '../../http/endpoint';
import { toAppError } from '../../http/error-handler';
import { clientIp, visitorCountry } from '../../http/geo';
import { AppError } from '../../lib/errors';
import type { AuthGuards } from '../auth';
import type { GamesService } from '../games';
import type { WalletAccounts } from '../wallet';
import type { GameSession, GameWallet, WalletAnswer } from './service';
import { keepRawJsonBodies, SIGNATURE_HEADER, signatureMatches } from './signature';

/** A third-party provider allowed to call the wallet: its shared secret and the addresses it calls from. */
export interface GameProviderAccess {
  /** The provider's identity in the catalogue. */
  provider: string;
  secret: string;
  /** Client addresses allowed to call; empty allows any (development only). */
  allowIps: string[];
  /** True for the built-in sandbox provider standing in for this one (outside production). */
  sandbox?: boolean;
  /** Where the provider takes free-round grants (its `{url}` and `{url}/cancel`); none: it takes none. */
  freeRoundsUrl?: string;
}

/** A locale code as the site writes it (en, pt-BR). */
const LOCALE_PATTERN = /^[a-z]{2}(-[A-Z]{2})?$/;

/** `POST /api/game/games/{idOrIdentity}/play`: opens a game session, real or demo. */
export const gameLaunchRoutes: FastifyPluginAsyncZod<{
  gameWallet: GameWallet;
  games: GamesService;
  accounts: WalletAccounts;
  guards: AuthGuards;
  config: Config;
  /** The game frame's URL when another than the in-house one (a provider's game page). */
  gameUrlOf?: (launch: {
    provider: string;
    game: string;
    mode: 'real' | 'demo';
    token: string;
    /** The player (real money), as providers get it at launch. */
    playerId: string | null;
  }) => string | undefined;
}> = async (app, { gameWallet, games, accounts, guards, config, gameUrlOf }) => {
  route(
    app,
    gamesEndpoints.launchGame,
    {
      onRequest: guards.optionalPlayer,
      tags: ['games'],
      summary: 'Starts a game: a session token and the URL of the game frame',
      description:
        'Real money needs a signed-in player (the account of `accountId`, else the active one); guests may start ' +
        'demo mode where the game offers it. The token is short-lived for bets; the game presents it on every ' +
        'wallet call. 14308 when the game is not offered in the visitor country; 14103 when the account may not play ' +
        "for real money (self-excluded or blocked). `locale` becomes the in-house frame's `lang`.",
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
        player,
        gameId: game.id,
        provider: game.provider.identity,
        accountId,
        currency,
        isDemo: demo,
      });
      const mode = demo ? 'demo' : 'real';
      // The frame speaks the page's language (it has no locale prefix of its own).
      const locale = request.body.locale && LOCALE_PATTERN.test(request.body.locale) ? request.body.locale : undefined;
      // The token rides in the fragment: browsers send it neither to servers (request logs)
      // nor in Referer headers; the frame reads it from location.hash.
      const gameUrl =
        gameUrlOf?.({
          provider: game.provider.identity,
          game: game.identity,
          mode,
          token,
          playerId: accountId ? (player?.id ?? null) : null,
        }) ??
        // Absolute on the site's origin: a front end on another origin frames it as it is. The
        // token rides in the fragment, which browsers never send to a server or in a Referer.
        `${config.siteUrl}/play/${game.identity}?mode=${mode}${locale ? `&lang=${locale}` : ''}#token=${encodeURIComponent(token)}`;
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

/** The OpenAPI text every callback shares: how to sign, who may call, how answers look. */
const CALLBACK_RULES =
  'Server-to-server callback of a third-party game provider (seamless wallet). ' +
  '**Signature:** the `X-Croupier-Signature` header is the lowercase hex HMAC-SHA256 of the exact raw request ' +
  "body (UTF-8 bytes as sent) with the provider's shared secret (`GAME_PROVIDER_<ID>_SECRET`); a missing or " +
  'wrong signature answers `INVALID_SIGNATURE` and changes nothing. ' +
  "**Allow-list:** the caller's address must be one of the provider's `GAME_PROVIDER_<ID>_ALLOW_IPS` " +
  '(required in production); any other address, or a provider that is not configured, answers `INVALID_PARTNER`. ' +
  "**Answers:** always HTTP 200 with a Hub88-style `status`; the provider's retry logic reads the status, not " +
  'the HTTP code. `balance` and `bonusBalance` are integers in minor units of the session currency, as they are ' +
  'after the call (also on refusals). A body that does not match the schema answers `WRONG_SYNTAX`; an unknown ' +
  'token `INVALID_TOKEN`.';

/** Statuses of a money call, listed in its description. */
const MONEY_STATUSES = 'OK, WRONG_CURRENCY, WRONG_TYPES, DUPLICATE_TRANSACTION (same id, other call)';

/**
 * The wallet callbacks for third-party providers, `POST /api/game-wallet/{provider}/{call}`.
 * Every request is signed: the `X-Croupier-Signature` header is the hex HMAC-SHA256 of the
 * raw body with the provider's secret; calls from addresses outside its allow-list are
 * refused. Answers are always HTTP 200 with a Hub88-style `status` (the provider's retry
 * logic reads the status, not the HTTP code).
 */
export const gameWalletCallbackRoutes: FastifyPluginAsyncZod<{
  gameWallet: GameWallet;
  /** The provider's access (secret and allow-list), undefined for a provider that may not call. */
  accessOf: (provider: string) => GameProviderAccess | undefined;
  config: Config;
}> = async (app, { gameWallet, accessOf, config }) => {
  // The signature is over the exact bytes sent: keep them before JSON parsing.
  keepRawJsonBodies(app);
  // Providers read statuses, not HTTP codes: a body that breaks the schema (or carries control characters) is
  // WRONG_SYNTAX.
  app.setErrorHandler((error, _request, reply) => {
    const badJson = error instanceof SyntaxError;
    if (badJson || toAppError(error).errorName === 'VALIDATION_FAILED')
      return reply.code(200).send(refused('WRONG_SYNTAX'));
    throw error;
  });

  /** Authenticates the caller, then resolves the session of the token; otherwise the refusal to answer. */
  async function authorise(
    request: FastifyRequest,
    provider: string,
    token: string,
  ): Promise<GameSession | GameWalletResponse> {
    const access = accessOf(provider);
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
  const tags = ['game wallet'];
  const describe = (what: string, statuses: string) =>
    `${what}\n\n${CALLBACK_RULES}\n\n**Statuses:** ${statuses}, INVALID_PARTNER, INVALID_SIGNATURE, INVALID_TOKEN, WRONG_SYNTAX.`;

  route(
    app,
    gameWalletEndpoints.balance,
    {
      tags,
      summary: "Provider callback: balance of the session's account",
      description: describe(
        "The balance of the account the session plays from (a demo session's play balance). " +
          "Accepted after the token expired. A `currency` other than the session's answers WRONG_CURRENCY.",
        'OK, WRONG_CURRENCY',
      ),
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

  route(
    app,
    gameWalletEndpoints.bet,
    {
      tags,
      summary: 'Provider callback: bet (debit), idempotent on transactionId',
      description: describe(
        'Debits `amount` for a round. Processed at most once per provider `transactionId`: a retry answers the ' +
          'first result with the balance as it is now. Refused with TOKEN_EXPIRED after the launch token expired ' +
          "or the player's sign-in session that launched the game ended (logout, closed session, password change), " +
          'USER_DISABLED for a blocked or self-excluded player, NOT_ENOUGH_MONEY (with the actual balance) when ' +
          "the balance is short, BET_OUT_OF_LIMITS outside the game's stake limits, and TRANSACTION_ROLLED_BACK " +
          'when a rollback of this transaction id arrived first. Responsible-gaming rules answer LIMIT_REACHED (a ' +
          'loss or wager limit of the player) and REALITY_CHECK (a reality check is due). A refused bet changes ' +
          'nothing.',
        `${MONEY_STATUSES}, NOT_ENOUGH_MONEY, TOKEN_EXPIRED, USER_DISABLED, BET_OUT_OF_LIMITS, LIMIT_REACHED, ` +
          'REALITY_CHECK, TRANSACTION_ROLLED_BACK',
      ),
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      const { transactionId, roundId, amount, currency } = request.body;
      return toWire(await gameWallet.bet(session, { transactionId, roundId, amountMinor: BigInt(amount), currency }));
    },
  );

  route(
    app,
    gameWalletEndpoints.win,
    {
      tags,
      summary: 'Provider callback: win (credit), idempotent on transactionId',
      description: describe(
        'Credits `amount` (0 records a losing round without money). Processed at most once per provider ' +
          '`transactionId`. Accepted after the launch token expired, for blocked players and for disabled games: ' +
          "the money is the player's either way (providers retry wins for up to 24 hours).\n\n" +
          '**Free rounds:** a win naming `freeRoundsId` (the id of a free-rounds grant the casino sent the provider) ' +
          "is the result of one free round; no bet precedes it. It takes one of the grant's rounds and adds " +
          "`amount` to the grant's winnings, which become a bonus to wager when the grant is used up or expires; " +
          'no money moves now. It is a new round: refused with TOKEN_EXPIRED or USER_DISABLED like a bet, and with ' +
          "FREE_ROUNDS_NOT_AVAILABLE when the grant is not this session's player, account and game, not active, " +
          'used up or past its deadline.',
        `${MONEY_STATUSES}, TOKEN_EXPIRED, USER_DISABLED, FREE_ROUNDS_NOT_AVAILABLE (free rounds)`,
      ),
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      const { transactionId, roundId, amount, currency, freeRoundsId } = request.body;
      const call = { transactionId, roundId, amountMinor: BigInt(amount), currency };
      if (freeRoundsId) return toWire(await gameWallet.freeRound(session, { ...call, freeRoundsId }));
      return toWire(await gameWallet.win(session, call));
    },
  );

  route(
    app,
    gameWalletEndpoints.rollback,
    {
      tags,
      summary: 'Provider callback: rollback (refund) of a bet, idempotent on transactionId',
      description: describe(
        'Refunds the bet `referenceTransactionId` once. A rollback of a bet never seen is recorded and answered ' +
          'OK; the bet is then refused with TRANSACTION_ROLLED_BACK if it arrives later. A second rollback of the ' +
          'same bet (another id) answers OK without money. Accepted after the launch token expired.',
        'OK, DUPLICATE_TRANSACTION, TRANSACTION_DOES_NOT_EXIST (the bet belongs to another player)',
      ),
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      const { transactionId, referenceTransactionId, roundId } = request.body;
      return toWire(await gameWallet.rollback(session, { transactionId, referenceTransactionId, roundId }));
    },
  );

  route(
    app,
    gameWalletEndpoints.resettle,
    {
      tags,
      summary: 'Provider callback: resettle (correction of a settled round), idempotent on transactionId',
      description: describe(
        "Corrects what a settled round paid, as a sportsbook does when an event's result is corrected. " +
          '`amount` is signed (minor units): positive credits the player (like a win), negative takes money ' +
          'back. A correction down takes at most the real balance (bonus money is left alone, balances never ' +
          'go below zero); the part not collected is recorded for the operator and the answer is OK. Processed ' +
          'at most once per provider `transactionId`. Accepted after the launch token expired and for blocked ' +
          "players. The round must have a bet of the session's player.",
        'OK, DUPLICATE_TRANSACTION (same id, other call), TRANSACTION_DOES_NOT_EXIST (no bet of this player in the round)',
      ),
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      const { transactionId, roundId, amount } = request.body;
      return toWire(await gameWallet.resettle(session, { transactionId, roundId, amountMinor: BigInt(amount) }));
    },
  );

  route(
    app,
    gameWalletEndpoints.endRound,
    {
      tags,
      summary: 'Provider callback: end of a round',
      description: describe(
        'Marks the end of a round. Rounds settle with their wins, so nothing moves; answers the balance.',
        'OK',
      ),
    },
    async (request) => {
      const session = await authorise(request, request.params.provider, request.body.token);
      if (!isSession(session)) return session;
      return toWire(await gameWallet.endRound(session));
    },
  );
};
