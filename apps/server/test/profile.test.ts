import { fieldSchema, profileSchema, type Profile } from '@croupier/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useTestServer, withOwnServer } from './fixtures';
import { codeFromLink, errorOf, PASSWORD, players, type RegisteredPlayer } from './players';

const t = useTestServer();
const p = players(t);

const fieldsResponse = z.object({ data: z.array(fieldSchema) });

async function profileOf(token: string): Promise<Profile> {
  const response = await p.get('/api/player/profile', { token });
  expect(response.statusCode, response.body).toBe(200);
  return profileSchema.parse(response.json<{ data: unknown }>().data);
}

async function update(token: string, body: unknown) {
  return p.put('/api/player/profile', body, { token });
}

describe('GET /api/player/fields/validations', () => {
  it('lists the registration fields in form order', async () => {
    const response = await p.get('/api/player/fields/validations?scenario=registration');
    expect(response.statusCode, response.body).toBe(200);
    const fields = fieldsResponse.parse(response.json()).data;
    // Without the login fields: each registration tab supplies its own.
    expect(fields.map((f) => f.name)).toEqual([
      'password',
      'password_confirmation',
      'currency',
      'country',
      'nickname',
      'locale',
      'bonusCode',
      'receiveEmailPromo',
      'receiveSmsPromo',
      'agreements',
    ]);
    expect(fields.find((f) => f.name === 'nickname')).toMatchObject({ isVisible: false, isRequired: false });
    expect(fields.find((f) => f.name === 'agreements')).toMatchObject({ isVisible: true, isRequired: true });
    const positions = fields.map((f) => f.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(response.headers.etag).toBeDefined();
  });

  it('lists the profile fields, with or without a token', async () => {
    const player = await p.registerByEmail();
    const guest = fieldsResponse.parse((await p.get('/api/player/fields/validations?scenario=profile')).json()).data;
    const signedIn = fieldsResponse.parse(
      (await p.get('/api/player/fields/validations?scenario=profile', { token: player.token })).json(),
    ).data;
    expect(signedIn).toEqual(guest);
    expect(guest.map((f) => f.name)).toEqual(
      expect.arrayContaining([
        'firstName',
        'lastName',
        'birthdate',
        'gender',
        'city',
        'address',
        'postalCode',
        'timeZone',
      ]),
    );
    expect(guest.find((f) => f.name === 'country')?.editable).toBe(false);
  });

  it('refuses a missing or unknown scenario with 422', async () => {
    for (const query of ['', '?scenario=', '?scenario=admin']) {
      const response = await p.get(`/api/player/fields/validations${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(errorOf(response).fields ?? {})).toEqual(['scenario']);
    }
  });
});

describe('GET and PUT /api/player/profile', () => {
  let player: RegisteredPlayer;
  beforeAll(async () => {
    player = await p.registerByEmail({}, { headers: { 'cf-ipcountry': 'DE' } });
  });

  it('reads the profile of the token, never cached', async () => {
    const response = await p.get('/api/player/profile', { token: player.token });
    expect(response.headers['cache-control']).toBe('private, no-store');
    const profile = profileSchema.parse(response.json<{ data: unknown }>().data);
    expect(profile).toMatchObject({ id: player.id, email: player.email, isNewlyRegistered: false, segmentIds: [] });
  });

  it('updates the editable fields and keeps them', async () => {
    const response = await update(player.token, {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      birthdate: '1990-2-3',
      gender: 'female',
      city: 'London',
      address: '12 St James’s Square',
      additionalAddress: 'Flat 2',
      postalCode: 'SW1Y 4LB',
      nationality: 'British',
      placeOfBirth: 'London',
      profession: 'Mathematician',
      personalIdNumber: 'AB123456',
      securityQuestion: 'First computer?',
      securityAnswer: 'Analytical Engine',
      timeZone: 'Europe/London',
      locale: 'es',
      nickname: 'Countess',
      receiveEmailPromo: true,
      receiveSmsPromo: 1,
      pwaInstalled: true,
      freshchatRestoreId: 'restore-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      birthdate: '1990-02-03',
      gender: 'female',
      city: 'London',
      postalCode: 'SW1Y 4LB',
      timeZone: 'Europe/London',
      locale: 'es',
      nickname: 'Countess',
      receiveEmailPromo: true,
      receiveSmsPromo: true,
      pwaInstalled: true,
      freshchatRestoreId: 'restore-1',
      securityAnswer: 'Analytical Engine',
    };
    expect(profileSchema.parse(response.json<{ data: unknown }>().data)).toMatchObject(expected);
    expect(await profileOf(player.token)).toMatchObject(expected);
  });

  it('clears a value with "" or null; a cleared nickname falls back to the e-mail', async () => {
    const response = await update(player.token, { additionalAddress: '', profession: null, nickname: '', gender: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(profileSchema.parse(response.json<{ data: unknown }>().data)).toMatchObject({
      additionalAddress: null,
      profession: null,
      gender: null,
      nickname: player.email.slice(0, player.email.indexOf('@')),
      firstName: 'Ada',
    });
  });

  it('ignores fields a player may not set (no mass assignment)', async () => {
    const before = await t.db.selectFrom('players').selectAll().where('id', '=', player.id).executeTakeFirstOrThrow();
    const response = await update(player.token, {
      id: '00000000-0000-4000-8000-000000000000',
      externalId: 999_999,
      status: 3,
      confirmedAt: '2020-01-01T00:00:00.000Z',
      confirmed_at: '2020-01-01T00:00:00.000Z',
      phoneConfirmed: true,
      currency: 'BTC',
      balance: 1_000_000,
      agreedTc: false,
      isNewlyRegistered: true,
      referralCode: 'MINE',
      segmentIds: ['vip'],
      createdAt: '2000-01-01T00:00:00.000Z',
      password_hash: 'x',
      registration_method: 'social',
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await t.db.selectFrom('players').selectAll().where('id', '=', player.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    expect(profileSchema.parse(response.json<{ data: unknown }>().data)).toMatchObject({
      id: player.id,
      status: 1,
      confirmedAt: null,
      phoneConfirmed: false,
      currency: 'EUR',
      agreedTc: true,
      isNewlyRegistered: false,
      // The player's own code (the referral programme), never the one sent.
      referralCode: after.referral_code,
      segmentIds: [],
    });
  });

  const invalid: { case: string; body: unknown; fields: Record<string, string[]> }[] = [
    {
      case: 'one-letter first name',
      body: { firstName: 'A' },
      fields: { firstName: ['Enter at least 2 characters.'] },
    },
    { case: 'first name as a number', body: { firstName: 42 }, fields: { firstName: ['The value is invalid.'] } },
    { case: 'over-long city', body: { city: 'c'.repeat(101) }, fields: { city: ['Enter at most 100 characters.'] } },
    { case: 'control character', body: { address: 'Main St\u0000 1' }, fields: { address: ['The value is invalid.'] } },
    { case: '29 February of 2023', body: { birthdate: '2003-02-29' }, fields: { birthdate: ['Enter a valid date.'] } },
    { case: 'month 13', body: { birthdate: '1990-13-01' }, fields: { birthdate: ['Enter a valid date.'] } },
    { case: 'year 999', body: { birthdate: '999-01-01' }, fields: { birthdate: ['Enter a valid date.'] } },
    { case: 'date as a number', body: { birthdate: 19_900_101 }, fields: { birthdate: ['Enter a valid date.'] } },
    {
      case: 'minor',
      body: { birthdate: `${new Date().getUTCFullYear() - 10}-01-01` },
      fields: { birthdate: ['You must be at least 18 years old.'] },
    },
    { case: 'unknown gender', body: { gender: 'other' }, fields: { gender: ['The value is invalid.'] } },
    { case: 'unknown time zone', body: { timeZone: 'Mars/Olympus' }, fields: { timeZone: ['The value is invalid.'] } },
    { case: 'unknown locale', body: { locale: 'xx' }, fields: { locale: ['The value is invalid.'] } },
    { case: 'malformed locale', body: { locale: 'english' }, fields: { locale: ['The value is invalid.'] } },
    {
      case: 'malformed e-mail',
      body: { email: 'ada@@example.com' },
      fields: { email: ['Enter a valid e-mail address.'] },
    },
    { case: 'malformed phone', body: { phone: '12345' }, fields: { phone: ['Enter a valid phone number.'] } },
    {
      case: 'toggle as text',
      body: { receiveEmailPromo: 'yes' },
      fields: { receiveEmailPromo: ['The value must be true or false.'] },
    },
    {
      case: 'country that blocks accounts',
      body: { country: 'SG' },
      fields: { country: ['This country is not available.'] },
    },
    { case: 'lower-case country', body: { country: 'gb' }, fields: { country: ['Enter a two-letter country code.'] } },
    {
      case: 'several problems at once',
      body: { firstName: 'A', lastName: 'B', postalCode: 'p'.repeat(21) },
      fields: {
        firstName: ['Enter at least 2 characters.'],
        lastName: ['Enter at least 2 characters.'],
        postalCode: ['Enter at most 20 characters.'],
      },
    },
  ];

  it.each(invalid)('refuses a $case with 422 and changes nothing', async ({ body, fields }) => {
    const before = await profileOf(player.token);
    const response = await update(player.token, body);
    expect(response.statusCode, response.body).toBe(422);
    expect(errorOf(response)).toMatchObject({ code: 1001, fields });
    expect(await profileOf(player.token)).toEqual(before);
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['[]', '"x"', '1']) {
      const response = await t.app.server.inject({
        method: 'PUT',
        url: '/api/player/profile',
        payload,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${player.token}` },
        remoteAddress: p.ip(),
      });
      expect(response.statusCode, payload).toBe(422);
    }
  });

  it('refuses a field marked not editable once it has a value', async () => {
    // Registered without a visitor country: the country can be filled in once.
    const own = await p.registerByEmail();
    const set = await update(own.token, { country: 'DE' });
    expect(set.statusCode, set.body).toBe(200);
    expect(profileSchema.parse(set.json<{ data: unknown }>().data).country).toBe('DE');
    const change = await update(own.token, { country: 'BR' });
    expect(change.statusCode).toBe(422);
    expect(errorOf(change).fields).toEqual({ country: ['This field cannot be changed.'] });
    const clear = await update(own.token, { country: null });
    expect(errorOf(clear).fields).toEqual({ country: ['This field cannot be changed.'] });
    // Sending the value it already has is no change.
    expect((await update(own.token, { country: 'DE', city: 'Berlin' })).statusCode).toBe(200);
  });

  it('refuses to clear a required profile field', async () => {
    // Its own server: field rules are cached for 30 s per process.
    await withOwnServer(async (own) => {
      const q = players(own);
      const registered = await q.registerByEmail({ lastName: 'Byron' });
      // Field rules are the operator's (no service edits them yet): the row is written here.
      await own.db
        .updateTable('player_fields')
        .set({ is_required: true })
        .where('scenario', '=', 'profile')
        .where('name', '=', 'lastName')
        .execute();
      const response = await q.put('/api/player/profile', { lastName: '' }, { token: registered.token });
      expect(response.statusCode).toBe(422);
      expect(errorOf(response).fields).toEqual({ lastName: ['This field is required.'] });
    });
  });
});

