import { randomUUID } from 'node:crypto';
import { devOutboxMessageSchema, paginationMetaSchema, type DevOutboxMessage } from '@croupier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError } from '../src/config';
import { createSmtpEmailSender } from '../src/modules/notifications/email/smtp';
import { PRODUCTION_ENV, useTestServer, withOwnServer } from './fixtures';
import { startTestServer, type TestServer } from './harness';
import { decodedBody, headerOf, startSmtpListener, type SmtpListener } from './smtp-listener';

const CONTACT = '/api/notification/communications';
const RECEIVED = 'Thank you. We have received your message and will reply by e-mail.';

const outboxPage = z.object({ data: z.array(devOutboxMessageSchema), meta: paginationMetaSchema });
type ErrorResponse = { error: { code: number; message: string; fields?: Record<string, string[]> } };

const t = useTestServer();

/** Every test uses its own client IP so that the form's rate limit stays out of the way. */
let ipCounter = 0;
function nextIp(): string {
  ipCounter += 1;
  return `198.51.100.${ipCounter}`;
}

function postContact(
  server: TestServer,
  payload: unknown,
  remoteAddress = nextIp(),
  headers: Record<string, string> = {},
) {
  return server.app.server.inject({ method: 'POST', url: CONTACT, payload: payload as object, remoteAddress, headers });
}

