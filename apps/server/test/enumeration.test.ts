import { authResponseSchema, fieldSchema, profileSchema } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestServer, withOwnServer } from './fixtures';
import { errorOf, PASSWORD, players } from './players';

/**
 * What a stranger can learn about which e-mail addresses and logins have accounts:
 * registration, sign-in lockout and password reset answer alike for both. Also the
 * registration field list and the additional phone of an e-mail registration.
 */

const t = useTestServer();
const p = players(t);

const body = (email: string, extra: Record<string, unknown> = {}) => ({
  email,
  password: PASSWORD,
  password_confirmation: PASSWORD,
  agreements: 1,
  ...extra,
});

describe('registration with an address that has an account', () => {
  it('is accepted without a session, creates nothing and mails the owner in their language', async () => {
    const owner = await p.registerByEmail({ locale: 'de' });
    const before = await t.db.selectFrom('players').select('id').execute();

    const response = await p.post('/api/player/register', body(owner.email.toUpperCase(), { locale: 'fr' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      data: { mailed: true, message: 'We have sent an e-mail to this address. Follow it to continue.' },
    });
    expect(await t.db.selectFrom('players').select('id').execute()).toHaveLength(before.length);

    const notice = (await p.messagesTo(owner.email)).find((m) => m.category === 'auth.account-exists');
    expect(notice?.subject).toBe('Sie haben bereits ein Croupier-Konto');
    expect(notice?.text).toContain('/?sign-in');
    expect(notice?.text).toContain('/?forgot-pass');
  });

  it('still reports the other form errors first, and never an error on the e-mail', async () => {
    const owner = await p.registerByEmail();
    const response = await p.post('/api/player/register', body(owner.email, { agreements: 0 }));
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).fields).toEqual({ agreements: ['This must be accepted.'] });
  });

  it('gives a new address a session as before', async () => {
    const response = await p.post('/api/player/register', body(p.email('fresh')));
    expect(response.statusCode, response.body).toBe(200);
    expect(authResponseSchema.safeParse(response.json<{ data: unknown }>().data).success).toBe(true);
  });
});

describe('sign-in lockout', () => {
  async function attempts(login: string) {
    const answers = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await p.post('/api/player/sessions', { login, password: `wrong-${i}` });
      answers.push({ status: response.statusCode, body: response.json<unknown>() });
    }
    const last = await p.post('/api/player/sessions', { login, password: PASSWORD });
    answers.push({ status: last.statusCode, body: last.json<unknown>() });
    return { answers, retryAfter: Number(last.headers['retry-after']) };
  }

  it('locks an unknown login after as many wrong passwords as an account, with the same answers', async () => {
    const player = await p.registerByEmail();
    const known = await attempts(player.email);
    const unknown = await attempts('nobody.here@example.com');
    expect(known.answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 429, 429]);
    expect(unknown.answers).toEqual(known.answers);
    expect(unknown.retryAfter).toBeGreaterThan(890);
    expect(Math.abs(unknown.retryAfter - known.retryAfter)).toBeLessThan(60);
  });

  it('counts an unknown e-mail login in any case as one login', async () => {
    for (let i = 0; i < 5; i += 1) {
      const login = i % 2 === 0 ? 'Ghost.Case@Example.com' : 'ghost.case@example.com';
      expect((await p.post('/api/player/sessions', { login, password: 'wrong-pass' })).statusCode).toBe(401);
    }
    const locked = await p.post('/api/player/sessions', { login: 'GHOST.CASE@example.com', password: 'x-y-z-w' });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toMatchObject({ code: 1007 });
  });
});

describe('password reset', () => {
  it('answers alike for a known and an unknown address, even when the mail server is down', async () => {
    // Nothing listens on port 1: every e-mail fails to leave.
    await withOwnServer({ SMTP_URL: 'smtp://127.0.0.1:1' }, async (down) => {
      const q = players(down);
      const registered = await q.post('/api/player/register', body(q.email('known')));
      expect(registered.statusCode, registered.body).toBe(200);
      const email = authResponseSchema.parse(registered.json<{ data: unknown }>().data).profile.email ?? '';

      const known = await q.post('/api/player/passwords/reset', { email });
      const unknown = await q.post('/api/player/passwords/reset', { email: 'unknown.person@example.com' });
      expect({ status: unknown.statusCode, body: unknown.json<unknown>() }).toEqual({
        status: known.statusCode,
        body: known.json<unknown>(),
      });
      expect(known.statusCode).toBe(200);
      await down.app.background.settled();
    });
  });
});

const fieldsResponse = z.object({ data: z.array(fieldSchema) });

describe('registration fields', () => {
  it('lists neither login field: each tab supplies its own', async () => {
    const response = await p.get('/api/player/fields/validations?scenario=registration');
    const names = fieldsResponse.parse(response.json()).data.map((f) => f.name);
    expect(names).not.toContain('email');
    expect(names).not.toContain('phone');
    expect(names).toContain('password');
  });

  it('without a listed phone, drops a phone sent with an e-mail registration', async () => {
    const dropped = await p.registerByEmail({ phone: p.phone() });
    expect(dropped.auth.profile.phone).toBeNull();
  });

  it('with a listed phone, asks for it on the e-mail tab and keeps it unverified', async () => {
    // Its own server: field rules are cached for 30 s per process.
    await withOwnServer(async (own) => {
      const q = players(own);
      // Field rules are the operator's (no service edits them yet): the row is written here.
      await own.db
        .insertInto('player_fields')
        .values({ id: 190, scenario: 'registration', name: 'phone', is_required: true, position: 15 })
        .execute();
      const missing = await q.post('/api/player/register', body(q.email('nophone')));
      expect(missing.statusCode).toBe(422);
      expect(errorOf(missing).fields).toEqual({ phone: ['This field is required.'] });

      const phone = q.phone();
      const kept = await q.registerByEmail({ phone });
      expect(kept.auth.profile).toMatchObject({ phone, phoneConfirmed: false });
      const profile = profileSchema.parse(
        (await q.get('/api/player/profile', { token: kept.token })).json<{ data: unknown }>().data,
      );
      expect(profile).toMatchObject({ phone, phoneConfirmed: false });
      // A taken phone is still a form error (the phone tab's flow needs it, see ARCHITECTURE.md).
      const taken = await q.post('/api/player/register', body(q.email('taken'), { phone }));
      expect(errorOf(taken).fields).toEqual({ phone: ['This phone number is already registered.'] });
    });
  });
});