describe('e-mail changes and confirmation', () => {
  it('refuses an address another player uses', async () => {
    const first = await p.registerByEmail();
    const second = await p.registerByEmail();
    const response = await update(second.token, { email: first.email.toUpperCase() });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).fields).toEqual({ email: ['This e-mail address is already registered.'] });
  });

  it('a new address loses the confirmation, gets a link, and an older link confirms nothing', async () => {
    const player = await p.registerByEmail();
    const firstLink = codeFromLink((await p.messagesTo(player.email))[0], '/verify/');
    await p.post('/api/player/profile/confirmations/email/resend', undefined, { token: player.token });
    const pendingLink = codeFromLink((await p.messagesTo(player.email))[0], '/verify/');
    expect(pendingLink).not.toBe(firstLink);
    expect((await p.post('/api/player/register/confirm', { code: firstLink })).statusCode).toBe(200);
    expect((await profileOf(player.token)).confirmedAt).not.toBeNull();

    // Only the case changes: the same mailbox, still confirmed.
    const sameMailbox = await update(player.token, { email: player.email.toUpperCase() });
    expect(profileSchema.parse(sameMailbox.json<{ data: unknown }>().data).confirmedAt).not.toBeNull();

    const newEmail = p.email('moved');
    const response = await update(player.token, { email: newEmail });
    expect(response.statusCode, response.body).toBe(200);
    expect(profileSchema.parse(response.json<{ data: unknown }>().data)).toMatchObject({
      email: newEmail,
      confirmedAt: null,
    });
    const [mail] = await p.messagesTo(newEmail);
    expect(mail?.category).toBe('auth.email-confirmation');
    const newLink = codeFromLink(mail, '/verify/');

    // A link mailed to the old address (before the change) confirms nothing now.
    const stale = await p.post('/api/player/register/confirm', { code: pendingLink });
    expect(stale.statusCode).toBe(422);
    expect((await profileOf(player.token)).confirmedAt).toBeNull();

    expect((await p.post('/api/player/register/confirm', { code: newLink })).statusCode).toBe(200);
    expect((await profileOf(player.token)).confirmedAt).not.toBeNull();
    // The new address signs in; the old one no longer does.
    await p.signIn(newEmail, PASSWORD);
    expect((await p.post('/api/player/sessions', { login: player.email, password: PASSWORD })).statusCode).toBe(401);
  });

  it('resends the confirmation link, 409 once confirmed, 429 after 3 in 10 minutes', async () => {
    const player = await p.registerByEmail();
    for (let i = 0; i < 2; i += 1) {
      const response = await p.post('/api/player/profile/confirmations/email/resend', undefined, {
        token: player.token,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ data: { message: 'We have sent you a new confirmation link.' } });
    }
    const mails = await p.messagesTo(player.email);
    expect(mails).toHaveLength(3);
    const limited = await p.post('/api/player/profile/confirmations/email/resend', undefined, { token: player.token });
    expect(limited.statusCode).toBe(429);

    // Any of the links works (the newest here).
    expect(
      (await p.post('/api/player/register/confirm', { code: codeFromLink(mails[0], '/verify/') })).statusCode,
    ).toBe(200);
    const confirmed = await p.post('/api/player/profile/confirmations/email/resend', undefined, {
      token: player.token,
    });
    expect(confirmed.statusCode).toBe(409);
    expect(errorOf(confirmed).message).toBe('Your e-mail address is already confirmed.');
  });
});

