import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Db } from './db/database';
import { registerErrorHandling } from './http/error-handler';
import { clientIp } from './http/geo';
import { registerInputHygiene } from './http/input-hygiene';
import { loggerOptions, registerRequestLogging } from './http/logging';
import { registerSecurityHeaders } from './http/security-headers';
import {
  cspHeaderOf,
  isApiRequest,
  isWebAppBuilt,
  registerWebApp,
  spaPageFile,
  wantsSpaPage,
  websocketOriginOf,
} from './http/web';
import { createBackgroundTasks, type BackgroundTasks } from './lib/background';
import { createJobs, createJobsRepository, type Jobs } from './modules/jobs';
import { AppError } from './lib/errors';
import { createEventRegistry } from './lib/events';
import { parseQueryString } from './lib/query-string';
import { closureRoutes, createAuth, decoratePlayer, type SecretCheckObserver } from './modules/auth';
import { authRoutes } from './modules/auth/routes';
import { sessionRoutes } from './modules/auth/session-routes';
import { registerSocialSignIn } from './modules/auth/social';
import { contentRoutes } from './modules/content/routes';
import { createContentService } from './modules/content/service';
import { loadContentStore, type ContentStore } from './modules/content/store';
import { gamesRoutes } from './modules/games/routes';
import { createGamesRepository } from './modules/games/repository';
import { createGamesService } from './modules/games/service';
import { registerGamesPlayer } from './modules/games/player';
import { healthRoutes } from './modules/health/routes';
import { createEmailSender } from './modules/notifications/email';
import { createOutboxRepository } from './modules/notifications/outbox/repository';
import { devOutboxRoutes } from './modules/notifications/outbox/routes';
import { createOutboxService } from './modules/notifications/outbox/service';
import { createCommunicationsRepository } from './modules/notifications/repository';
import { notificationRoutes } from './modules/notifications/routes';
import { createCommunicationsService } from './modules/notifications/service';
import { createSmsSender } from './modules/notifications/sms';
import { createFieldRulesService } from './modules/profile/fields';
import { createProfileRepository } from './modules/profile/repository';
import { profileRoutes } from './modules/profile/routes';
import { createProfileReader, createProfileService } from './modules/profile/service';
import { exportRoutes } from './modules/profile/export-routes';
import { createRetentionRepository } from './modules/retention/repository';
import { registerRealtime, type Realtime, type RealtimeEvents, type RealtimeOptions } from './modules/realtime';
import { retentionRoutes } from './modules/retention/routes';
import { createRetentionService } from './modules/retention/service';
import { createSettingsRepository } from './modules/settings/repository';
import { settingsRoutes } from './modules/settings/routes';
import { createSettingsService } from './modules/settings/service';
import { createWallet, walletDevRoutes, walletRoutes } from './modules/wallet';
import { hasAdminKey, registerPayments, selfDelivery } from './modules/payments';
import { registerBonuses } from './modules/bonuses';
import { readGameActivity, registerGameWallet, type BetRule, type GameProviderAccess } from './modules/game-wallet';
import { registerActivity, type Activity } from './modules/activity';
import { registerOriginals, type OriginalsRemoteOptions } from './modules/originals';
import { registerDocuments } from './modules/documents';
import { registerMessenger } from './modules/messenger';
import { registerReferrals } from './modules/referrals';
import { registerLoyalty, type Loyalty } from './modules/retention';
import { registerTournaments, type Tournaments } from './modules/tournaments';
import {
  registerSportsbook,
  registerSportsbookBetting,
  type Sportsbook,
  type SportsbookBetting,
  type SportsbookOptions,
} from './modules/sportsbook';
import { registerQuests, type Quests } from './modules/quests';
import { registerWheels, type Wheels } from './modules/wheels';
import { registerVerification } from './modules/verification';
import { registerLimits } from './modules/limits';
import { createPlaySessionsModule, registerPlaySessions } from './modules/play-sessions';

export interface AppOptions {
  config: Config;
  db: Db;
  redis?: Redis | undefined;
  /** Pre-loaded content (tests share one); loaded from config.contentDir otherwise. */
  contentStore?: ContentStore;
  logger?: boolean;
  /** Realtime overrides: a shared bus, the token verifier, gateway timers (tests). */
  realtime?: RealtimeOptions;
  /** Third-party game providers allowed to call the game wallet (secret and allow-list each). */
  gameProviders?: GameProviderAccess[];
  /** The in-house games' remote wallet: another client, the background retry's period (tests). */
  originalsRemote?: OriginalsRemoteOptions;
  /** Extra rules refusing game bets (tests; the limits and bonus modules add theirs here). */
  gameBetRules?: BetRule[];
  /** Told of each password or one-time code compared with an account's (tests count them). */
  onSecretCheck?: SecretCheckObserver;
  /** The clock of the rules that count time (responsible-gaming limits); tests move it. */
  now?: () => Date;
  /** The sportsbook feed's clock and ingest lock (tests). */
  sportsbook?: SportsbookOptions;
}

