import { describe, expect, it } from 'vitest';
import type { GameSession } from '../game-wallet';
import type { SessionTimesRepository } from '../game-wallet';
import type { PlaySessionsRepository, PlaySettingsRow } from './repository';
import { createPlaySessions, launchTimes, playRefusal } from './service';

const MINUTE_MS = 60_000;
const T0 = new Date('2026-03-01T12:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE_MS);

/** A controllable clock. */
function clock(start = T0) {
  let nowMs = start.getTime();
  return { now: () => new Date(nowMs), advance: (minutes: number) => (nowMs += minutes * MINUTE_MS) };
}

function session(values: Partial<GameSession> = {}): GameSession {
  return {
    id: 'session-1',
    token_hash: 'hash',
    player_id: 'player-1',
    game_id: 'game-1',
    provider: 'croupier',
    account_id: 'account-1',
    currency: 'EUR',
    is_demo: false,
    demo_balance_minor: 0n,
    expires_at: at(240),
    sign_in_session_id: 'sign-in-1',
    created_at: T0,
    reality_check_due_at: null,
    play_ends_at: null,
    player_status: 1,
    sign_in_ended: false,
    account_limits_apply: false,
    ...values,
  };
}

/** The repository's calls the service makes, in memory. */
function memoryRepository(settings: PlaySettingsRow | undefined, playStart?: Date) {
  const acknowledged: { now: Date; next: Date | null }[] = [];
  let dueAt: Date | null = null;
  const repository = { settings: () => Promise.resolve(settings) } as unknown as PlaySessionsRepository;
  const sessions = {
    playStart: () => Promise.resolve(playStart),
    totals: () => Promise.resolve({ stakesMinor: 1_250n, winsMinor: 400n }),
    acknowledge: (_id: string, now: Date, next: Date | null) => {
      if (dueAt && dueAt.getTime() > now.getTime()) return Promise.resolve(undefined);
      acknowledged.push({ now, next });
      dueAt = next;
      return Promise.resolve(next);
    },
  } as unknown as SessionTimesRepository;
  return { deps: { repository, sessions }, acknowledged };
}

const EUR = { subunitToUnit: 100n };

describe('playRefusal', () => {
  it('refuses from the due time of a reality check, not before', () => {
    const s = session({ reality_check_due_at: at(15) });
    expect(playRefusal(s, at(14.99).getTime())).toBeUndefined();
    expect(playRefusal(s, at(15).getTime())).toEqual({ status: 'REALITY_CHECK', errorName: 'GAME_REALITY_CHECK' });
  });

  it('the session-time limit wins over a due reality check', () => {
    const s = session({ reality_check_due_at: at(10), play_ends_at: at(30) });
    expect(playRefusal(s, at(20).getTime())?.errorName).toBe('GAME_REALITY_CHECK');
    expect(playRefusal(s, at(30).getTime())).toEqual({ status: 'LIMIT_REACHED', errorName: 'GAME_SESSION_TIME_LIMIT' });
  });

  it('never refuses a demo session or one without times', () => {
    expect(playRefusal(session({ is_demo: true, reality_check_due_at: at(0) }), at(60).getTime())).toBeUndefined();
    expect(playRefusal(session(), at(10_000).getTime())).toBeUndefined();
  });
});

describe('launchTimes', () => {
  it('puts the first check one interval after launch and the end after the play start', () => {
    expect(launchTimes({ intervalMinutes: 30, sessionLimitMinutes: 60 }, at(100), at(80))).toEqual({
      reality_check_due_at: at(130),
      play_ends_at: at(140),
    });
  });

  it('starts the limit now without an earlier game; nulls for settings that are off', () => {
    expect(launchTimes({ intervalMinutes: null, sessionLimitMinutes: 90 }, at(5), undefined)).toEqual({
      reality_check_due_at: null,
      play_ends_at: at(95),
    });
    expect(launchTimes({ intervalMinutes: null, sessionLimitMinutes: null }, at(5), undefined)).toEqual({
      reality_check_due_at: null,
      play_ends_at: null,
    });
  });
});

describe('createPlaySessions', () => {
  it('gives a player without settings no session values', async () => {
    const { deps } = memoryRepository(undefined);
    const service = createPlaySessions({ ...deps, now: clock().now });
    expect(await service.sessionValues({ id: 'player-1', sessionId: 'sign-in-1' })).toEqual({});
  });

  it('gives a launch its times by the settings and the sign-in session’s play start', async () => {
    const { deps } = memoryRepository({ reality_check_minutes: 15, session_limit_minutes: 60 }, at(-20));
    const service = createPlaySessions({ ...deps, now: clock().now });
    expect(await service.sessionValues({ id: 'player-1', sessionId: 'sign-in-1' })).toEqual({
      reality_check_due_at: at(15),
      play_ends_at: at(40),
    });
  });

  it('the rule follows the clock: due after the interval, fine again after Continue', async () => {
    const time = clock();
    const { deps, acknowledged } = memoryRepository({ reality_check_minutes: 15, session_limit_minutes: null });
    const service = createPlaySessions({ ...deps, now: time.now });
    let s = session({ reality_check_due_at: at(15) });
    const check = () => service.rule.check({ session: s, amountMinor: 100n, trx: undefined as never });
    expect(check()).toBeUndefined();
    time.advance(16);
    expect(check()).toMatchObject({ status: 'REALITY_CHECK' });

    const summary = await service.acknowledge(s, EUR);
    expect(acknowledged).toEqual([{ now: at(16), next: at(31) }]);
    expect(summary).toMatchObject({
      playedSeconds: 16 * 60,
      stakes: 12.5,
      wins: 4,
      netResult: -8.5,
      realityCheckDue: false,
      nextCheckAt: at(31).toISOString(),
      intervalMinutes: 15,
    });
    s = session({ reality_check_due_at: at(31) });
    expect(check()).toBeUndefined();
    time.advance(15);
    expect(check()).toMatchObject({ status: 'REALITY_CHECK' });
  });

  it('Continue before a check is due changes nothing', async () => {
    const { deps, acknowledged } = memoryRepository({ reality_check_minutes: 15, session_limit_minutes: null });
    const service = createPlaySessions({ ...deps, now: clock().now });
    const summary = await service.acknowledge(session({ reality_check_due_at: at(10) }), EUR);
    expect(acknowledged).toEqual([]);
    expect(summary.nextCheckAt).toBe(at(10).toISOString());
  });

  it('answers the summary of a session past its time limit as ended', async () => {
    const time = clock();
    const { deps } = memoryRepository({ reality_check_minutes: null, session_limit_minutes: 30 });
    const service = createPlaySessions({ ...deps, now: time.now });
    const s = session({ play_ends_at: at(30) });
    time.advance(30);
    expect(service.rule.check({ session: s, amountMinor: 1n, trx: undefined as never })).toMatchObject({
      status: 'LIMIT_REACHED',
    });
    expect(await service.summary(s, EUR)).toMatchObject({ sessionEnded: true, sessionEndsAt: at(30).toISOString() });
  });
});
