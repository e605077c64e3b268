import { describe, expect, it } from 'vitest';
import { useTestServer } from './fixtures';
import { codeFromLink, PASSWORD, players } from './players';

/**
 * E-mails and SMS in the recipient's language (read from the dev outbox): the player's
 * saved locale, else the request's Accept-Language before an account exists, else the
 * site's default locale.
 */
const t = useTestServer();
const p = players(t);

describe('e-mails in the player locale', () => {
  it('sends a German player the German confirmation and password-reset e-mails', async () => {
    const player = await p.registerByEmail({ locale: 'de' }, { headers: { 'accept-language': 'fr' } });
    const confirmation = (await p.messagesTo(player.email)).find((m) => m.category === 'auth.email-confirmation');
    expect(confirmation?.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    expect(confirmation?.text).toContain('72 Stunden');

    const requested = await p.post('/api/player/passwords/reset', { email: player.email });
    expect(requested.statusCode, requested.body).toBe(200);
    const mail = (await p.messagesTo(player.email)).find((m) => m.category === 'auth.password-reset');
    expect(mail?.subject).toBe('Setzen Sie Ihr Passwort zurück');
    expect(mail?.text.startsWith('Hallo,\n')).toBe(true);
    expect(mail?.text).toContain('Der Link funktioniert einmal und ist 60 Minuten gültig.');
    expect(mail?.html).toContain('>Neues Passwort wählen</a>');
    // The mailed link works like an English one.
    const code = codeFromLink(mail, '/password/reset/');
    const confirmed = await p.post('/api/player/passwords/confirm', {
      code,
      newPassword: 'ein ganz neues Passwort',
      repeatNewPassword: 'ein ganz neues Passwort',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('follows the locale saved at registration (the default one when the form named none), not the request', async () => {
    const player = await p.registerByEmail({}, { headers: { 'accept-language': 'pt-BR,pt;q=0.9' } });
    const [mail] = await p.messagesTo(player.email);
    expect(mail?.category).toBe('auth.email-confirmation');
    expect(mail?.subject).toBe('Confirm your e-mail address');
    expect(mail?.text).toContain('72 hours');
    await p.confirmEmail(player.email);
  });

  it('keeps the default locale (English) for a player without a saved locale', async () => {
    const player = await p.registerByEmail();
    await t.db.updateTable('players').set({ locale: null }).where('id', '=', player.id).execute();
    await p.post('/api/player/passwords/reset', { email: player.email });
    const mail = (await p.messagesTo(player.email)).find((m) => m.category === 'auth.password-reset');
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain('The link works once and for 60 minutes.');
  });
});

describe('SMS codes in the request or player locale', () => {
  it('sends the registration code in Spanish to a Spanish request, and it registers the phone', async () => {
    const phone = p.phone();
    const sent = await p.post(
      '/api/player/otp/send',
      { phone, reason: 'registration' },
      { headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' } },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const [sms] = await p.messagesTo(phone, 'sms');
    expect(sms?.category).toBe('otp.registration');
    expect(sms?.text).toMatch(
      /^\d{6} es tu código de Croupier para completar el registro\. Válido 10 minutos\. No lo compartas nunca\.$/,
    );
    const code = await p.smsCode(phone);
    const registered = await p.post('/api/player/register/phone', {
      phone,
      code,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: 1,
      locale: 'fr',
    });
    expect(registered.statusCode, registered.body).toBe(200);

    // Once the account exists, its saved locale wins over the request's.
    const reset = await p.post(
      '/api/player/otp/send',
      { phone, reason: 'changingPass' },
      { headers: { 'accept-language': 'es' } },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    const [latest] = await p.messagesTo(phone, 'sms');
    expect(latest?.category).toBe('otp.changingPass');
    expect(latest?.text).toMatch(/^\d{6} est votre code Croupier pour réinitialiser votre mot de passe\./);
  });

  it('falls back to the default locale for a language the site does not offer', async () => {
    const phone = p.phone();
    await p.post(
      '/api/player/otp/send',
      { phone, reason: 'registration' },
      { headers: { 'accept-language': 'it-IT,it' } },
    );
    const [sms] = await p.messagesTo(phone, 'sms');
    expect(sms?.text).toMatch(/^\d{6} is your Croupier code to finish your registration\./);
  });
});

describe('the messages content group', () => {
  it('is never served by the content API', async () => {
    const one = await t.app.server.inject({ url: '/api/content/groups/messages?locale=en' });
    expect(one.statusCode).toBe(422);
    const all = await t.app.server.inject({ url: '/api/content/groups?locale=en' });
    expect(all.statusCode).toBe(200);
    expect(Object.keys(all.json<{ data: { groups: object } }>().data.groups)).not.toContain('messages');
  });
});