export interface App {
  server: FastifyInstance;
  /** Marks the process as draining: readiness fails so the load balancer stops sending. */
  beginShutdown(): void;
  /** Event bus, after-commit publishing and the websocket gateway. */
  realtime: Realtime;
  /** Work that runs after responses (waited for when the server closes). */
  background: BackgroundTasks;
  /** Durable jobs: modules register handlers and enqueue in their transactions. */
  jobs: Jobs;
  /** The activity stream: `drain()` handles what is committed (tests; servers also poll). */
  activity: Activity;
  /** Tournaments: `finish(id)` is the finish job's work (tests run it directly). */
  tournaments: Tournaments;
  /** Prize wheels: the level and quest handlers are callable in a transaction (tests). */
  wheels: Wheels;
  /** Loyalty points and levels: `awardPointsIn` for other engines (tests call it directly). */
  loyalty: Loyalty;
  /** Quests: `expire(id)` is the expiry job's work (tests run it directly). */
  quests: Quests;
  /** Every route registered, as `METHOD /path` (the contract test compares them with the endpoints). */
  routes: readonly string[];
  /** The sportsbook: its catalogue and, when the feed is on, the feed's runner (tests ask who ingests). */
  sportsbook: Sportsbook;
  /** The sportsbook's betting: placement, cash-out and the settlement job's batches (tests). */
  sportsbookBetting: SportsbookBetting;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, db } = options;
  let shuttingDown = false;

  const server = Fastify({
    logger: options.logger === false ? false : loggerOptions(config),
    // One line per request, from registerRequestLogging, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Bracket arrays and bare keys, as the platform's clients send them.
    routerOptions: { querystringParser: parseQueryString },
    // Keep a well-formed id from the edge so that one request can be followed end to end.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  const routes: string[] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push(`${method} ${route.url}`);
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  const webServed = config.webDistDir ? isWebAppBuilt(config.webDistDir) : false;
  if (config.webDistDir && !webServed)
    server.log.warn({ distDir: config.webDistDir }, 'web app not built: only the API is served');
  // The live chat widget (when configured) is the one third party the pages load.
  const chatOrigins = config.features.chat ? [new URL(config.features.chat.scriptUrl).origin] : [];
  const cspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...chatOrigins],
    styleSrc: ["'self'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...chatOrigins],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers same-origin websockets in Chromium 71+ and Safari 16+; older browsers need the
    // site's own ws(s) origin named. No other websocket host.
    connectSrc: ["'self'", websocketOriginOf(config.siteUrl), ...chatOrigins],
    frameSrc: ["'self'", ...chatOrigins],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
  // The in-house game frame may also be embedded by the front ends the operator lists
  // (GAME_FRAME_ANCESTORS); every other page only by the site itself.
  const gameFrameCsp =
    config.gameFrameAncestors.length > 0
      ? cspHeaderOf({ ...cspDirectives, frameAncestors: ["'self'", ...config.gameFrameAncestors] })
      : undefined;
  // Set before any plugin so that every encapsulated context inherits them.
  registerErrorHandling(server, {
    spaFallback: webServed
      ? (request, reply) => {
          if (!wantsSpaPage(request)) return undefined;
          const page = spaPageFile(request);
          if (page === 'play.html' && gameFrameCsp) {
            void reply.header('content-security-policy', gameFrameCsp);
            // Older browsers obey X-Frame-Options over frame-ancestors; SAMEORIGIN would refuse them.
            reply.raw.removeHeader('x-frame-options');
          }
          return reply.header('cache-control', 'no-cache').sendFile(page);
        }
      : undefined,
  });
  // Hooks every request runs are callback-style where they do not wait: no promise per request.
  server.addHook('onRequest', (request, reply, done) => {
    void reply.header('x-request-id', request.id);
    done();
  });
  if (options.logger !== false) registerRequestLogging(server, config.logFormat);
  registerInputHygiene(server);
  // `request.player`, set by the auth guards of the routes that need it.
  decoratePlayer(server);

  registerSecurityHeaders(server, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives,
    },
    hsts: config.isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  // Brotli's default quality (11) costs ~100x level 4 for a few percent: fine at build
  // time (pre-compressed assets), too slow per request.
  await server.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await server.register(rateLimit, {
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => clientIp(request, config),
    ...(options.redis ? { redis: options.redis, nameSpace: 'croupier:rl:' } : {}),
    allowList: (request) =>
      !isApiRequest(request) ||
      request.url.startsWith('/api/health') ||
      config.rateLimitAllowIps.includes(clientIp(request, config)),
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });

  await server.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Croupier API',
        version: '0.1.0',
        description:
          'Player-facing casino and sportsbook API. Paths and shapes follow the reference platform: `{ data }` envelope, ' +
          '`{ data, meta }` for pages, `{ error: { code, message, fields } }` for errors, bracket-style query arrays, ' +
          'amounts as major-unit numbers.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          adminKey: { type: 'apiKey', in: 'header', name: 'X-Admin-Key' },
          // Game providers' wallet callbacks: hex HMAC-SHA256 of the raw body with the provider's secret
          providerSignature: { type: 'apiKey', in: 'header', name: 'X-Croupier-Signature' },
          // In-house games' calls from their frame: the launch token of the game session
          gameSession: { type: 'apiKey', in: 'header', name: 'X-Game-Session' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await server.register(swaggerUi, { routePrefix: '/api/docs' });

  const repository = createSettingsRepository(db);
  const settings = createSettingsService({ repository, config });
  const contentStore = options.contentStore ?? loadContentStore(config.contentDir);
  // The default locale is read inside transactions too (a system message's texts, written with
  // the change it reports): once known it is answered at once while a fresh value loads, so no
  // transaction waits on another connection (PGlite has only one: it would wait forever).
  let knownDefaultLocale: string | undefined;
  const loadDefaultLocale = async () => {
    knownDefaultLocale = (await settings.listLocales()).find((l) => l.isDefault)?.code ?? 'en';
    return knownDefaultLocale;
  };
  const content = createContentService({
    store: contentStore,
    defaultLocale: async () => {
      if (knownDefaultLocale === undefined) return loadDefaultLocale();
      void loadDefaultLocale().catch(() => undefined);
      return knownDefaultLocale;
    },
  });
  server.addHook('onReady', async () => {
    await loadDefaultLocale();
  });

  await server.register(healthRoutes, { db, isShuttingDown: () => shuttingDown });
  await server.register(settingsRoutes, { settings, config });
  await server.register(contentRoutes, { content });
  const games = createGamesService({ repository: createGamesRepository(db) });
  await server.register(gamesRoutes, { games });

  const outboxRepository = createOutboxRepository(db);
  const email = createEmailSender({ config, outbox: outboxRepository });
  const communications = createCommunicationsService({
    repository: createCommunicationsRepository(db),
    email,
    supportEmail: config.mail.supportEmail,
    content,
  });
  await server.register(notificationRoutes, { communications, config });
  // What the sandboxes "sent" (codes, reset links): never exposed in production.
  if (!config.isProduction) {
    await server.register(devOutboxRoutes, { outbox: createOutboxService({ repository: outboxRepository }) });
  }
  const profileRepository = createProfileRepository(db);
  const fields = createFieldRulesService({ repository: profileRepository });
  const profileReader = createProfileReader({ repository: profileRepository });
  // Cross-module reactions: emitters and handlers meet here, whatever order they are created in.
  const appEvents = createEventRegistry();
  const background = createBackgroundTasks(server.log);
  server.addHook('onClose', async () => background.settled());
  // Durable jobs: handlers are registered while the modules are built; the runner starts
  // once the server is ready and stops (finishing its batch) when it closes.
  // Jobs run in realtime's transactions (created below, before the runner starts), so that
  // what a handler publishes goes out after its commit.
  const late: { realtimeEvents?: RealtimeEvents } = {};
  const jobs = createJobs({
    repository: createJobsRepository(db),
    log: server.log,
    transaction: (work) => {
      if (!late.realtimeEvents) throw new Error('a job ran before realtime was ready');
      return late.realtimeEvents.transaction(work);
    },
  });
  if (config.jobsPollMs > 0) {
    let stopJobs: (() => Promise<void>) | undefined;
    server.addHook('onReady', async () => {
      await jobs.schedule();
      stopJobs = jobs.start(config.jobsPollMs);
    });
    server.addHook('onClose', async () => stopJobs?.());
  }
  const auth = createAuth({
    db,
    config,
    email,
    sms: createSmsSender({ config, outbox: outboxRepository }),
    settings,
    fields,
    profiles: profileReader,
    content,
    background,
    log: server.log,
    events: appEvents,
    onSecretCheck: options.onSecretCheck,
  });
  const profiles = createProfileService({
    repository: profileRepository,
    reader: profileReader,
    fields,
    settings,
    confirmations: auth.confirmations,
    players: auth.players,
    transaction: (work) => db.transaction().execute(work),
    onUpdated: (trx, playerId, filledFields) => appEvents.emit('profile.updated', { trx, playerId, filledFields }),
  });
  await server.register(authRoutes, { auth, config });
  await server.register(sessionRoutes, { auth, config });
  await registerSocialSignIn(server, { config, db, sessions: auth.sessions, settings, content });
  await server.register(profileRoutes, {
    profiles,
    fields,
    guards: auth.guards,
    resendConfirmation: (playerId) => auth.confirmations.resend(playerId),
  });
  await server.register(retentionRoutes, {
    retention: createRetentionService({ repository: createRetentionRepository(db) }),
  });

  const realtime = await registerRealtime(server, {
    config,
    db,
    redis: options.redis,
    options: {
      ...options.realtime,
      // A player's connection needs an open session (tests may put their own verifier).
      tokenVerifier: options.realtime?.tokenVerifier ?? {
        verify: (token) => auth.sessions.verifyConnectionToken(token),
      },
    },
  });
  late.realtimeEvents = realtime.events;
  // After realtime: the feed's changes are published after each ingested batch.
  const sportsbook = await registerSportsbook(server, {
    db,
    config,
    events: realtime.events,
    jobs,
    options: options.sportsbook,
  });
  // Closing sessions ends their live websocket connections.
  appEvents.on('auth.sessions-ended', (ended) => realtime.endSessions(ended));

  // The activity stream (docs/activity.md): engines that react to play register consumers on it
  // while they are built; it reads in realtime's transactions so what they publish goes out
  // after their commit.
  const activity = await registerActivity(server, {
    db,
    readGameActivity,
    appEvents,
    transaction: (work) => realtime.events.transaction(work),
    pollMs: config.activityPollMs,
    isProduction: config.isProduction,
    log: server.log,
  });

  // After realtime: balance changes are published after their commit.
  const wallet = createWallet({ db, events: realtime.events, currencies: settings });
  await server.register(walletRoutes, { accounts: wallet.accounts, guards: auth.guards });
  if (!config.isProduction) await server.register(walletDevRoutes, { sandbox: wallet.sandbox, guards: auth.guards });
  const bonuses = await registerBonuses(server, {
    db,
    wallet,
    currencies: settings,
    events: realtime.events,
    jobs,
    guards: auth.guards,
    adminApiKey: config.adminApiKey,
    appEvents,
  });
  // Before payments: large withdrawals and deposits ask its policy.
  const verification = await registerVerification(server, {
    db,
    config,
    events: realtime.events,
    guards: auth.guards,
    profiles: profileReader,
    sandboxDelivery: selfDelivery(server),
    // A verified identity that matches a running self-exclusion excludes the account too.
    onApproved: (trx, playerId) => limits.identityApproved(trx, playerId),
  });
  const subunits = new Map<string, bigint>();
  const loadSubunits = async () => {
    for (const currency of await settings.listCurrencies({ visibleOnly: false })) {
      subunits.set(currency.code, BigInt(currency.subunitToUnit));
    }
  };
  server.addHook('onReady', loadSubunits);
  // Before payments and the game wallet: deposits and bets ask its rules.
  const limits = await registerLimits(server, {
    db,
    guards: auth.guards,
    accounts: wallet.accounts,
    transaction: (work) => realtime.events.transaction(work),
    // Read inside the limits' transactions: kept per process (a currency's subunits never
    // change) and loaded at start, so no transaction waits on another connection.
    subunitOf: async (code) => {
      const known = subunits.get(code);
      if (known !== undefined) return known;
      await loadSubunits();
      const loaded = subunits.get(code);
      if (loaded === undefined) throw new Error(`unknown currency ${code}`);
      return loaded;
    },
    ...(options.now ? { now: options.now } : {}),
    players: auth.players.exclusion,
    jobs,
    isIdentityVerified: async (playerId) => (await verification.status(playerId)).status === 'approved',
  });
  const payments = await registerPayments(server, {
    db,
    config,
    wallet,
    depositLimits: {
      async check(q, request) {
        // In the deposit's transaction the account is known (no read on another connection).
        const accountId =
          request.accountId ?? (await wallet.accounts.findByCurrency(request.playerId, request.currency))?.id;
        if (!accountId) return { allowed: true };
        return limits.checkDeposit(q, {
          playerId: request.playerId,
          accountId,
          amountMinor: request.amountMinor ?? 0n,
        });
      },
    },
    depositBonuses: {
      check: (playerId, bonusId, currency, amountMinor) =>
        bonuses.checkDepositBonus(playerId, bonusId, currency, amountMinor),
      onDepositCredited: (trx, deposit) => bonuses.onDepositCredited(trx, deposit),
    },
    onWithdrawal: (trx, withdrawal) => bonuses.onWithdrawal(trx, withdrawal),
    appEvents,
    identity: verification.policy,
    events: realtime.events,
    currencies: settings,
    profiles: profileReader,
    guards: auth.guards,
  });
  await registerGamesPlayer(server, {
    db,
    games,
    guards: auth.guards,
    events: realtime.events,
    appEvents,
    content,
  });
  // Reality checks and session time: a bet rule and a launch's times for the game wallet.
  const playSessions = createPlaySessionsModule({ db, ...(options.now ? { now: options.now } : {}) });
  const gameWallet = await registerGameWallet(server, {
    db,
    config,
    events: realtime.events,
    wallet,
    payments,
    games,
    currencies: settings,
    guards: auth.guards,
    providers: options.gameProviders ?? [],
    appEvents,
    betRules: [...(options.gameBetRules ?? []), playSessions.rule],
    sessionValues: (player) => playSessions.sessionValues(player),
    wagering: bonuses.wagering,
    freeRounds: bonuses.freespins.freeRounds,
    limits,
  });
  limits.usePlayHistory({ totalsSince: (q, input) => gameWallet.playTotalsSince(q, input) });
  limits.useDepositHistory({
    depositedSince: (q, input) => payments.depositedSince(q, input.accountId, input.since),
  });
  await registerPlaySessions(server, {
    playSessions,
    guards: auth.guards,
    sessionOf: (token) => gameWallet.gameWallet.sessionOf(token),
    currencyOf: gameWallet.currencyOf,
    isProduction: config.isProduction,
  });
  bonuses.useOpenBets(gameWallet.openBetsSince);
  bonuses.freespins.useProviders(gameWallet.freeRounds);
  // The in-house games sit on the game wallet; they are composed here so that it never imports them.
  const { originals } = await registerOriginals(server, {
    db,
    config,
    events: realtime.events,
    games,
    guards: auth.guards,
    ...gameWallet,
    remote: options.originalsRemote,
    freespins: bonuses.freespins,
    appEvents,
  });

  // The sportsbook's betting (docs/sportsbook.md): a provider of the game wallet, in process.
  const sportsbookBetting = await registerSportsbookBetting(server, {
    db,
    config,
    events: realtime.events,
    jobs,
    wallet: gameWallet.gameWallet,
    gameIdOf: gameWallet.gameIdOf,
    stakeLimits: gameWallet.stakeLimits,
    currencies: settings,
    sandbox:
      sportsbook.sandbox && sportsbook.feed ? { feed: sportsbook.sandbox, flush: () => sportsbook.feed.flush() } : null,
    settleBatchSize: options.sportsbook?.settleBatchSize,
  });

  // Tournaments (docs/tournaments.md): an activity consumer, the finish job and the prizes' bonuses.
  const tournaments = await registerTournaments(server, {
    db,
    events: realtime.events,
    activity,
    jobs,
    bonuses,
    // Cash prizes: paid through the ledger to the winner's real balance.
    wallet,
    guards: auth.guards,
    // Read inside the activity batch's transaction: the per-process cache loaded at start.
    subunitOf: (code) => {
      const known = subunits.get(code);
      if (known === undefined) throw new Error(`unknown currency ${code}`);
      return known;
    },
    appEvents,
    adminApiKey: config.adminApiKey,
    finishDelayMs: config.tournamentFinishDelayMs,
    // Leaderboards on Redis sorted sets when configured (docs/tournaments.md), else the database's queries.
    leaderboard: {
      store: config.tournamentLeaderboard.store,
      redis: options.redis,
      keyPrefix: config.tournamentLeaderboard.keyPrefix,
    },
    ...(options.now ? { now: options.now } : {}),
    log: server.log,
  });
  // Referrals (docs/referrals.md): links at registration, an activity consumer, the owner's bonus;
  // the profile's referral fields and the constants' switch read it through ports.
  const referrals = await registerReferrals(server, {
    db,
    appEvents,
    activity,
    jobs,
    guards: auth.guards,
    adminApiKey: config.adminApiKey,
    bonuses,
    currencies: settings,
    transaction: (work) => realtime.events.transaction(work),
    log: server.log,
    ...(options.now ? { now: options.now } : {}),
  });
  profileReader.useReferrals(referrals);
  // Loyalty (docs/loyalty.md): points from the activity stream, levels and their bonuses;
  // `awardPointsIn` is what other engines (quests) give points with.
  const { loyalty } = await registerLoyalty(server, {
    db,
    events: realtime.events,
    appEvents,
    activity,
    bonuses,
    guards: auth.guards,
    // Read inside the activity batch's transaction: the per-process cache loaded at start.
    subunitOf: (code) => subunits.get(code),
    adminApiKey: config.adminApiKey,
    log: server.log,
  });
  settings.useReferralSwitch(() => referrals.enabledNow());
  // Quests (docs/quests.md): an activity consumer, the expiry job; rewards through the bonus
  // engine, loyalty's points (`awardPointsIn`) and `retention.quest-completed` (the wheels' spins).
  const quests = await registerQuests(server, {
    db,
    events: realtime.events,
    appEvents,
    activity,
    jobs,
    bonuses,
    awardPointsIn: (trx, input) => loyalty.awardPointsIn(trx, input),
    guards: auth.guards,
    // Read inside the activity batch's transaction: the per-process cache loaded at start.
    subunitOf: (code) => subunits.get(code),
    adminApiKey: config.adminApiKey,
    ...(options.now ? { now: options.now } : {}),
    log: server.log,
  });
  // Prize wheels (docs/wheels.md): spins on loyalty levels and quests, prizes through the bonus engine.
  const wheels = await registerWheels(server, {
    db,
    events: realtime.events,
    appEvents,
    guards: auth.guards,
    prizes: bonuses,
    activeCurrency: async (playerId) =>
      (await wallet.accounts.listAccounts(playerId)).find((account) => account.status === 1)?.currency,
    adminApiKey: config.adminApiKey,
    ...(options.now ? { now: options.now } : {}),
  });
  // Before documents: a review writes its system message in the review's transaction.
  const messenger = await registerMessenger(server, {
    db,
    events: realtime.events,
    appEvents,
    guards: auth.guards,
    content,
    adminApiKey: config.adminApiKey,
  });
  const documents = await registerDocuments(server, {
    db,
    events: realtime.events,
    appEvents,
    guards: auth.guards,
    adminApiKey: config.adminApiKey,
    settings: config.documents,
  });

  // Account control (docs/player-protection.md): closure records the wallet's balances; the
  // export reads each module's player lists, bound to the signed-in player.
  await server.register(closureRoutes, {
    closures: auth.closures,
    guards: auth.guards,
    balancesOf: async (playerId) =>
      (await wallet.accounts.listAccounts(playerId)).map((account) => ({
        currency: account.currency,
        realBalance: account.realBalance,
        lockedBalance: account.lockedBalance,
        bonusBalance: account.bonusBalance,
      })),
    isOperator: (request) => hasAdminKey(request, config.adminApiKey),
  });
  await server.register(exportRoutes, {
    guards: auth.guards,
    sourcesFor: (player) => ({
      profile: () => profileReader.getProfile(player.id),
      accounts: () => wallet.accounts.listAccounts(player.id),
      sessions: (page) => auth.sessions.list(player, page),
      invoices: (page) => payments.invoices.list(player.id, page),
      bonuses: (page) => bonuses.listPlayerBonuses(player.id, page),
      rounds: (page) => originals.spins(player.id, page),
      documents: () => documents.list(player.id),
      limits: () => limits.list(player.id),
      messages: (page) => messenger.list(player.id, page),
    }),
  });

  if (webServed && config.webDistDir) await registerWebApp(server, config.webDistDir);

  return {
    server,
    realtime,
    background,
    jobs,
    activity,
    tournaments,
    wheels,
    loyalty,
    quests,
    routes,
    sportsbook,
    sportsbookBetting,
    beginShutdown() {
      shuttingDown = true;
    },
  };
}
