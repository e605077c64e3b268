import { randomUUID } from 'node:crypto';
import { PlayerStatus, type AuthResponse, type PaginationMeta, type Profile, type Session } from '@croupier/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Database, SessionCloseReason, SignInMethod } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { pageMeta, pageOffset } from '../../lib/pagination';
import type { ClientContext } from './client';
import { randomToken, sha256Hex } from './crypto';
import { unauthenticated, type AuthenticatedPlayer } from './guards';
import type { AuthRepository, ListedSessionRow, SessionCheckRow } from './repository';
import type { AccessTokens } from './tokens';

/** How the sessions service reads the profile that every sign-in answer carries. */
export interface ProfileReader {
  getProfile(playerId: string, options?: { isNewlyRegistered?: boolean }): Promise<Profile>;
}

export interface SessionLifetimes {
  idleSeconds: number;
  absoluteSeconds: number;
}

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/** The outcome of checking a websocket connection token (the realtime gateway's TokenVerification shape). */
export type ConnectionTokenCheck =
  | { ok: true; playerId: string; sessionId: string; /** ms since the epoch */ expiresAt: number }
  | { ok: false; reason: 'expired' | 'invalid' };

/**
 * Sessions that were just closed: the given ones of a player, or all of the player's but
 * `allExcept`. The realtime gateway closes their live connections (same shape as its
 * `EndedSessions`).
 */
export type SessionsEnded =
  { playerId: string; sessionIds: readonly string[] } | { playerId: string; allExcept: string | null };

const SESSION_ENDED = 'Your session has ended. Sign in again.';

/**
 * How long after a rotation the token it replaced may still be refreshed, answered with
 * the same new refresh token id: parallel refreshes from several tabs and a retry after a
 * lost answer must not end the session as if a copied token came back.
 */
export const REFRESH_RETRY_GRACE_MS = 5_000;

function toSession(row: ListedSessionRow, currentSessionId: string): Session {
  return {
    sessionId: row.id,
    playerId: row.player_id,
    ip: row.ip,
    country: row.country,
    deviceType: row.device_type,
    userAgent: row.user_agent,
    closedAt: (row.closed_at ?? row.lapsed_at)?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    isCurrent: row.id === currentSessionId,
  };
}

/**
 * Sessions: one server-side record per sign-in, checked on every authenticated request,
 * so logout, closing a session and blocking an account take effect at once.
 *
 * Lifetimes: an access token lives ACCESS_TOKEN_TTL_SECONDS (15 min); a session ends
 * SESSION_IDLE_TTL_SECONDS (7 days) after its last use, and SESSION_ABSOLUTE_TTL_SECONDS
 * (30 days) after sign-in in any case.
 *
 * Refresh rotation: the session is the refresh-token family. Each access token carries an
 * `rti` (random at sign-in, then derived from the one it replaces under a server key);
 * the session stores the hash of the newest one. Refreshing with the
 * newest token rotates it; refreshing with any older token of the session (a copied or
 * replayed token) closes the session, which ends the whole family, including whoever
 * holds the newest token. Ordinary requests accept any unexpired token of an open
 * session, so requests already in flight in other tabs do not fail during a refresh.
 * The token just replaced is still accepted for REFRESH_RETRY_GRACE_MS after the rotation
 * and gets the same new `rti` again; after that, and for any token before it, it is reuse.
 */