async function outbox(server: TestServer, query = ''): Promise<z.output<typeof outboxPage>> {
  const response = await server.app.server.inject({ url: `/api/dev/outbox${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return outboxPage.parse(response.json());
}

async function communicationsFrom(server: TestServer, email: string) {
  return server.db.selectFrom('communications').selectAll().where('email', '=', email).execute();
}

describe('POST /api/notification/communications', () => {
  it('stores the message, mails it to support and acknowledges it to the sender', async () => {
    const ip = nextIp();
    const response = await postContact(
      t,
      {
        email: '  ada@example.com ',
        message: 'My withdrawal is pending since Monday.\nCould you check it?',
        name: 'Ada Lovelace',
        subject: 'Withdrawal pending',
        locale: 'en',
      },
      ip,
      { 'user-agent': 'Mozilla/5.0 (test)' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { message: RECEIVED } });

    const [row, ...others] = await communicationsFrom(t, 'ada@example.com');
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada Lovelace',
      subject: 'Withdrawal pending',
      message: 'My withdrawal is pending since Monday.\nCould you check it?',
      locale: 'en',
      client_ip: ip,
      user_agent: 'Mozilla/5.0 (test)',
    });
    expect(row?.created_at).toBeInstanceOf(Date);

    const toSupport = (await outbox(t, '?to=support@croupier.example')).data.find(
      (m) => m.replyTo === 'ada@example.com',
    );
    expect(toSupport).toMatchObject({
      channel: 'email',
      to: 'support@croupier.example',
      category: 'contact.support',
      replyTo: 'ada@example.com',
    });
    expect(toSupport?.subject).toContain('Withdrawal pending');
    expect(toSupport?.text).toContain('My withdrawal is pending since Monday.\nCould you check it?');
    expect(toSupport?.text).toContain('Ada Lovelace <ada@example.com>');
    expect(toSupport?.text).toContain(ip);

    const toSender = (await outbox(t, '?to=ADA@example.com')).data;
    expect(toSender).toHaveLength(1);
    expect(toSender[0]).toMatchObject({ to: 'ada@example.com', category: 'contact.acknowledgement', replyTo: null });
    expect(toSender[0]?.html).toContain('<p>');
    // The acknowledgement repeats nothing the visitor typed: the form is no relay for spam.
    for (const typed of ['withdrawal', 'Ada', 'Withdrawal pending']) {
      expect(`${toSender[0]?.subject} ${toSender[0]?.text} ${toSender[0]?.html}`).not.toContain(typed);
    }
  });

  it('needs only e-mail and message', async () => {
    const response = await postContact(t, { email: 'min@example.com', message: 'Hi' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await communicationsFrom(t, 'min@example.com')).toMatchObject([
      { name: null, subject: null, locale: null, message: 'Hi' },
    ]);
  });

  const invalid: { case: string; body: unknown; fields: Record<string, string[]> }[] = [
    { case: 'missing e-mail', body: { message: 'Hello' }, fields: { email: ['This field is required.'] } },
    { case: 'empty e-mail', body: { email: '   ', message: 'Hello' }, fields: { email: ['This field is required.'] } },
    {
      case: 'bad e-mail',
      body: { email: 'not-an-address', message: 'Hello' },
      fields: { email: ['Enter a valid e-mail address.'] },
    },
    {
      case: 'e-mail that is not text',
      body: { email: 42, message: 'Hello' },
      fields: { email: ['The value is invalid.'] },
    },
    {
      case: 'missing message',
      body: { email: 'x@example.com' },
      fields: { message: ['This field is required.'] },
    },
    {
      case: 'empty message',
      body: { email: 'x@example.com', message: ' \n ' },
      fields: { message: ['This field is required.'] },
    },
    {
      case: 'too long message',
      body: { email: 'x@example.com', message: 'a'.repeat(5001) },
      fields: { message: ['Enter at most 5000 characters.'] },
    },
    {
      case: 'too long e-mail',
      body: { email: `${'a'.repeat(250)}@example.com`, message: 'Hello' },
      fields: { email: ['Enter at most 254 characters.'] },
    },
    {
      case: 'too long name and subject',
      body: { email: 'x@example.com', message: 'Hello', name: 'n'.repeat(101), subject: 's'.repeat(201) },
      fields: { name: ['Enter at most 100 characters.'], subject: ['Enter at most 200 characters.'] },
    },
    {
      case: 'bad locale',
      body: { email: 'x@example.com', message: 'Hello', locale: 'english!' },
      fields: { locale: ['The format is invalid.'] },
    },
    {
      case: 'everything missing',
      body: {},
      fields: { email: ['This field is required.'], message: ['This field is required.'] },
    },
  ];

  it.each(invalid)(
    'refuses a $case with 422 and field errors, storing and sending nothing',
    async ({ body, fields }) => {
      const before = await outbox(t);
      const response = await postContact(t, body);
      expect(response.statusCode, response.body).toBe(422);
      const error = response.json<ErrorResponse>().error;
      expect(error.code).toBe(1001);
      expect(error.fields).toEqual(fields);
      expect((await outbox(t)).meta.totalRows).toBe(before.meta.totalRows);
      expect(await communicationsFrom(t, 'x@example.com')).toHaveLength(0);
    },
  );

  it('refuses a body that is not an object', async () => {
    const response = await t.app.server.inject({
      method: 'POST',
      url: CONTACT,
      headers: { 'content-type': 'application/json' },
      payload: '"hello"',
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<ErrorResponse>().error.code).toBe(1001);
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const before = await outbox(t);
    const response = await postContact(t, {
      email: 'bot@example.com',
      message: 'Cheap pills',
      website: 'https://spam.example',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: RECEIVED } });
    expect(await communicationsFrom(t, 'bot@example.com')).toHaveLength(0);
    expect((await outbox(t)).meta.totalRows).toBe(before.meta.totalRows);
  });

  it('limits each client IP to 5 messages in 10 minutes with a 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i += 1) {
      const ok = await postContact(t, { email: `limit${i}@example.com`, message: 'Hello' }, ip);
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const limited = await postContact(t, { email: 'limit5@example.com', message: 'Hello' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: { code: 1007, message: 'Too many requests. Try again later.' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await communicationsFrom(t, 'limit5@example.com')).toHaveLength(0);
    // Invalid attempts count as well, and other visitors are not affected.
    expect((await postContact(t, {}, ip)).statusCode).toBe(429);
    expect((await postContact(t, { email: 'other@example.com', message: 'Hello' })).statusCode).toBe(200);
    // The limit is the form's own: the rest of the API still answers this IP.
    const other = await t.app.server.inject({ url: '/api/dev/outbox', remoteAddress: ip });
    expect(other.statusCode).toBe(200);
  });
});

describe('GET /api/dev/outbox', () => {
  const own = useTestServer();
  beforeAll(async () => {
    for (const name of ['first', 'second', 'third']) {
      const response = await postContact(own, { email: `${name}@example.com`, message: `Message of ${name}` });
      expect(response.statusCode).toBe(200);
    }
  });

  /** Which submission a message belongs to: the sender, whether it went to support or back. */
  const senderOf = (m: DevOutboxMessage) => m.replyTo ?? m.to;

  it('lists stored messages newest first with page meta', async () => {
    const page = await outbox(own);
    expect(page.meta).toEqual({ page: 1, perPage: 10, totalPages: 1, totalRows: 6 });
    expect(page.data.map(senderOf)).toEqual([
      'third@example.com',
      'third@example.com',
      'second@example.com',
      'second@example.com',
      'first@example.com',
      'first@example.com',
    ]);
    for (const message of page.data) {
      expect(message.createdAt).toMatch(/Z$/);
      expect(message.channel).toBe('email');
    }
  });

  it('pages with page and perPage', async () => {
    const first = await outbox(own, '?page=1&perPage=4');
    expect(first.meta).toEqual({ page: 1, perPage: 4, totalPages: 2, totalRows: 6 });
    expect(first.data).toHaveLength(4);
    const second = await outbox(own, '?page=2&perPage=4');
    expect(second.data.map(senderOf)).toEqual(['first@example.com', 'first@example.com']);
    const all = await outbox(own, '?perPage=100');
    expect([...first.data, ...second.data].map((m) => m.id)).toEqual(all.data.map((m) => m.id));
    const beyond = await outbox(own, '?page=3&perPage=4');
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.totalRows).toBe(6);
  });

  it('filters by recipient and channel', async () => {
    const toSecond = await outbox(own, '?to=second@example.com');
    expect(toSecond.data.map((m) => m.category)).toEqual(['contact.acknowledgement']);
    expect((await outbox(own, '?channel=email')).meta.totalRows).toBe(6);
    expect((await outbox(own, '?channel=sms')).meta.totalRows).toBe(0);
  });

  it('returns one message by id and 404 for an unknown one', async () => {
    const [newest] = (await outbox(own)).data;
    const response = await own.app.server.inject({ url: `/api/dev/outbox/${newest?.id}` });
    expect(response.statusCode).toBe(200);
    expect(devOutboxMessageSchema.parse(response.json<{ data: unknown }>().data)).toEqual(newest);
    const unknown = await own.app.server.inject({ url: `/api/dev/outbox/${randomUUID()}` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorResponse>().error.code).toBe(1004);
  });

  it('refuses bad queries and ids with 422, never 500', async () => {
    for (const url of [
      '/api/dev/outbox?page=0',
      '/api/dev/outbox?page=abc',
      '/api/dev/outbox?perPage=101',
      '/api/dev/outbox?channel=fax',
      '/api/dev/outbox/not-a-uuid',
      "/api/dev/outbox/1'%20or%201=1",
    ]) {
      const response = await own.app.server.inject({ url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json<ErrorResponse>().error.code, url).toBe(1001);
    }
  });

  it('is read-only', async () => {
    for (const method of ['POST', 'DELETE'] as const) {
      const response = await own.app.server.inject({ method, url: '/api/dev/outbox' });
      expect([404, 405]).toContain(response.statusCode);
    }
  });
});

describe('production mode', () => {
  it('refuses to start without SMTP_URL', async () => {
    await expect(startTestServer({ NODE_ENV: 'production' })).rejects.toThrow(ConfigError);
    await expect(startTestServer({ NODE_ENV: 'production' })).rejects.toThrow(/SMTP_URL/);
  });

  it('has no dev outbox, and keeps a contact message when the SMTP server is unreachable', async () => {
    // Port 1 on loopback: nothing listens, so the connection is refused at once.
    await withOwnServer(PRODUCTION_ENV, async (production) => {
      for (const url of ['/api/dev/outbox', `/api/dev/outbox/${randomUUID()}`]) {
        const response = await production.app.server.inject({ url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json<ErrorResponse>().error.code).toBe(1004);
      }
      const response = await postContact(production, { email: 'kept@example.com', message: 'Still here?' });
      expect(response.statusCode, response.body).toBe(200);
      expect(await communicationsFrom(production, 'kept@example.com')).toHaveLength(1);
      expect(await production.db.selectFrom('dev_outbox').selectAll().execute()).toEqual([]);
    });
  });
});

describe('SMTP adapter', () => {
  let smtp: SmtpListener;
  beforeAll(async () => {
    smtp = await startSmtpListener();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('delivers a message with credentials, sender, reply-to, category and both parts', async () => {
    const sender = createSmtpEmailSender({
      url: `smtp://mailer:s%40cret%3A1@127.0.0.1:${smtp.port}`,
      from: 'Croupier <no-reply@casino.test>',
    });
    const before = smtp.messages.length;
    const result = await sender.send({
      to: 'player@example.com',
      subject: 'Your code',
      text: 'Your code is 123456.',
      html: '<p>Your code is <b>123456</b>.</p>',
      replyTo: 'help@casino.test',
      category: 'test.code',
    });
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect(result.id).toMatch(/^<.+@.+>$/);
    expect(mail?.auth).toEqual({ user: 'mailer', pass: 's@cret:1' });
    expect(mail?.mailFrom).toBe('no-reply@casino.test');
    expect(mail?.rcptTo).toEqual(['player@example.com']);
    if (!mail) throw new Error('no mail');
    expect(headerOf(mail, 'Message-ID')).toBe(result.id);
    expect(headerOf(mail, 'From')).toBe('Croupier <no-reply@casino.test>');
    expect(headerOf(mail, 'To')).toBe('player@example.com');
    expect(headerOf(mail, 'Reply-To')).toBe('help@casino.test');
    expect(headerOf(mail, 'Subject')).toBe('Your code');
    expect(headerOf(mail, 'X-Croupier-Category')).toBe('test.code');
    expect(headerOf(mail, 'Content-Type')).toMatch(/^multipart\/alternative/);
    const body = decodedBody(mail);
    expect(body).toContain('Your code is 123456.');
    expect(body).toContain('<p>Your code is <b>123456</b>.</p>');
  });

  it('rejects when the server refuses the recipient', async () => {
    const refusing = await startSmtpListener({ rejectRecipients: true });
    try {
      const sender = createSmtpEmailSender({ url: `smtp://127.0.0.1:${refusing.port}`, from: 'a@casino.test' });
      await expect(
        sender.send({ to: 'nobody@example.com', subject: 'x', text: 'x', category: 'test' }),
      ).rejects.toThrow(/550|rejected/i);
      expect(refusing.messages).toHaveLength(0);
    } finally {
      await refusing.close();
    }
  });

  it('carries the contact form when SMTP_URL is set', async () => {
    await withOwnServer(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_FROM: 'Croupier <no-reply@casino.test>',
        SUPPORT_EMAIL: 'help@casino.test',
      },
      async (withSmtp) => {
        const before = smtp.messages.length;
        const response = await postContact(withSmtp, {
          email: 'grace@example.com',
          name: 'Grace',
          message: 'A question about my bonus.',
        });
        expect(response.statusCode, response.body).toBe(200);
        const mails = (await smtp.waitFor(before + 2)).slice(before);
        const toSupport = mails.find((m) => m.rcptTo.includes('help@casino.test'));
        const toSender = mails.find((m) => m.rcptTo.includes('grace@example.com'));
        if (!toSupport || !toSender) throw new Error('expected a mail to support and one to the sender');
        expect(headerOf(toSupport, 'Reply-To')).toBe('grace@example.com');
        expect(headerOf(toSupport, 'X-Croupier-Category')).toBe('contact.support');
        expect(decodedBody(toSupport)).toContain('A question about my bonus.');
        expect(headerOf(toSender, 'X-Croupier-Category')).toBe('contact.acknowledgement');
        expect(decodedBody(toSender)).not.toContain('bonus');
        // Real mail does not go to the outbox.
        expect((await outbox(withSmtp)).meta.totalRows).toBe(0);
      },
    );
  });
});
