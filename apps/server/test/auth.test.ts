import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { authResponseSchema, PlayerStatus } from '@croupier/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCodesRepository } from '../src/modules/auth/codes-repository';
import { sha256Hex } from '../src/modules/auth/crypto';
import { selfExclude, setPlayerStatus, useTestServer } from './fixtures';
import { bearer, claimsOf, codeFromLink, errorOf, PASSWORD, players } from './players';

const t = useTestServer();
const p = players(t);

async function playerRow(email: string) {
  return t.db
    .selectFrom('players')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

async function playerCount(): Promise<number> {
  const row = await t.db
    .selectFrom('players')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('POST /api/player/register (e-mail)', () => {
  it('creates the account, signs the player in and mails a confirmation link', async () => {
    const email = p.email('ada');
    const response = await p.post(
      '/api/player/register',
      {
        email: `  ${email} `,
        password: PASSWORD,
        password_confirmation: PASSWORD,
        agreements: 1,
        receiveEmailPromo: '1',
        fingerprint: 'visitor-123',
        affiliateTag: 'aff_42',
        referralCode: 'FRIEND1',
        bonusCode: 'WELCOME',
        status: 3,
        confirmedAt: '2020-01-01T00:00:00Z',
      },
      { headers: { 'cf-ipcountry': 'DE', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4) Mobile/15E148' } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const auth = authResponseSchema.parse(response.json<{ data: unknown }>().data);
    expect(auth.tokenType).toBe('bearer');
    expect(auth.profile).toMatchObject({
      email,
      phone: null,
      status: 1,
      confirmedAt: null,
      nickname: email.slice(0, email.indexOf('@')),
      country: 'DE',
      currency: 'EUR',
      locale: 'de',
      agreedTc: true,
      receiveEmailPromo: true,
      receiveSmsPromo: false,
      isNewlyRegistered: true,
      phoneConfirmed: false,
      previousLoginAt: null,
    });
    expect(auth.profile.externalId).toBeGreaterThan(0);

    const claims = claimsOf(auth.accessToken);
    expect(claims.sub).toBe(auth.profile.id);
    expect(claims.sessionId).toBe(auth.sessionId);
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900);
    expect(new Date(auth.expiresAfter).getTime()).toBe(Number(claims.exp) * 1000);

    const row = await playerRow(email);
    expect(row).toMatchObject({
      fingerprint: 'visitor-123',
      affiliate_tag: 'aff_42',
      referrer_code: 'FRIEND1',
      bonus_code: 'WELCOME',
      registration_method: 'email',
      registration_country: 'DE',
      status: 1,
      confirmed_at: null,
    });
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);

    const session = await t.db
      .selectFrom('player_sessions')
      .selectAll()
      .where('id', '=', auth.sessionId)
      .executeTakeFirstOrThrow();
    expect(session).toMatchObject({ sign_in_method: 'registration', device_type: 'mobile', country: 'DE' });

    const [mail] = await p.messagesTo(email);
    // In the language the player chose at registration.
    expect(mail).toMatchObject({ subject: 'Bestätigen Sie Ihre E-Mail-Adresse', category: 'auth.email-confirmation' });
    expect(mail?.text).toMatch(/http:\/\/127\.0\.0\.1:\d+\/verify\/[A-Za-z0-9_-]{43}/);

    // The new token works at once.
    const profile = await p.get('/api/player/profile', { token: auth.accessToken });
    expect(profile.statusCode).toBe(200);
  });

  it('takes country, currency and locale from the form and accepts every checkbox spelling', async () => {
    for (const [value, expected] of [
      [1, true],
      ['1', true],
      [true, true],
      ['true', true],
      ['', false],
      [0, false],
      ['0', false],
      [false, false],
    ] as const) {
      const { auth } = await p.registerByEmail({
        country: 'BR',
        currency: 'brl',
        locale: 'pt-br',
        nickname: 'Ada',
        receiveEmailPromo: value,
        receiveSmsPromo: value,
      });
      expect(auth.profile).toMatchObject({
        country: 'BR',
        currency: 'BRL',
        locale: 'pt-BR',
        nickname: 'Ada',
        receiveEmailPromo: expected,
        receiveSmsPromo: expected,
      });
    }
  });

  it('falls back to the base currency and default locale without a country', async () => {
    const { auth } = await p.registerByEmail();
    expect(auth.profile).toMatchObject({ country: null, currency: 'USD', locale: 'en' });
  });

  const valid = { password: PASSWORD, password_confirmation: PASSWORD, agreements: 1 };
  const invalid: { case: string; body: Record<string, unknown>; fields: Record<string, string[]> }[] = [
    { case: 'missing e-mail', body: { ...valid }, fields: { email: ['This field is required.'] } },
    {
      case: 'malformed e-mail',
      body: { ...valid, email: 'ada@' },
      fields: { email: ['Enter a valid e-mail address.'] },
    },
    { case: 'e-mail as a number', body: { ...valid, email: 42 }, fields: { email: ['Enter a valid e-mail address.'] } },
    {
      case: 'over-long e-mail',
      body: { ...valid, email: `${'a'.repeat(250)}@example.com` },
      fields: { email: ['Enter a valid e-mail address.'] },
    },
    {
      case: 'short password',
      body: { email: 'short@example.com', password: 'abc', password_confirmation: 'abc', agreements: 1 },
      fields: { password: ['Enter at least 6 characters.'] },
    },
    {
      case: 'over-long password',
      body: { ...valid, email: 'long@example.com', password: 'x'.repeat(129), password_confirmation: 'x'.repeat(129) },
      fields: { password: ['Enter at most 128 characters.'] },
    },
    {
      case: 'password as a list',
      body: { ...valid, email: 'list@example.com', password: ['secret123'] },
      fields: { password: ['Enter at least 6 characters.'] },
    },
    {
      case: 'confirmation that differs',
      body: { ...valid, email: 'differs@example.com', password_confirmation: 'something else' },
      fields: { password_confirmation: ['The values do not match.'] },
    },
    {
      case: 'missing confirmation (required by the field rules)',
      body: { email: 'noconfirm@example.com', password: PASSWORD, agreements: 1 },
      fields: { password_confirmation: ['This field is required.'] },
    },
    {
      case: 'unchecked agreements',
      body: { ...valid, email: 'unchecked@example.com', agreements: '' },
      fields: { agreements: ['This must be accepted.'] },
    },
    {
      case: 'missing agreements',
      body: { email: 'noagree@example.com', password: PASSWORD, password_confirmation: PASSWORD },
      fields: { agreements: ['This field is required.'] },
    },
    {
      case: 'checkbox that is no checkbox',
      body: { ...valid, email: 'maybe@example.com', receiveEmailPromo: 'maybe' },
      fields: { receiveEmailPromo: ['The value must be true or false.'] },
    },
    {
      case: 'unknown currency',
      body: { ...valid, email: 'cur@example.com', currency: 'XYZ' },
      fields: { currency: ['This currency is not available.'] },
    },
    {
      case: 'unknown country',
      body: { ...valid, email: 'zz@example.com', country: 'ZZ' },
      fields: { country: ['The value is invalid.'] },
    },
    {
      case: 'lower-case country',
      body: { ...valid, email: 'lc@example.com', country: 'de' },
      fields: { country: ['Enter a two-letter country code.'] },
    },
    {
      case: 'country that blocks sign-up',
      body: { ...valid, email: 'au@example.com', country: 'AU' },
      fields: { country: ['Registration is not available for this country.'] },
    },
    {
      case: 'unknown locale',
      body: { ...valid, email: 'xx@example.com', locale: 'xx' },
      fields: { locale: ['The value is invalid.'] },
    },
    {
      case: 'common password',
      body: { email: 'common@example.com', password: 'Password1', password_confirmation: 'Password1', agreements: 1 },
      fields: { password: ['This password is too common. Choose another one.'] },
    },
    {
      case: 'password equal to the e-mail',
      body: {
        email: 'same.as.login@example.com',
        password: 'same.as.login@example.com',
        password_confirmation: 'same.as.login@example.com',
        agreements: 1,
      },
      fields: { password: ['The password must not be your e-mail address or phone number.'] },
    },
    {
      case: 'over-long nickname',
      body: { ...valid, email: 'nick@example.com', nickname: 'n'.repeat(65), city: 'Berlin' },
      fields: { nickname: ['Enter at most 64 characters.'] },
    },
    {
      // Refused before the schema runs (any field of any route), so reported alone.
      case: 'control character',
      body: { ...valid, email: 'nick@example.com', nickname: 'n'.repeat(65), city: 'Ber\u0000lin' },
      fields: { city: ['The value is invalid.'] },
    },
    {
      case: 'minor and impossible dates',
      body: { ...valid, email: 'young@example.com', birthdate: '2015-06-01' },
      fields: { birthdate: ['You must be at least 18 years old.'] },
    },
    {
      case: '30 February',
      body: { ...valid, email: 'feb@example.com', birthdate: '1990-02-30' },
      fields: { birthdate: ['Enter a valid date.'] },
    },
  ];

  it.each(invalid)('refuses a $case with 422 and field errors, creating nothing', async ({ body, fields }) => {
    const before = await playerCount();
    const response = await p.post('/api/player/register', body);
    expect(response.statusCode, response.body).toBe(422);
    const error = errorOf(response);
    expect(error.code).toBe(1001);
    expect(error.fields).toEqual(fields);
    expect(await playerCount()).toBe(before);
  });

  it('refuses bodies that are not objects with 422, never 500', async () => {
    for (const payload of ['"hello"', '[1,2]', 'null', '42']) {
      const response = await t.app.server.inject({
        method: 'POST',
        url: '/api/player/register',
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: p.ip(),
      });
      expect(response.statusCode, payload).toBe(422);
    }
    const malformed = await t.app.server.inject({
      method: 'POST',
      url: '/api/player/register',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
      remoteAddress: p.ip(),
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('does not say that an address is taken, whatever its case: it mails the owner instead', async () => {
    const { email } = await p.registerByEmail();
    const response = await p.post('/api/player/register', { ...valid, email: email.toUpperCase() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { mailed: true } });
    expect((await p.messagesTo(email)).map((m) => m.category)).toContain('auth.account-exists');
  });

  it('refuses a self-excluded person, however the address is written, while the exclusion runs', async () => {
    await selfExclude(
      t,
      { email_normalized: 'gambler@gmail.com', ends_at: new Date(Date.now() + 180 * 86_400_000) },
      {
        email_normalized: 'former@example.com',
        starts_at: new Date(Date.now() - 400 * 86_400_000),
        ends_at: new Date(Date.now() - 86_400_000),
      },
    );
    const refused = await p.post('/api/player/register', { ...valid, email: 'Gam.Bler+casino@googlemail.com' });
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).fields).toEqual({
      email: ['Registration is not possible with this e-mail address. Please contact support.'],
    });
    // An exclusion that has ended does not stop a new account.
    const { auth } = await p.registerByEmail({ email: 'former@example.com' });
    expect(auth.profile.email).toBe('former@example.com');
  });

  it('answers 451 (11006) to visitors from a country that blocks sign-up', async () => {
    const response = await p.post(
      '/api/player/register',
      { ...valid, email: 'traveller@example.com' },
      { headers: { 'cf-ipcountry': 'AU' } },
    );
    expect(response.statusCode).toBe(451);
    expect(errorOf(response).code).toBe(11006);
    expect(await playerRow('traveller@example.com')).toBeUndefined();
  });

  it('limits registrations per client IP', async () => {
    const ip = p.ip();
    for (let i = 0; i < 10; i += 1) {
      expect((await p.post('/api/player/register', {}, { ip })).statusCode).toBe(422);
    }
    const limited = await p.post('/api/player/register', { ...valid, email: 'eleventh@example.com' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe(1007);
  });
});

describe('phone registration with a one-time code', () => {
  const form = { password: PASSWORD, password_confirmation: PASSWORD, agreements: '1', receiveSmsPromo: 1 };

  it('sends a code by SMS and registers the phone with it', async () => {
    const phone = p.phone();
    const sent = await p.post('/api/player/otp/send', { phone: `+${phone}`, reason: 'registration' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ data: { message: 'We have sent a code to your phone.' } });
    const [sms] = await p.messagesTo(phone, 'sms');
    expect(sms).toMatchObject({ channel: 'sms', to: phone, subject: null, category: 'otp.registration' });
    expect(sms?.text).toMatch(/^\d{6} is your Croupier code to finish your registration\. Valid 10 minutes\./);
    const code = await p.smsCode(phone);

    const response = await p.post('/api/player/register/phone', { ...form, phone, code, email: 'ignored@example.com' });
    expect(response.statusCode, response.body).toBe(200);
    const auth = authResponseSchema.parse(response.json<{ data: unknown }>().data);
    expect(auth.profile).toMatchObject({
      phone,
      phoneConfirmed: true,
      email: null,
      nickname: null,
      receiveSmsPromo: true,
      isNewlyRegistered: true,
    });

    // The code is used up, and the phone is now taken.
    const again = await p.post('/api/player/register/phone', { ...form, phone, code });
    expect(again.statusCode).toBe(422);
    expect(errorOf(again).fields).toEqual({ phone: ['This phone number is already registered.'] });
    const resend = await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    expect(resend.statusCode).toBe(422);
    expect(errorOf(resend).fields).toEqual({ phone: ['This phone number is already registered.'] });

    // Sign-in by phone digits, with or without formatting.
    const signedIn = await p.signIn(`+${phone.slice(0, 2)} ${phone.slice(2)}`, PASSWORD);
    expect(signedIn.profile.id).toBe(auth.profile.id);
  });

  it('accepts a code checked first with /otp/verify', async () => {
    const phone = p.phone();
    await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    const code = await p.smsCode(phone);
    const verified = await p.post('/api/player/otp/verify', { phone, code, reason: 'registration' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ data: { code } });
    const response = await p.post('/api/player/register/phone', { ...form, phone, code });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('answers 11003 to a wrong code and burns the code at the fifth wrong one', async () => {
    const phone = p.phone();
    await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    const code = await p.smsCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i += 1) {
      const response = await p.post('/api/player/register/phone', { ...form, phone, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 11003,
        message: i < 5 ? 'The code is invalid.' : 'Too many wrong codes. Request a new code.',
      });
    }
    const burnt = await p.post('/api/player/register/phone', { ...form, phone, code });
    expect(burnt.statusCode).toBe(400);
    expect(errorOf(burnt).code).toBe(11003);
    expect(await t.db.selectFrom('players').select('id').where('phone', '=', phone).execute()).toEqual([]);
  });

  it('checks the form before the code, so a form error does not use the code up', async () => {
    const phone = p.phone();
    await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    const code = await p.smsCode(phone);
    const formError = await p.post('/api/player/register/phone', { ...form, agreements: '', phone, code });
    expect(formError.statusCode).toBe(422);
    expect(errorOf(formError).fields).toEqual({ agreements: ['This must be accepted.'] });
    expect((await p.post('/api/player/register/phone', { ...form, phone, code })).statusCode).toBe(200);
  });

  it('refuses an expired code, a code sent for another reason and a replaced code', async () => {
    const phone = p.phone();
    await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    const first = await p.smsCode(phone);
    // Time passes: no API moves the clock, so the row's times are moved back.
    await t.db
      .updateTable('otp_codes')
      .set({ created_at: sql<Date>`now() - interval '11 minutes'`, expires_at: sql<Date>`now() - interval '1 minute'` })
      .where('phone', '=', phone)
      .execute();
    const expired = await p.post('/api/player/register/phone', { ...form, phone, code: first });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toEqual({ code: 11003, message: 'The code is invalid or has expired.' });

    await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    const replaced = await p.smsCode(phone);
    await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    const latest = await p.smsCode(phone);
    if (replaced !== latest) {
      const old = await p.post('/api/player/register/phone', { ...form, phone, code: replaced });
      expect(errorOf(old).code).toBe(11003);
    }
    // A code for password recovery (no account: recorded, not sent) is no registration code.
    const verify = await p.post('/api/player/otp/verify', { phone, code: latest, reason: 'changingPass' });
    expect(errorOf(verify).code).toBe(11003);
    expect((await p.post('/api/player/register/phone', { ...form, phone, code: latest })).statusCode).toBe(200);
  });

  it('sends at most 3 codes per phone and reason in 10 minutes, then 11005', async () => {
    const phone = p.phone();
    for (let i = 0; i < 3; i += 1) {
      expect((await p.post('/api/player/otp/send', { phone, reason: 'registration' })).statusCode).toBe(200);
    }
    const limited = await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual({ code: 11005, message: 'The limit of codes sent has been reached.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(await p.messagesTo(phone, 'sms')).toHaveLength(3);
    // The last code sent still works, and other reasons have their own count.
    expect((await p.post('/api/player/otp/send', { phone, reason: 'changingPass' })).statusCode).toBe(200);
    const code = await p.smsCode(phone);
    expect((await p.post('/api/player/register/phone', { ...form, phone, code })).statusCode).toBe(200);
  });

  it('refuses a self-excluded phone before sending anything', async () => {
    const phone = p.phone();
    await selfExclude(t, { phone, source: 'register' });
    const response = await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).fields).toEqual({
      phone: ['Registration is not possible with this phone number. Please contact support.'],
    });
    expect(await p.messagesTo(phone, 'sms')).toEqual([]);
  });

  it('refuses malformed phones, reasons and codes with 422', async () => {
    const rows: [string, unknown, Record<string, string[]>][] = [
      ['/api/player/otp/send', { phone: '12345', reason: 'registration' }, { phone: ['Enter a valid phone number.'] }],
      [
        '/api/player/otp/send',
        { phone: 'call me', reason: 'registration' },
        { phone: ['Enter a valid phone number.'] },
      ],
      ['/api/player/otp/send', { phone: p.phone(), reason: 'lottery' }, { reason: ['The value is invalid.'] }],
      ['/api/player/otp/send', {}, { phone: ['This field is required.'], reason: ['This field is required.'] }],
      [
        '/api/player/otp/verify',
        { phone: p.phone(), code: '12345', reason: 'registration' },
        { code: ['Enter the 6-digit code.'] },
      ],
      [
        '/api/player/otp/verify',
        { phone: p.phone(), code: 123456, reason: 'registration' },
        { code: ['Enter the 6-digit code.'] },
      ],
      [
        '/api/player/register/phone',
        { ...form, phone: '4915', code: '123456' },
        { phone: ['Enter a valid phone number.'] },
      ],
      ['/api/player/register/phone', { ...form, phone: p.phone() }, { code: ['This field is required.'] }],
    ];
    for (const [url, body, fields] of rows) {
      const response = await p.post(url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(errorOf(response).fields, url).toEqual(fields);
    }
  });

  it('refuses visitors from a country that blocks sign-up before sending a code', async () => {
    const phone = p.phone();
    const response = await p.post(
      '/api/player/otp/send',
      { phone, reason: 'registration' },
      { headers: { 'cf-ipcountry': 'SG' } },
    );
    expect(response.statusCode).toBe(451);
    expect(await p.messagesTo(phone, 'sms')).toEqual([]);
  });
});

describe('POST /api/player/register/confirm', () => {
  it('confirms the e-mail address with the link mailed at registration, once', async () => {
    const player = await p.registerByEmail();
    const code = codeFromLink((await p.messagesTo(player.email))[0], '/verify/');
    const confirmed = await p.post('/api/player/register/confirm', { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const profile = await p.get('/api/player/profile', { token: player.token });
    expect(profile.json<{ data: { confirmedAt: string | null } }>().data.confirmedAt).toMatch(/Z$/);

    const reused = await p.post('/api/player/register/confirm', { code });
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).fields).toEqual({ code: ['This confirmation link is invalid, used or expired.'] });
  });

  it('refuses unknown, expired, missing and malformed codes with 422 on code', async () => {
    const player = await p.registerByEmail();
    const code = codeFromLink((await p.messagesTo(player.email))[0], '/verify/');
    // Time passes: no API moves the clock, so the row's times are moved back.
    await t.db
      .updateTable('email_confirmations')
      .set({ created_at: sql<Date>`now() - interval '4 days'`, expires_at: sql<Date>`now() - interval '1 day'` })
      .where('player_id', '=', player.id)
      .execute();
    for (const body of [
      { code },
      { code: 'no-such-code' },
      {},
      { code: '' },
      { code: 42 },
      { code: 'x'.repeat(600) },
    ]) {
      const response = await p.post('/api/player/register/confirm', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['code']);
    }
  });
});

describe('POST /api/player/sessions (sign-in)', () => {
  it('signs in by e-mail whatever its case and shows the previous sign-in', async () => {
    const player = await p.registerByEmail({}, { headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0)' } });
    const auth = await p.signIn(player.email.toUpperCase(), PASSWORD, { headers: { 'cf-ipcountry': 'BR' } });
    expect(auth.profile.id).toBe(player.id);
    expect(auth.profile.isNewlyRegistered).toBe(false);
    expect(auth.sessionId).not.toBe(player.sessionId);
    expect(auth.profile.previousLoginAt).toMatch(/Z$/);
    const again = await p.signIn(player.email, PASSWORD);
    expect(Date.parse(again.profile.previousLoginAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(auth.profile.previousLoginAt ?? ''),
    );
  });

  it('gives an unknown login and a wrong password the same 401', async () => {
    const player = await p.registerByEmail();
    const wrong = await p.post('/api/player/sessions', { login: player.email, password: 'not the password' });
    const unknown = await p.post('/api/player/sessions', { login: 'nobody@example.com', password: 'whatever1' });
    const unknownPhone = await p.post('/api/player/sessions', { login: p.phone(), password: 'whatever1' });
    for (const response of [wrong, unknown, unknownPhone]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toEqual({ code: 1002, message: 'The login or password is wrong.' });
    }
  });

  it('refuses malformed sign-ins with 422', async () => {
    const rows: [unknown, Record<string, string[]>][] = [
      [{}, { login: ['This field is required.'], password: ['This field is required.'] }],
      [{ login: 'ada@', password: 'x' }, { login: ['Enter a valid e-mail address.'] }],
      [{ login: 'abc', password: 'x' }, { login: ['Enter a valid phone number.'] }],
      [{ login: 12, password: 'x' }, { login: ['The value is invalid.'] }],
      [{ login: { $gt: '' }, password: 'x' }, { login: ['The value is invalid.'] }],
      [{ login: 'a@example.com', password: 'x'.repeat(129) }, { password: ['Enter at most 128 characters.'] }],
      [{ login: 'a@example.com', password: '   ' }, { password: ['This field is required.'] }],
    ];
    for (const [body, fields] of rows) {
      const response = await p.post('/api/player/sessions', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(response).fields).toEqual(fields);
    }
  });

  it('locks the account after 5 wrong passwords, longer each time, and a success clears it', async () => {
    const player = await p.registerByEmail();
    for (let i = 0; i < 5; i += 1) {
      expect((await p.post('/api/player/sessions', { login: player.email, password: `wrong-${i}` })).statusCode).toBe(
        401,
      );
    }
    const locked = await p.post('/api/player/sessions', { login: player.email, password: PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toMatchObject({ code: 1007 });
    expect(errorOf(locked).message).toMatch(/locked for 15 minutes/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(890);

    // The lock runs out (moved back: no API moves the clock); five more failures lock for twice as long.
    await t.db
      .updateTable('players')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', player.id)
      .execute();
    for (let i = 0; i < 5; i += 1) {
      await p.post('/api/player/sessions', { login: player.email, password: `again-${i}` });
    }
    const longer = await p.post('/api/player/sessions', { login: player.email, password: PASSWORD });
    expect(longer.statusCode).toBe(429);
    expect(errorOf(longer).message).toMatch(/locked for 30 minutes/);

    // And runs out again.
    await t.db
      .updateTable('players')
      .set({ locked_until: new Date(Date.now() - 1000) })
      .where('id', '=', player.id)
      .execute();
    await p.signIn(player.email, PASSWORD);
    const row = await playerRow(player.email);
    expect(row).toMatchObject({ failed_login_count: 0, lockout_count: 0, locked_until: null });
  });

  it('answers 403 (11002) for a blocked account, only to someone who knows its password', async () => {
    const player = await p.registerByEmail();
    await setPlayerStatus(t, player.id, PlayerStatus.BLOCKED);
    const blocked = await p.post('/api/player/sessions', { login: player.email, password: PASSWORD });
    expect(blocked.statusCode).toBe(403);
    expect(errorOf(blocked)).toEqual({ code: 11002, message: 'The account is blocked.' });
    const wrong = await p.post('/api/player/sessions', { login: player.email, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
  });

  it('limits sign-in attempts per client IP', async () => {
    const ip = p.ip();
    for (let i = 0; i < 20; i += 1) expect((await p.post('/api/player/sessions', {}, { ip })).statusCode).toBe(422);
    const limited = await p.post('/api/player/sessions', { login: 'a@example.com', password: 'x' }, { ip });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe(1007);
  });

  it('answers 451 (11006) from a country that blocks sign-in', async () => {
    const player = await p.registerByEmail();
    const response = await p.post(
      '/api/player/sessions',
      { login: player.email, password: PASSWORD },
      { headers: { 'cf-ipcountry': 'AU' } },
    );
    expect(response.statusCode).toBe(451);
    expect(errorOf(response).code).toBe(11006);
  });
});

describe('POST /api/player/sessions/token (autologin)', () => {
  /**
   * Stores a token as the sign-in service's `issueAutologinToken` does (through the same
   * repository call): no route issues one (CRM and support will), and the tests choose it.
   */
  async function issue(playerId: string, token: string, ttlSeconds = 3600): Promise<void> {
    await createCodesRepository(t.db).insertAutologinToken({
      playerId,
      tokenHash: sha256Hex(token),
      ttlSeconds,
      issuedBy: 'test',
    });
  }

  it('signs in once with a one-time token', async () => {
    const player = await p.registerByEmail();
    await issue(player.id, 'autologin-token-1');
    const response = await p.post('/api/player/sessions/token', { token: 'autologin-token-1', fingerprint: 'fp' });
    expect(response.statusCode, response.body).toBe(200);
    const auth = authResponseSchema.parse(response.json<{ data: unknown }>().data);
    expect(auth.profile.id).toBe(player.id);
    const session = await t.db
      .selectFrom('player_sessions')
      .selectAll()
      .where('id', '=', auth.sessionId)
      .executeTakeFirst();
    expect(session).toMatchObject({ sign_in_method: 'autologin', fingerprint: 'fp' });

    const reused = await p.post('/api/player/sessions/token', { token: 'autologin-token-1' });
    expect(reused.statusCode).toBe(401);
    expect(errorOf(reused)).toEqual({ code: 1002, message: 'The sign-in link is invalid, used or expired.' });
  });

  it('refuses unknown and expired tokens (401), blocked accounts (403) and bad input (422)', async () => {
    const player = await p.registerByEmail();
    await issue(player.id, 'expired-token', 1);
    // Time passes: no API moves the clock, so the row's times are moved back.
    await t.db
      .updateTable('autologin_tokens')
      .set({ created_at: sql<Date>`now() - interval '2 hours'`, expires_at: sql<Date>`now() - interval '1 hour'` })
      .where('token_hash', '=', sha256Hex('expired-token'))
      .execute();
    expect((await p.post('/api/player/sessions/token', { token: 'expired-token' })).statusCode).toBe(401);
    expect((await p.post('/api/player/sessions/token', { token: 'never-issued' })).statusCode).toBe(401);

    const blocked = await p.registerByEmail();
    await issue(blocked.id, 'blocked-token');
    await setPlayerStatus(t, blocked.id, PlayerStatus.BLOCKED);
    const response = await p.post('/api/player/sessions/token', { token: 'blocked-token' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).code).toBe(11002);

    for (const body of [{}, { token: '' }, { token: 7 }, { token: 'x'.repeat(513) }]) {
      const bad = await p.post('/api/player/sessions/token', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(['token']);
    }
  });
});

describe('password reset', () => {
  it('works end to end through the e-mailed link and ends every session', async () => {
    const player = await p.registerByEmail();
    const other = await p.signIn(player.email, PASSWORD);
    const requested = await p.post('/api/player/passwords/reset', { email: ` ${player.email.toUpperCase()} ` });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toEqual({
      data: { message: 'If an account uses this e-mail address, we have sent it a link to choose a new password.' },
    });
    const mail = (await p.messagesTo(player.email)).find((m) => m.category === 'auth.password-reset');
    expect(mail?.subject).toBe('Reset your password');
    const code = codeFromLink(mail, '/password/reset/');

    const newPassword = 'a brand new passphrase';
    const confirmed = await p.post('/api/player/passwords/confirm', {
      code,
      newPassword,
      repeatNewPassword: newPassword,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    for (const token of [player.token, other.accessToken]) {
      expect((await p.get('/api/player/profile', { token })).statusCode).toBe(401);
    }
    expect((await p.post('/api/player/sessions', { login: player.email, password: PASSWORD })).statusCode).toBe(401);
    const auth = await p.signIn(player.email, newPassword);
    // The link reached the mailbox: that confirms the address too.
    expect(auth.profile.confirmedAt).not.toBeNull();

    const reused = await p.post('/api/player/passwords/confirm', {
      code,
      newPassword: 'yet another passphrase',
      repeatNewPassword: 'yet another passphrase',
    });
    expect(reused.statusCode).toBe(422);
    expect(errorOf(reused).fields).toEqual({ code: ['This link is invalid, used or expired. Ask for a new one.'] });
  });

  it('answers the same for an unknown address and mails nothing', async () => {
    const response = await p.post('/api/player/passwords/reset', { email: 'ghost@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { message: 'If an account uses this e-mail address, we have sent it a link to choose a new password.' },
    });
    expect(await p.messagesTo('ghost@example.com')).toEqual([]);
  });

  it('mails at most 3 links per account per hour, answering the same', async () => {
    const player = await p.registerByEmail();
    for (let i = 0; i < 4; i += 1) {
      expect((await p.post('/api/player/passwords/reset', { email: player.email })).statusCode).toBe(200);
    }
    const resets = (await p.messagesTo(player.email)).filter((m) => m.category === 'auth.password-reset');
    expect(resets).toHaveLength(3);
  });

  it('keeps to 3 links under parallel requests, whose codes are stored after the answer', async () => {
    const player = await p.registerByEmail();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => p.post('/api/player/passwords/reset', { email: player.email })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    const resets = (await p.messagesTo(player.email)).filter((m) => m.category === 'auth.password-reset');
    expect(resets).toHaveLength(3);
  });

  it('keeps the code usable when the new password is refused, and refuses bad codes with 422 on code', async () => {
    const player = await p.registerByEmail();
    await p.post('/api/player/passwords/reset', { email: player.email });
    const code = codeFromLink(
      (await p.messagesTo(player.email)).find((m) => m.category === 'auth.password-reset'),
      '/password/reset/',
    );
    const rows: [unknown, Record<string, string[]>][] = [
      [
        { code, newPassword: 'qwerty123', repeatNewPassword: 'qwerty123' },
        { newPassword: ['This password is too common. Choose another one.'] },
      ],
      [
        { code, newPassword: 'long enough pass', repeatNewPassword: 'other' },
        { repeatNewPassword: ['The values do not match.'] },
      ],
      [{ code, newPassword: 'abc', repeatNewPassword: 'abc' }, { newPassword: ['Enter at least 6 characters.'] }],
      [
        { code: 'bogus', newPassword: 'long enough pass', repeatNewPassword: 'long enough pass' },
        { code: ['This link is invalid, used or expired. Ask for a new one.'] },
      ],
      [
        { newPassword: 'long enough pass', repeatNewPassword: 'long enough pass' },
        { code: ['This field is required.'] },
      ],
    ];
    for (const [body, fields] of rows) {
      const response = await p.post('/api/player/passwords/confirm', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(errorOf(response).fields).toEqual(fields);
    }
    const ok = await p.post('/api/player/passwords/confirm', {
      code,
      newPassword: 'long enough pass',
      repeatNewPassword: 'long enough pass',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('unlocks a locked account', async () => {
    const player = await p.registerByEmail();
    for (let i = 0; i < 5; i += 1) await p.post('/api/player/sessions', { login: player.email, password: `bad-${i}` });
    expect((await p.post('/api/player/sessions', { login: player.email, password: PASSWORD })).statusCode).toBe(429);
    await p.post('/api/player/passwords/reset', { email: player.email });
    const code = codeFromLink(
      (await p.messagesTo(player.email)).find((m) => m.category === 'auth.password-reset'),
      '/password/reset/',
    );
    const fresh = 'unlocked at last';
    await p.post('/api/player/passwords/confirm', { code, newPassword: fresh, repeatNewPassword: fresh });
    await p.signIn(player.email, fresh);
  });

  it('works by SMS: changingPass code, verified into a reset code', async () => {
    const phone = p.phone();
    await p.post('/api/player/otp/send', { phone, reason: 'registration' });
    const registrationCode = await p.smsCode(phone);
    const registered = await p.post('/api/player/register/phone', {
      phone,
      code: registrationCode,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: 1,
    });
    expect(registered.statusCode, registered.body).toBe(200);

    expect((await p.post('/api/player/otp/send', { phone, reason: 'changingPass' })).statusCode).toBe(200);
    const [sms] = await p.messagesTo(phone, 'sms');
    expect(sms?.category).toBe('otp.changingPass');
    const otp = await p.smsCode(phone);
    const verified = await p.post('/api/player/otp/verify', { phone, code: otp, reason: 'changingPass' });
    expect(verified.statusCode, verified.body).toBe(200);
    const resetCode = verified.json<{ data: { code: string } }>().data.code;
    expect(resetCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The SMS code is used up.
    expect(errorOf(await p.post('/api/player/otp/verify', { phone, code: otp, reason: 'changingPass' })).code).toBe(
      11003,
    );

    const fresh = 'reset by text message';
    const confirmed = await p.post('/api/player/passwords/confirm', {
      code: resetCode,
      newPassword: fresh,
      repeatNewPassword: fresh,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await p.signIn(phone, fresh);
  });

  it('answers a changingPass request for an unknown phone like any other, without sending', async () => {
    const phone = p.phone();
    const response = await p.post('/api/player/otp/send', { phone, reason: 'changingPass' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { message: 'We have sent a code to your phone.' } });
    expect(await p.messagesTo(phone, 'sms')).toEqual([]);
  });

  it('limits reset requests per client IP', async () => {
    const ip = p.ip();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await p.post('/api/player/passwords/reset', { email: `nobody${i}@example.com` }, { ip })).statusCode,
      ).toBe(200);
    }
    expect((await p.post('/api/player/passwords/reset', { email: 'nobody@example.com' }, { ip })).statusCode).toBe(429);
  });
});

describe('SMS gateway adapter (SMS_GATEWAY_URL)', () => {
  let gateway: http.Server;
  const received: { to: string; text: string }[] = [];
  let failing = false;

  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        if (failing) {
          res.writeHead(503).end('down');
          return;
        }
        received.push(JSON.parse(body) as { to: string; text: string });
        res.writeHead(200, { 'content-type': 'application/json' }).end(`{"id":"sms-${received.length}"}`);
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  });
  // Closed before the gateway (after hooks run last registered first).
  const server = useTestServer(() => ({
    SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
    SMS_GATEWAY_TOKEN: 'tkn',
  }));

  it('sends codes through the gateway (not the outbox) and reports a failing gateway with 503', async () => {
    const own = players(server);
    const phone = own.phone();
    expect((await own.post('/api/player/otp/send', { phone, reason: 'registration' })).statusCode).toBe(200);
    expect(received.at(-1)?.to).toBe(`+${phone}`);
    const code = /^(\d{6}) /.exec(received.at(-1)?.text ?? '')?.[1];
    expect(await own.messagesTo(phone, 'sms')).toEqual([]);
    const registered = await own.post('/api/player/register/phone', {
      phone,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: 1,
    });
    expect(registered.statusCode, registered.body).toBe(200);

    failing = true;
    const other = own.phone();
    const response = await own.post('/api/player/otp/send', { phone: other, reason: 'registration' });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response)).toEqual({ code: 1503, message: 'The code could not be sent. Try again in a moment.' });
    const [row] = await server.db.selectFrom('otp_codes').selectAll().where('phone', '=', other).execute();
    expect(row?.invalidated_at).toBeInstanceOf(Date);
    failing = false;
  });
});

describe('Bearer header handling', () => {
  it('answers 401 to a missing, malformed or foreign token', async () => {
    const player = await p.registerByEmail();
    const [header, payload] = player.token.split('.');
    for (const headers of [
      {},
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
      { authorization: 'Bearer not-a-jwt' },
      { authorization: `Bearer ${header}.${payload}.c2lnbmF0dXJl` },
      bearer(`${player.token}x`),
    ]) {
      const response = await p.get('/api/player/profile', { headers });
      expect(response.statusCode, JSON.stringify(headers)).toBe(401);
      expect(errorOf(response).code).toBe(1002);
    }
  });
});

describe('API docs', () => {
  it('describe every accounts endpoint', async () => {
    const spec = (await t.app.server.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    for (const path of [
      '/api/player/register',
      '/api/player/register/phone',
      '/api/player/register/confirm',
      '/api/player/otp/send',
      '/api/player/otp/verify',
      '/api/player/fields/validations',
      '/api/player/sessions',
      '/api/player/sessions/token',
      '/api/player/sessions/refresh',
      '/api/player/sessions/logout',
      '/api/player/sessions/{sessionId}/close',
      '/api/player/passwords',
      '/api/player/passwords/reset',
      '/api/player/passwords/confirm',
      '/api/player/profile',
      '/api/player/profile/confirmations/email/resend',
    ]) {
      expect(spec.paths, path).toHaveProperty([path]);
    }
  });
});