export function createSessionService(options: {
  repository: AuthRepository;
  tokens: AccessTokens;
  profiles: ProfileReader;
  lifetimes: SessionLifetimes;
  /** Derives the refresh token id that replaces a given one (see createRefreshTokenSuccessor). */
  nextRefreshTokenId: (refreshTokenId: string) => string;
  /** Told after sessions were closed (the change is committed); must not throw. */
  onSessionsEnded?: ((ended: SessionsEnded) => void) | undefined;
  /** Told of a new sign-in session inside the transaction that opens it (the activity stream). */
  onSignedIn?: ((trx: Transaction<Database>, playerId: string, sessionId: string) => Promise<void>) | undefined;
}) {
  const { repository, tokens, profiles, lifetimes } = options;
  const ended = (notice: SessionsEnded) => options.onSessionsEnded?.(notice);

  async function authResponse(
    playerId: string,
    sessionId: string,
    refreshTokenId: string,
    profileOptions: { isNewlyRegistered?: boolean } = {},
  ): Promise<AuthResponse> {
    const [issued, profile] = await Promise.all([
      tokens.issue({ playerId, sessionId, refreshTokenId }),
      profiles.getProfile(playerId, profileOptions),
    ]);
    return {
      accessToken: issued.token,
      tokenType: 'bearer',
      expiresAfter: issued.expiresAt.toISOString(),
      sessionId,
      profile,
    };
  }

  /** Refuses a closed or lapsed session (closing a lapsed one) and a blocked or closed account (ending all its sessions). */
  async function checkSession(session: SessionCheckRow | undefined, playerId: string): Promise<SessionCheckRow> {
    if (!session || session.player_id !== playerId || session.closed_at) throw unauthenticated(SESSION_ENDED);
    if (session.lapsed) {
      await repository.closeSession(session.id, 'expired');
      ended({ playerId: session.player_id, sessionIds: [session.id] });
      throw unauthenticated(SESSION_ENDED);
    }
    if (session.player_status === PlayerStatus.BLOCKED) {
      await repository.closePlayerSessions(session.player_id, 'blocked');
      ended({ playerId: session.player_id, allExcept: null });
      throw new AppError('ACCOUNT_BLOCKED');
    }
    // A closure ends its sessions itself; one that slipped in meanwhile ends here.
    if (session.player_closed) {
      await repository.closePlayerSessions(session.player_id, 'closed');
      ended({ playerId: session.player_id, allExcept: null });
      throw new AppError('ACCOUNT_CLOSED');
    }
    return session;
  }

  return {
    /** Opens a session for a player who has just proved who they are, and answers as every sign-in does. */
    async start(
      playerId: string,
      context: ClientContext & { fingerprint?: string | null | undefined },
      method: SignInMethod,
      profileOptions: { isNewlyRegistered?: boolean } = {},
    ): Promise<AuthResponse> {
      // Every way in (password, link, social, registration) comes through here.
      if (await repository.isClosed(playerId)) throw new AppError('ACCOUNT_CLOSED');
      const sessionId = randomUUID();
      const refreshTokenId = randomToken(16);
      const values = {
        id: sessionId,
        player_id: playerId,
        refresh_token_hash: sha256Hex(refreshTokenId),
        sign_in_method: method,
        ip: context.ip,
        country: context.country,
        device_type: context.deviceType,
        user_agent: context.userAgent,
        fingerprint: context.fingerprint ?? null,
      };
      const { onSignedIn } = options;
      if (onSignedIn) {
        await repository.db.transaction().execute(async (trx) => {
          await repository.insertSession(values, lifetimes.absoluteSeconds, trx);
          await onSignedIn(trx, playerId, sessionId);
        });
      } else {
        await repository.insertSession(values, lifetimes.absoluteSeconds);
      }
      return authResponse(playerId, sessionId, refreshTokenId, profileOptions);
    },

    /** Every authenticated request: a valid, unexpired token of an open session of an unblocked player. */
    async authenticate(token: string): Promise<AuthenticatedPlayer> {
      const claims = await tokens.verify(token, { allowExpired: false });
      if (!claims) throw unauthenticated('Your session has expired or the token is invalid. Sign in again.');
      const session = await checkSession(
        await repository.findSessionForCheck(claims.sessionId, lifetimes.idleSeconds),
        claims.playerId,
      );
      if (session.stale) await repository.touchSession(session.id);
      return { id: session.player_id, sessionId: session.id };
    },

    /**
     * For the realtime gateway's connections (its TokenVerifier): like `authenticate`, but
     * answering instead of throwing, and telling an expired token (the client refreshes
     * and reconnects) from an invalid one. app.ts wires it as the gateway's TokenVerifier.
     */
    async verifyConnectionToken(token: string): Promise<ConnectionTokenCheck> {
      const claims = await tokens.verify(token, { allowExpired: true });
      if (!claims) return { ok: false, reason: 'invalid' };
      if (claims.expired) return { ok: false, reason: 'expired' };
      const session = await repository.findSessionForCheck(claims.sessionId, lifetimes.idleSeconds);
      const usable =
        session &&
        session.player_id === claims.playerId &&
        !session.closed_at &&
        !session.lapsed &&
        !session.player_closed &&
        session.player_status !== PlayerStatus.BLOCKED;
      if (!usable) return { ok: false, reason: 'invalid' };
      return { ok: true, playerId: claims.playerId, sessionId: claims.sessionId, expiresAt: claims.expiresAt * 1000 };
    },

    /** A new access token for the newest (possibly expired) token of an open session. */
    async refresh(token: string, log: Log): Promise<AuthResponse> {
      const claims = await tokens.verify(token, { allowExpired: true });
      if (!claims) throw unauthenticated('The token is invalid. Sign in again.');
      const session = await checkSession(
        await repository.findSessionForCheck(claims.sessionId, lifetimes.idleSeconds),
        claims.playerId,
      );
      const nextRefreshTokenId = options.nextRefreshTokenId(claims.refreshTokenId);
      const rotation = await repository.rotateRefreshToken(
        session.id,
        sha256Hex(claims.refreshTokenId),
        sha256Hex(nextRefreshTokenId),
        REFRESH_RETRY_GRACE_MS,
      );
      if (rotation === 'reuse') {
        // An older token of this session came back: someone holds a copy. End the family.
        await repository.closeSession(session.id, 'refresh_reuse');
        ended({ playerId: session.player_id, sessionIds: [session.id] });
        log.warn({ sessionId: session.id, playerId: session.player_id }, 'refresh token reuse: session closed');
        throw unauthenticated('This session was ended for your security. Sign in again.');
      }
      return authResponse(session.player_id, session.id, nextRefreshTokenId);
    },

    async logout(player: AuthenticatedPlayer): Promise<void> {
      await repository.closeSession(player.sessionId, 'logout');
      ended({ playerId: player.id, sessionIds: [player.sessionId] });
    },

    async list(
      player: AuthenticatedPlayer,
      page: { page: number; perPage: number },
    ): Promise<{ data: Session[]; meta: PaginationMeta }> {
      const [rows, totalRows] = await Promise.all([
        repository.listSessions(player.id, lifetimes.idleSeconds, {
          offset: pageOffset(page.page, page.perPage),
          limit: page.perPage,
        }),
        repository.countSessions(player.id),
      ]);
      return {
        data: rows.map((row) => toSession(row, player.sessionId)),
        meta: pageMeta({ page: page.page, perPage: page.perPage, totalRows }),
      };
    },

    /** Closes one of the player's sessions (the current one too); another player's is a 404. */
    async close(player: AuthenticatedPlayer, sessionId: string): Promise<Session> {
      const row = await repository.closeOwnSession(player.id, sessionId, 'closed', lifetimes.idleSeconds);
      if (!row) throw AppError.notFound('No such session.');
      ended({ playerId: player.id, sessionIds: [sessionId] });
      return toSession(row, player.sessionId);
    },

    /** Ends every open session of a player (password change or reset, blocking), except one. */
    async closeAll(playerId: string, reason: SessionCloseReason, exceptSessionId?: string): Promise<number> {
      const closed = await repository.closePlayerSessions(playerId, reason, exceptSessionId);
      ended({ playerId, allExcept: exceptSessionId ?? null });
      return closed;
    },
  };
}

export type SessionService = ReturnType<typeof createSessionService>;
