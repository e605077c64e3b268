import { randomUUID } from 'node:crypto';
import { adminBonusSchema, channels, messagesPageSchema, PlayerStatus, type MessagesPage } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminRequest, setPlayerStatus } from './fixtures';
import {
  eventually as eventuallyValue,
  paymentsClient,
  recordPublications,
  usePaymentsServer,
} from './payments-helpers';
import { players, type RegisteredPlayer } from './players';
import { eventually } from './realtime-helpers';

/** The messenger (docs/messenger.md): the player's messages, the operator's sends, system messages. */

// Withdrawals up to 1,000 USD are approved at once and paid by the sandbox a moment later.
const t = usePaymentsServer({ WITHDRAWAL_AUTO_APPROVE_MAX: '1000' });
const p = players(t);
const c = paymentsClient(t);

async function page(player: RegisteredPlayer, query = ''): Promise<MessagesPage> {
  const response = await p.get(`/api/notification/messenger/messages${query}`, { token: player.token });
  expect(response.statusCode, response.body).toBe(200);
  return messagesPageSchema.parse(response.json());
}

async function send(body: Record<string, unknown>): Promise<number> {
  const response = await adminRequest(t, 'POST', '/api/admin/messenger/messages', { body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { sent: number } }>().data.sent;
}

const content = (title: string) => ({ title, body: `${title}: the body` });

function withBody(method: 'POST' | 'DELETE', url: string, player: RegisteredPlayer, payload?: object) {
  return t.app.server.inject({
    method,
    url,
    headers: { authorization: `Bearer ${player.token}` },
    ...(payload ? { payload } : {}),
  });
}

/** A player registered in the past (the segment's registration days), in a country and currency. */
async function placed(player: RegisteredPlayer, fields: { country?: string; currency?: string; createdAt?: string }) {
  await t.db
    .updateTable('players')
    .set({
      ...(fields.country ? { country: fields.country } : {}),
      ...(fields.currency ? { currency: fields.currency } : {}),
      ...(fields.createdAt ? { created_at: new Date(fields.createdAt) } : {}),
    })
    .where('id', '=', player.id)
    .execute();
}

describe('messenger', () => {
  it('lists newest first, pages, counts unread, reads one, reads all, deletes', async () => {
    const player = await p.registerByEmail();
    expect(await page(player)).toEqual({
      data: [],
      meta: { page: 1, perPage: 10, totalPages: 0, totalRows: 0, totalUnread: 0 },
    });
    for (const title of ['first', 'second', 'third', 'fourth']) {
      expect(await send({ playerId: player.id, content: content(title) })).toBe(1);
    }
    const first = await page(player, '?page=1&perPage=3');
    expect(first.data.map((m) => m.content.title)).toEqual(['fourth', 'third', 'second']);
    expect(first.meta).toEqual({ page: 1, perPage: 3, totalPages: 2, totalRows: 4, totalUnread: 4 });
    expect(first.data[0]).toMatchObject({ playerId: player.id, state: 1, readAt: null });
    const second = await page(player, '?page=2&perPage=3');
    expect(second.data.map((m) => m.content.title)).toEqual(['first']);

    const [fourth, third] = first.data;
    if (!fourth || !third) throw new Error('no messages');
    const read = await withBody('POST', '/api/notification/messenger/messages/read', player, {
      messageIds: [fourth.id],
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ data: { totalUnread: 3 } });
    // Reading again changes nothing.
    const again = await withBody('POST', '/api/notification/messenger/messages/read', player, {
      messageIds: [fourth.id],
    });
    expect(again.json()).toEqual({ data: { totalUnread: 3 } });
    const afterRead = await page(player, '?perPage=3');
    expect(afterRead.data[0]).toMatchObject({ id: fourth.id, state: 2 });
    expect(afterRead.data[0]?.readAt).not.toBeNull();

    const removed = await withBody('DELETE', '/api/notification/messenger/messages', player, {
      messageIds: [third.id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ data: { totalUnread: 2 } });

    const all = await withBody('POST', '/api/notification/messenger/messages/read/all', player);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ data: { totalUnread: 0 } });
    const end = await page(player);
    expect(end.data.map((m) => m.content.title)).toEqual(['fourth', 'second', 'first']);
    expect(end.data.every((m) => m.state === 2)).toBe(true);
  });

  it('never reads or deletes another player’s message (404), and needs a session', async () => {
    const owner = await p.registerByEmail();
    const other = await p.registerByEmail();
    await send({ playerId: owner.id, content: content('private') });
    const [message] = (await page(owner)).data;
    if (!message) throw new Error('no message');

    const read = await withBody('POST', '/api/notification/messenger/messages/read', other, {
      messageIds: [message.id],
    });
    expect(read.statusCode).toBe(404);
    const removed = await withBody('DELETE', '/api/notification/messenger/messages', other, {
      messageIds: [message.id],
    });
    expect(removed.statusCode).toBe(404);
    const garbage = await withBody('DELETE', '/api/notification/messenger/messages', other, {
      messageIds: ['not-an-id'],
    });
    expect(garbage.statusCode).toBe(404);
    const mixed = await withBody('POST', '/api/notification/messenger/messages/read', owner, {
      messageIds: [message.id, randomUUID()],
    });
    expect(mixed.statusCode).toBe(404);
    expect((await page(owner)).data[0]).toMatchObject({ id: message.id, state: 1 });
    expect((await page(other)).data).toEqual([]);

    expect((await p.get('/api/notification/messenger/messages')).statusCode).toBe(401);
    const empty = await withBody('POST', '/api/notification/messenger/messages/read', owner, { messageIds: [] });
    expect(empty.statusCode).toBe(422);
  });

  it('sends to a segment in one go, skips self-excluded and closed players, and publishes to each', async () => {
    const country = 'AT';
    const inSegment = await p.registerByEmail();
    const alsoIn = await p.registerByEmail();
    const excluded = await p.registerByEmail();
    const tooEarly = await p.registerByEmail();
    const otherCurrency = await p.registerByEmail();
    const closed = await p.registerByEmail();
    for (const player of [inSegment, alsoIn, excluded, closed]) {
      await placed(player, { country, currency: 'EUR', createdAt: '2024-03-10T12:00:00Z' });
    }
    await placed(tooEarly, { country, currency: 'EUR', createdAt: '2024-02-28T23:59:00Z' });
    await placed(otherCurrency, { country, currency: 'USD', createdAt: '2024-03-10T12:00:00Z' });
    await setPlayerStatus(t, excluded.id, PlayerStatus.SELF_EXCLUDED);
    await t.db.updateTable('players').set({ closed_at: new Date() }).where('id', '=', closed.id).execute();

    const segment = {
      countries: [country],
      currencies: ['EUR'],
      registeredFrom: '2024-03-01',
      registeredTo: '2024-03-31',
    };
    const recorder = recordPublications(t);
    try {
      expect(await send({ segment, content: content('spring offer') })).toBe(2);
      const expected = [channels.notifications(inSegment.id), channels.notifications(alsoIn.id)];
      await eventually('both published', () => expected.every((c) => recorder.seen.some((s) => s.channel === c)));
      const published = recorder.seen.find((s) => s.channel === expected[0]);
      const [stored] = (await page(inSegment)).data;
      expect(published?.data).toEqual({ event: 'message.received', message: stored });
      for (const player of [excluded, tooEarly, otherCurrency]) {
        expect(recorder.seen.some((s) => s.channel === channels.notifications(player.id))).toBe(false);
      }
    } finally {
      recorder.stop();
    }
    expect((await page(alsoIn)).data.map((m) => m.content.title)).toEqual(['spring offer']);
    for (const player of [excluded, tooEarly, otherCurrency]) expect((await page(player)).meta.totalUnread).toBe(0);

    // A service notice (not marketing) reaches a self-excluded player; a marketing one does not.
    expect(await send({ playerId: excluded.id, content: content('offer') })).toBe(0);
    expect(await send({ playerId: excluded.id, marketing: false, content: content('notice') })).toBe(1);
    expect((await page(excluded)).data.map((m) => m.content.title)).toEqual(['notice']);
  });

  it('sends to the players of a loyalty level (a player without points is on the lowest)', async () => {
    const levels = await t.db.selectFrom('loyalty_levels').select(['id', 'order']).orderBy('order').execute();
    const [lowest, second] = levels;
    if (!lowest || !second) throw new Error('the seed has two levels at least');
    const country = 'LU';
    const newcomer = await p.registerByEmail();
    const regular = await p.registerByEmail();
    for (const player of [newcomer, regular])
      await placed(player, { country, currency: 'EUR', createdAt: '2024-05-02T10:00:00Z' });
    await t.db
      .insertInto('loyalty_accounts')
      .values({ player_id: regular.id, points: 5_000n, level_id: second.id, highest_order: second.order })
      .execute();
    const base = { countries: [country] };
    expect(await send({ segment: { ...base, levels: [second.id] }, content: content('for regulars') })).toBe(1);
    expect(await send({ segment: { ...base, levels: [lowest.id] }, content: content('welcome') })).toBe(1);
    expect((await page(regular)).data.map((m) => m.content.title)).toEqual(['for regulars']);
    expect((await page(newcomer)).data.map((m) => m.content.title)).toEqual(['welcome']);
  });

  it('needs the operator key and a valid send', async () => {
    const player = await p.registerByEmail();
    const denied = await adminRequest(t, 'POST', '/api/admin/messenger/messages', {
      key: 'wrong',
      body: { playerId: player.id, content: content('x') },
    });
    expect(denied.statusCode).toBe(401);
    const both = await adminRequest(t, 'POST', '/api/admin/messenger/messages', {
      body: { playerId: player.id, segment: {}, content: content('x') },
    });
    expect(both.statusCode).toBe(422);
    const badLink = await adminRequest(t, 'POST', '/api/admin/messenger/messages', {
      body: { playerId: player.id, content: { ...content('x'), link: { url: 'javascript:alert(1)', label: 'Go' } } },
    });
    expect(badLink.statusCode).toBe(422);
    expect(
      await send({
        playerId: player.id,
        content: { ...content('linked'), link: { url: '/promotions', label: 'See' } },
      }),
    ).toBe(1);
    expect((await page(player)).data[0]?.content.link).toEqual({ url: '/promotions', label: 'See' });
  });

  it('writes a document review’s message once, in the player’s locale, with the reason', async () => {
    const player = await p.registerByEmail();
    await t.db.updateTable('players').set({ locale: 'de' }).where('id', '=', player.id).execute();
    const pending = async () =>
      (
        await t.db
          .insertInto('player_documents')
          .values({
            player_id: player.id,
            type: 'identity_front',
            file_name: 'passport.jpg',
            content_type: 'image/jpeg',
            size_bytes: 10,
            storage_key: randomUUID(),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const approvedId = await pending();
    const rejectedId = await pending();
    const recorder = recordPublications(t);
    try {
      expect((await adminRequest(t, 'POST', `/api/admin/documents/${approvedId}/approve`)).statusCode).toBe(200);
      const rejected = await adminRequest(t, 'POST', `/api/admin/documents/${rejectedId}/reject`, {
        body: { reason: 'Das Foto ist unscharf' },
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      // A second review is refused and writes nothing.
      expect((await adminRequest(t, 'POST', `/api/admin/documents/${approvedId}/approve`)).statusCode).toBe(409);
      const channel = channels.notifications(player.id);
      await eventually('two messages', () => recorder.seen.filter((s) => s.channel === channel).length === 2);
    } finally {
      recorder.stop();
    }
    const { data, meta } = await page(player);
    expect(meta.totalUnread).toBe(2);
    expect(data.map((m) => m.content.title).sort()).toEqual(['Dokument abgelehnt', 'Dokument bestätigt']);
    expect(data.find((m) => m.content.title === 'Dokument abgelehnt')?.content.body).toContain('Das Foto ist unscharf');
    const count = await t.db
      .selectFrom('player_messages')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(2);
  });

  it('tells of a paid withdrawal and an issued bonus in the player’s locale, once each', async () => {
    const player = await c.payer({ fund: 500 });
    await t.db.updateTable('players').set({ locale: 'pt-BR' }).where('id', '=', player.id).execute();
    const withdrawal = await c.withdraw(player, {
      method: 'sandbox.card_payout',
      amount: 120.5,
      fields: { wallet_id: '4111111111111111' },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const paid = await eventuallyValue(async () => {
      const { data } = await page(player);
      return data.find((m) => m.content.title === 'Saque pago');
    });
    expect(paid.content.body).toBe('Seu saque de 120,50 USD foi pago.');

    const created = await adminRequest(t, 'POST', '/api/admin/bonuses', {
      body: {
        type: 1,
        trigger: 'manual',
        name: 'Boas-vindas',
        amounts: [{ currency: 'USD', amount: 5 }],
        wagerCasino: 1,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bonusId = z.object({ data: adminBonusSchema }).parse(created.json()).data.id;
    const issued = await adminRequest(t, 'POST', `/api/admin/players/${player.id}/bonuses`, {
      body: { bonusId, currency: 'USD' },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const { data, meta } = await page(player);
    expect(data[0]?.content).toEqual({
      title: 'Novo bônus: Boas-vindas',
      body: 'Você recebeu o bônus Boas-vindas. Veja as condições na página Bônus.',
    });
    expect(meta.totalRows).toBe(2);
  });
});
