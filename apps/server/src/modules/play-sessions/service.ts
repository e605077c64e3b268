import {
  minorToMajor,
  type AmountCurrency,
  type PlaySettings,
  type PlaySettingsBody,
  type RealityCheckSummary,
} from '@croupier/contract';
import type { BetRefusal, BetRule, SessionTimesRepository } from '../game-wallet';
import type { PlaySessionsRepository } from './repository';

const MINUTE_MS = 60_000;

/** What the rule and the summary read of a game session (columns of its row). */
export interface PlaySessionTimes {
  is_demo: boolean;
  created_at: Date;
  reality_check_due_at: Date | null;
  play_ends_at: Date | null;
}

/** A game session as the module's calls receive it (the game wallet's row). */
export interface PlaySession extends PlaySessionTimes {
  id: string;
  player_id: string | null;
  currency: string;
}

/**
 * Why a bet of the session is refused now: its session-time limit has passed (play is
 * over for the session), or a reality check is due (until acknowledged); undefined
 * otherwise. Demo sessions never have these times.
 */
export function playRefusal(session: PlaySessionTimes, nowMs: number): BetRefusal | undefined {
  if (session.is_demo) return undefined;
  if (session.play_ends_at && session.play_ends_at.getTime() <= nowMs) {
    return { status: 'LIMIT_REACHED', errorName: 'GAME_SESSION_TIME_LIMIT' };
  }
  if (session.reality_check_due_at && session.reality_check_due_at.getTime() <= nowMs) {
    return { status: 'REALITY_CHECK', errorName: 'GAME_REALITY_CHECK' };
  }
  return undefined;
}

/**
 * The times of a new game session: the first reality check one interval after launch; the
 * end of play `limit` minutes after the session's play began (`playStart`: the sign-in
 * session's first real-money game, else now), so reopening a game does not restart it.
 */
export function launchTimes(
  settings: { intervalMinutes: number | null; sessionLimitMinutes: number | null },
  now: Date,
  playStart: Date | undefined,
): { reality_check_due_at: Date | null; play_ends_at: Date | null } {
  const start = playStart ?? now;
  return {
    reality_check_due_at:
      settings.intervalMinutes === null ? null : new Date(now.getTime() + settings.intervalMinutes * MINUTE_MS),
    play_ends_at:
      settings.sessionLimitMinutes === null
        ? null
        : new Date(start.getTime() + settings.sessionLimitMinutes * MINUTE_MS),
  };
}

const toWire = (row: { reality_check_minutes: number | null; session_limit_minutes: number | null }): PlaySettings => ({
  intervalMinutes: row.reality_check_minutes,
  sessionLimitMinutes: row.session_limit_minutes,
});

/**
 * Reality checks and session time (docs/player-protection.md, "Reality checks and session
 * time"): the player's settings, the times a launch gives a game session, the bet rule and
 * the reality-check summary with its acknowledgement.
 */
export function createPlaySessions(deps: {
  repository: PlaySessionsRepository;
  /** The game sessions' times and totals (the game wallet's table). */
  sessions: SessionTimesRepository;
  /** The clock (tests move it). */
  now?: () => Date;
}) {
  const { repository, sessions } = deps;
  const now = deps.now ?? (() => new Date());

  /** The game wallet's rule: reads only the session row the bet has loaded already. */
  const rule: BetRule = {
    check: ({ session }) => playRefusal(session, now().getTime()),
  };

  /** The session's time played and net result, and its check times. */
  async function summary(session: PlaySession, currency: AmountCurrency): Promise<RealityCheckSummary> {
    const at = now();
    const [totals, settings] = await Promise.all([
      sessions.totals(session.id),
      session.player_id && !session.is_demo ? repository.settings(session.player_id) : undefined,
    ]);
    const major = (minor: bigint) => minorToMajor(minor, currency.subunitToUnit);
    const due = session.reality_check_due_at;
    const ends = session.play_ends_at;
    return {
      startedAt: session.created_at.toISOString(),
      playedSeconds: Math.max(0, Math.floor((at.getTime() - session.created_at.getTime()) / 1000)),
      currency: session.currency,
      stakes: major(totals.stakesMinor),
      wins: major(totals.winsMinor),
      netResult: major(totals.winsMinor - totals.stakesMinor),
      intervalMinutes: settings?.reality_check_minutes ?? null,
      realityCheckDue: !session.is_demo && due !== null && due.getTime() <= at.getTime(),
      nextCheckAt: due ? due.toISOString() : null,
      sessionEnded: !session.is_demo && ends !== null && ends.getTime() <= at.getTime(),
      sessionEndsAt: ends ? ends.toISOString() : null,
    };
  }

  return {
    rule,

    async getSettings(playerId: string): Promise<PlaySettings> {
      const row = await repository.settings(playerId);
      return row ? toWire(row) : { intervalMinutes: null, sessionLimitMinutes: null };
    },

    /** Saves the settings; the player's open game sessions follow at once (see applyToOpenSessions). */
    async setSettings(playerId: string, body: PlaySettingsBody): Promise<PlaySettings> {
      const at = now();
      const row = await repository.saveSettings(
        playerId,
        { reality_check_minutes: body.intervalMinutes, session_limit_minutes: body.sessionLimitMinutes },
        at,
      );
      await sessions.applyToOpenSessions(playerId, row, at);
      return toWire(row);
    },

    /**
     * The times of a real-money game session being opened for a player (merged into its
     * row); none for a player without settings (one read, at launch only).
     */
    async sessionValues(player: {
      id: string;
      sessionId: string;
    }): Promise<{ reality_check_due_at?: Date | null; play_ends_at?: Date | null }> {
      const row = await repository.settings(player.id);
      if (!row || (row.reality_check_minutes === null && row.session_limit_minutes === null)) return {};
      const playStart =
        row.session_limit_minutes === null ? undefined : await sessions.playStart(player.id, player.sessionId);
      return launchTimes(toWire(row), now(), playStart);
    },

    summary,

    /**
     * Continue after a reality check: a due check moves one interval (the player's current
     * one) from now; one not due is left as it is, so a repeated call changes nothing.
     */
    async acknowledge(session: PlaySession, currency: AmountCurrency): Promise<RealityCheckSummary> {
      const at = now();
      let due = session.reality_check_due_at;
      if (!session.is_demo && session.player_id && due && due.getTime() <= at.getTime()) {
        const settings = await repository.settings(session.player_id);
        const minutes = settings?.reality_check_minutes ?? null;
        const next = minutes === null ? null : new Date(at.getTime() + minutes * MINUTE_MS);
        const moved = await sessions.acknowledge(session.id, at, next);
        // undefined: a parallel call acknowledged it first, with the same interval.
        due = moved === undefined ? next : moved;
      }
      return summary({ ...session, reality_check_due_at: due }, currency);
    },

    /** Dev only: makes the session's reality check or session end due now. */
    async makeDue(session: PlaySession, check: 'realityCheck' | 'sessionTime', currency: AmountCurrency) {
      const at = now();
      await sessions.makeDue(session.id, check, at);
      return summary(
        check === 'realityCheck' ? { ...session, reality_check_due_at: at } : { ...session, play_ends_at: at },
        currency,
      );
    },
  };
}

export type PlaySessions = ReturnType<typeof createPlaySessions>;
