import websocket from '@fastify/websocket';
import { REALTIME_PATH } from '@croupier/contract';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/errors';
import { createRealtimeEvents, type RealtimeEvents } from './after-commit';
import { createLocalEventBus, createRedisEventBus, type EndedSessions, type EventBus } from './bus';
import { devRealtimeRoutes } from './dev-routes';
import { Gateway, type GatewaySettings } from './gateway';
import { createJwtTokenVerifier, refuseAllTokens, type TokenVerifier } from './token-verifier';

export type { RealtimeEvents } from './after-commit';
export { encodeEvent, type EncodedEvent, type EndedSessions, type EventBus } from './bus';
export type { Gateway, GatewaySettings } from './gateway';
export type { TokenVerification, TokenVerifier } from './token-verifier';

export interface RealtimeOptions {
  /** The bus to use (tests share one); otherwise Redis-backed when REDIS_URL is set, else in-process. */
  bus?: EventBus;
  /** How connection tokens are checked; the auth module's verifier in production wiring. */
  tokenVerifier?: TokenVerifier;
  /** Gateway tuning beyond the configuration (tests shorten timers). */
  settings?: Partial<GatewaySettings>;
}

export interface Realtime {
  bus: EventBus;
  /** What services use: transactions whose events are published after commit. */
  events: RealtimeEvents;
  gateway: Gateway;
  /**
   * Closes the live connections of sessions that ended, on every process (through the
   * bus). For the auth module: logout, closed sessions, password changes, blocking.
   * Never throws; a failed fan-out is logged.
   */
  endSessions(ended: EndedSessions): void;
}

/** Largest command message a client may send (a connect with a token and a batch of subscribes is ~2 KiB). */
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

/**
 * The realtime module: event bus, after-commit publishing and the websocket gateway at
 * `/api/connection/websocket` (same host and port as the API).
 */
export async function registerRealtime(
  server: FastifyInstance,
  deps: { config: Config; db: Db; redis: Redis | undefined; options?: RealtimeOptions | undefined },
): Promise<Realtime> {
  const { config, db } = deps;
  const options = deps.options ?? {};
  const log = server.log.child({ module: 'realtime' });

  const bus =
    options.bus ??
    (config.redisUrl
      ? await createRedisEventBus({ url: config.redisUrl, publisher: deps.redis, log })
      : createLocalEventBus(log));
  if (!options.bus) server.addHook('onClose', async () => bus.close());

  let verifier = options.tokenVerifier;
  if (!verifier) {
    if (config.auth.jwtSecret) {
      verifier = createJwtTokenVerifier({ key: config.auth.jwtSecret });
    } else {
      log.warn('no token verifier and no JWT_SECRET: realtime connections are accepted as guests only');
      verifier = refuseAllTokens;
    }
  }

  const gateway = new Gateway(bus, verifier, log, {
    pingIntervalMs: config.realtime.pingIntervalSeconds * 1000,
    maxQueueBytes: config.realtime.queueMaxBytes,
    maxQueueMessages: config.realtime.queueMaxMessages,
    ...options.settings,
  });
  gateway.start();

  // Encapsulated: @fastify/websocket's hooks and route wrapping apply to this scope only.
  await server.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES, perMessageDeflate: false },
      // Replaces the plugin's default (close code 1005, no reason): clients are told to reconnect.
      preClose: async () => {
        await gateway.close();
        scope.websocketServer.close();
      },
      // A broken socket (reset by the peer…) is routine for a public gateway.
      errorHandler: (error, socket) => {
        log.debug({ err: error }, 'realtime: socket error');
        socket.terminate();
      },
    });
    scope.route({
      method: 'GET',
      url: REALTIME_PATH,
      schema: { hide: true },
      // A plain HTTP request gets the API's JSON 404.
      handler: async () => {
        throw AppError.notFound('This path accepts websocket connections only.');
      },
      wsHandler: (socket, request) => gateway.accept(socket, { ip: request.ip }),
    });
  });

  const events = createRealtimeEvents({ db, bus, log });
  if (!config.isProduction) await server.register(devRealtimeRoutes, { events, gateway });

  const endSessions = (ended: EndedSessions): void => {
    bus.endSessions(ended).catch((error: unknown) => {
      log.error({ err: error, playerId: ended.playerId }, 'realtime: sessions-ended notice failed');
    });
  };

  return { bus, events, gateway, endSessions };
}
