import { randomUUID } from 'node:crypto';
import {
  adminWheelSchema,
  channels,
  pagedEnvelope,
  wheelDrawSchema,
  wheelSchema,
  wheelSpinResultSchema,
  type AdminWheel,
  type Wheel,
} from '@croupier/contract';
import { replayWheelDraw, verifyServerSeed } from '@croupier/games';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { WELCOME_CODE_BONUS_ID } from '../src/seed/bonuses';
import { DEMO_WHEEL_IDENTITY } from '../src/seed/wheels';
import { ADMIN_KEY, adminRequest, useTestServer } from './fixtures';
import { recordPublications } from './payments-helpers';
import { errorOf, players, type RegisteredPlayer } from './players';

/**
 * Prize wheels (docs/wheels.md): rules grant spins once, expiry and the period limit, one
 * spin used once under concurrency, the prize given once, and draws that recompute.
 */

const t = useTestServer({ ADMIN_API_KEY: ADMIN_KEY, RATE_LIMIT_PER_MINUTE: '100000' });
const p = players(t);

let counter = 0;

async function createWheel(
  fields: Partial<{ limitSpins: number | null; limitPeriod: 'day' | 'week' | null; items: unknown[] }> = {},
): Promise<AdminWheel> {
  counter += 1;
  const response = await adminRequest(t, 'POST', '/api/admin/wheels', {
    body: {
      identity: `wheel-${counter}-${randomUUID().slice(0, 8)}`,
      title: `Wheel ${counter}`,
      startAt: new Date(Date.now() - 60_000).toISOString(),
      endAt: null,
      limitSpins: null,
      limitPeriod: null,
      items: [
        { title: 'Bonus', weight: 1_000_000_000, bonusId: WELCOME_CODE_BONUS_ID },
        { title: 'Nothing', weight: 1, bonusId: null },
      ],
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return adminWheelSchema.parse(response.json<{ data: unknown }>().data);
}

async function grant(wheel: AdminWheel, player: RegisteredPlayer, spins: number, key: string = randomUUID()) {
  const response = await adminRequest(t, 'POST', `/api/admin/wheels/${wheel.id}/spins`, {
    body: { playerId: player.id, spins, key },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { granted: number } }>().data.granted;
}

async function wheelOf(identity: string, token?: string): Promise<Wheel> {
  const response = await p.get(`/api/retention/wheels?identity[]=${identity}`, token ? { token } : {});
  expect(response.statusCode, response.body).toBe(200);
  const [wheel] = pagedEnvelope(wheelSchema).parse(response.json()).data;
  if (!wheel) throw new Error(`wheel ${identity} not listed`);
  return wheel;
}

const spin = (wheelId: string, player: RegisteredPlayer, body?: object) =>
  p.post(`/api/retention/wheels/${wheelId}/spin`, body, { token: player.token });

async function prizesOf(player: RegisteredPlayer): Promise<string[]> {
  const rows = await sql<{ source: string }>`select source from player_bonuses
    where player_id = ${player.id} and source like 'wheel-spin:%' order by source`.execute(t.db);
  return rows.rows.map((r) => r.source);
}

describe('wheels', () => {
  it('lists the demo wheel; a player gets its daily spin once a day', async () => {
    const guest = await wheelOf(DEMO_WHEEL_IDENTITY);
    expect(guest).toMatchObject({ state: 3, playerSpins: [], limitRefreshAt: null, endAt: null });
    expect(guest.items.map((i) => i.dropRate)).toEqual([10, 30, 5, 30, 10, 15]);

    const player = await p.registerByEmail();
    const recorded = recordPublications(t);
    try {
      const first = await wheelOf(DEMO_WHEEL_IDENTITY, player.token);
      expect(first.playerSpins).toHaveLength(1);
      const [daily] = first.playerSpins;
      expect(daily?.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      // The daily spin lasts to the end of the UTC day.
      const midnight = new Date(Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000).toISOString();
      expect(daily?.expireAt).toBe(midnight);
      const again = await wheelOf(DEMO_WHEEL_IDENTITY, player.token);
      expect(again.playerSpins).toEqual(first.playerSpins);
      await t.app.realtime.events.transaction(async () => undefined);
      const issued = recorded.seen.filter((s) => s.channel === channels.wheels(player.id));
      expect(issued.map((s) => s.data)).toEqual([
        {
          event: 'wheel.spin.issued',
          playerId: player.id,
          wheel: { id: guest.id, identity: DEMO_WHEEL_IDENTITY, title: guest.title },
          amount: 1,
        },
      ]);
    } finally {
      recorded.stop();
    }
  });

  it('grants level and quest spins once per cause, inside the engine’s transaction', async () => {
    const wheel = await createWheel();
    const level = randomUUID();
    for (const rule of [
      { kind: 'level', targetId: level, spins: 1 },
      { kind: 'quest', targetId: null, spins: 2, expireAfterSeconds: 3600 },
    ]) {
      const response = await adminRequest(t, 'POST', `/api/admin/wheels/${wheel.id}/rules`, { body: rule });
      expect(response.statusCode, response.body).toBe(200);
    }
    const player = await p.registerByEmail();
    const events = t.app.realtime.events;
    const reach = (levelId: string) =>
      events.transaction((trx) => t.app.wheels.onLevelReached({ trx, playerId: player.id, levelId }));
    // The demo wheel's level rule (any level) grants one too.
    expect(await reach(level)).toBe(2);
    expect(await reach(level)).toBe(0);
    expect(await reach(randomUUID())).toBe(1);
    const complete = (playerQuestId: string) =>
      events.transaction((trx) =>
        t.app.wheels.onQuestCompleted({ trx, playerId: player.id, questId: randomUUID(), playerQuestId }),
      );
    const playerQuestId = randomUUID();
    expect(await complete(playerQuestId)).toBe(2);
    expect(await complete(playerQuestId)).toBe(0);
    // A rolled-back engine transaction grants nothing.
    await expect(
      events.transaction(async (trx) => {
        await t.app.wheels.onQuestCompleted({ trx, playerId: player.id, questId: 'q', playerQuestId: randomUUID() });
        throw new Error('engine failed');
      }),
    ).rejects.toThrow('engine failed');
    const listed = await wheelOf(wheel.identity, player.token);
    expect(listed.playerSpins).toHaveLength(3);
    // First to expire first: the quest spins (1 hour), then the level spin (never).
    expect(listed.playerSpins.map((s) => s.expireAt === null)).toEqual([false, false, true]);
    expect(await grant(wheel, player, 2, 'same-key')).toBe(2);
    expect(await grant(wheel, player, 2, 'same-key')).toBe(0);
  });

  it('spins: the sector recomputes from the revealed seed, the prize is given once', async () => {
    const wheel = await createWheel();
    const player = await p.registerByEmail();
    await grant(wheel, player, 1);
    const [committed] = (await wheelOf(wheel.identity, player.token)).playerSpins;
    if (!committed) throw new Error('no spin');
    const response = await spin(wheel.id, player, { clientSeed: 'my-lucky-seed' });
    expect(response.statusCode, response.body).toBe(200);
    const result = wheelSpinResultSchema.parse(response.json<{ data: unknown }>().data);
    const { draw } = result;
    expect(draw).toMatchObject({ spinId: committed.id, serverSeedHash: committed.serverSeedHash, nonce: 0 });
    expect(draw.clientSeed).toBe('my-lucky-seed');
    expect(verifyServerSeed(draw.serverSeed, committed.serverSeedHash)).toBe(true);
    const replay = replayWheelDraw(draw);
    expect(replay).toEqual({ ok: true, value: draw.sectorIndex });
    expect(wheel.items[draw.sectorIndex]?.id).toBe(result.id);
    expect(draw.weights).toEqual([1_000_000_000, 1]);
    // Weight 10⁹ against 1: the bonus sector.
    expect(result.title).toBe('Bonus');
    expect(draw.prize).toBe('given');
    expect(await prizesOf(player)).toEqual([`wheel-spin:${draw.spinId}`]);

    const draws = await p.get(`/api/retention/wheels/${wheel.identity}/draws`, { token: player.token });
    expect(draws.statusCode, draws.body).toBe(200);
    expect(pagedEnvelope(wheelDrawSchema).parse(draws.json()).data).toEqual([draw]);

    // The spin is used: none left.
    const none = await spin(wheel.id, player);
    expect(none.statusCode).toBe(409);
    expect(errorOf(none).code).toBe(16101);
    expect(await prizesOf(player)).toHaveLength(1);
  });

  it('a server client seed when none is sent; a no-prize sector gives nothing', async () => {
    const wheel = await createWheel({
      items: [
        { title: 'Nothing', weight: 1_000_000_000, bonusId: null },
        { title: 'Bonus', weight: 1, bonusId: WELCOME_CODE_BONUS_ID },
      ],
    });
    const player = await p.registerByEmail();
    await grant(wheel, player, 1);
    const response = await spin(wheel.identity, player);
    expect(response.statusCode, response.body).toBe(200);
    const { draw, title } = wheelSpinResultSchema.parse(response.json<{ data: unknown }>().data);
    expect(title).toBe('Nothing');
    expect(draw.prize).toBe('none');
    expect(draw.clientSeed).toMatch(/^[0-9a-f]{20}$/);
    expect(replayWheelDraw(draw)).toEqual({ ok: true, value: draw.sectorIndex });
    expect(await prizesOf(player)).toEqual([]);
  });

  it('answers 10003 when the spins have expired; guests may not spin', async () => {
    const wheel = await createWheel();
    const player = await p.registerByEmail();
    await grant(wheel, player, 1);
    await sql`update player_wheel_spins set expire_at = now() - interval '1 second'
      where player_id = ${player.id} and wheel_id = ${wheel.id}`.execute(t.db);
    expect((await wheelOf(wheel.identity, player.token)).playerSpins).toEqual([]);
    const expired = await spin(wheel.id, player);
    expect(expired.statusCode, expired.body).toBe(400);
    expect(errorOf(expired).code).toBe(10003);
    const guest = await p.post(`/api/retention/wheels/${wheel.id}/spin`);
    expect(guest.statusCode).toBe(401);
  });

  it('keeps the period limit and shows limitRefreshAt', async () => {
    const wheel = await createWheel({ limitSpins: 1, limitPeriod: 'day' });
    const player = await p.registerByEmail();
    await grant(wheel, player, 2);
    expect((await wheelOf(wheel.identity, player.token)).playerSpins).toHaveLength(2);
    expect((await spin(wheel.id, player)).statusCode).toBe(200);
    const listed = await wheelOf(wheel.identity, player.token);
    const midnight = new Date(Math.floor(Date.now() / 86_400_000 + 1) * 86_400_000).toISOString();
    expect(listed).toMatchObject({ playerSpins: [], limitRefreshAt: midnight });
    const limited = await spin(wheel.id, player);
    expect(limited.statusCode, limited.body).toBe(409);
    expect(errorOf(limited).code).toBe(16102);
    // Yesterday's spin no longer counts: the second spin may be used.
    await sql`update player_wheel_spins set used_at = used_at - interval '1 day'
      where player_id = ${player.id} and wheel_id = ${wheel.id} and used_at is not null`.execute(t.db);
    expect((await wheelOf(wheel.identity, player.token)).limitRefreshAt).toBeNull();
    expect((await spin(wheel.id, player)).statusCode).toBe(200);
  });

  it('concurrent spins never use one spin twice nor pass the limit', async () => {
    const one = await createWheel();
    const player = await p.registerByEmail();
    await grant(one, player, 1);
    const first = await Promise.all(Array.from({ length: 6 }, () => spin(one.id, player)));
    expect(first.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(first.filter((r) => r.statusCode !== 200).map((r) => errorOf(r).code)).toEqual([
      16101, 16101, 16101, 16101, 16101,
    ]);

    const limited = await createWheel({ limitSpins: 2, limitPeriod: 'week' });
    await grant(limited, player, 4);
    const second = await Promise.all(Array.from({ length: 6 }, () => spin(limited.id, player)));
    const ok = second.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(2);
    const spinIds = ok.map((r) => wheelSpinResultSchema.parse(r.json<{ data: unknown }>().data).draw.spinId);
    expect(new Set(spinIds).size).toBe(2);
    expect(second.filter((r) => r.statusCode !== 200).map((r) => errorOf(r).code)).toEqual([
      16102, 16102, 16102, 16102,
    ]);
    // Each used spin gave its prize once.
    expect(await prizesOf(player)).toHaveLength(3);
  });

  it('validates the operator’s wheels and needs the key', async () => {
    const noKey = await adminRequest(t, 'GET', '/api/admin/wheels', { key: null });
    expect(noKey.statusCode).toBe(401);
    const bad = await adminRequest(t, 'POST', '/api/admin/wheels', {
      body: {
        identity: 'bad-wheel',
        title: 'Bad',
        startAt: new Date().toISOString(),
        items: [
          { title: 'A', weight: 1, bonusId: randomUUID() },
          { title: 'B', weight: 1, bonusId: null },
        ],
      },
    });
    expect(bad.statusCode, bad.body).toBe(422);
    const scheduled = await createWheel();
    await sql`update wheels set start_at = now() + interval '1 day' where id = ${scheduled.id}`.execute(t.db);
    const player = await p.registerByEmail();
    await grant(scheduled, player, 1);
    expect((await wheelOf(scheduled.identity)).state).toBe(2);
    const notYet = await spin(scheduled.id, player);
    expect(errorOf(notYet).code).toBe(16103);
    const unknownPlayer = await adminRequest(t, 'POST', `/api/admin/wheels/${scheduled.id}/spins`, {
      body: { playerId: randomUUID(), spins: 1, key: 'k' },
    });
    expect(unknownPlayer.statusCode, unknownPlayer.body).toBe(422);
    const list = await adminRequest(t, 'GET', '/api/admin/wheels');
    expect(list.statusCode).toBe(200);
  });
});