describe('phone in the profile', () => {
  it('adds a phone unconfirmed, confirms it with a phoneVerification code, and removes it', async () => {
    const player = await p.registerByEmail();
    const phone = p.phone();
    const added = await update(player.token, { phone: `+${phone}` });
    expect(added.statusCode, added.body).toBe(200);
    expect(profileSchema.parse(added.json<{ data: unknown }>().data)).toMatchObject({ phone, phoneConfirmed: false });

    // A guest, or another number than the profile's, cannot use phoneVerification.
    const guest = await p.post('/api/player/otp/send', { phone, reason: 'phoneVerification' });
    expect(guest.statusCode).toBe(401);
    const other = await p.post(
      '/api/player/otp/send',
      { phone: p.phone(), reason: 'phoneVerification' },
      { token: player.token },
    );
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).fields).toEqual({ phone: ['This is not the phone number of your profile.'] });

    const sent = await p.post('/api/player/otp/send', { phone, reason: 'phoneVerification' }, { token: player.token });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await p.smsCode(phone);
    const wrong = await p.post(
      '/api/player/otp/verify',
      { phone, code: code === '999999' ? '000000' : '999999', reason: 'phoneVerification' },
      { token: player.token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe(11003);
    const verified = await p.post(
      '/api/player/otp/verify',
      { phone, code, reason: 'phoneVerification' },
      { token: player.token },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    expect((await profileOf(player.token)).phoneConfirmed).toBe(true);

    // The phone signs in too.
    await p.signIn(phone, PASSWORD);

    const removed = await update(player.token, { phone: '' });
    expect(profileSchema.parse(removed.json<{ data: unknown }>().data)).toMatchObject({
      phone: null,
      phoneConfirmed: false,
    });
  });

  it("refuses another player's phone and keeps a way to sign in", async () => {
    const owner = await p.registerByEmail();
    const phone = p.phone();
    expect((await update(owner.token, { phone })).statusCode).toBe(200);
    const other = await p.registerByEmail();
    const taken = await update(other.token, { phone });
    expect(taken.statusCode).toBe(422);
    expect(errorOf(taken).fields).toEqual({ phone: ['This phone number is already registered.'] });

    // E-mail removed while a phone remains: allowed; then the phone cannot go as well.
    expect((await update(owner.token, { email: '' })).statusCode).toBe(200);
    const last = await update(owner.token, { phone: null });
    expect(last.statusCode).toBe(422);
    expect(errorOf(last).fields).toEqual({ phone: ['This field is required.'] });
    const both = await update(other.token, { email: null });
    expect(errorOf(both).fields).toEqual({ email: ['This field is required.'] });
  });
});
