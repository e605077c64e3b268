import type { ContentTree } from '@croupier/contract';
import { describe, expect, it } from 'vitest';
import { fileMessageContent } from './messages.fixture';
import { communicationReference, createMessageTemplates, fillHtml, fillText } from './messages';
import type { CommunicationRow } from './repository';

const templates = createMessageTemplates(fileMessageContent());
const LOCALES = ['en', 'es', 'pt-BR', 'de', 'fr'];

/** The GSM 03.38 basic alphabet (without the escape table). */
const GSM_7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

const row: CommunicationRow = {
  id: '3f2a9c1e-1111-4222-8333-444455556666',
  email: 'ada@example.com',
  name: 'Ada\r\nBcc: victim@example.com',
  subject: 'Help\nBcc: victim@example.com',
  message: 'Line one\nLine two',
  locale: 'de',
  client_ip: '203.0.113.9',
  user_agent: 'UA/1.0',
  created_at: new Date('2026-01-02T03:04:05.000Z'),
};

describe('placeholders', () => {
  it('fills known placeholders and keeps unknown ones as written', () => {
    expect(fillText('{code} is valid {duration}; {other}', { code: '123456', duration: '10 minutes' })).toBe(
      '123456 is valid 10 minutes; {other}',
    );
  });

  it('does not fill placeholders inside a value', () => {
    expect(fillText('[{reference}] {topic}', { reference: 'R1', topic: '{reference}' })).toBe('[R1] {reference}');
  });

  it('escapes the template and every value in HTML, and bolds the one asked for', () => {
    expect(fillHtml('Tom & {name} <{ref}>', { name: '<script>"x"</script>', ref: 'A&B' }, 'ref')).toBe(
      'Tom &#38; &#60;script&#62;&#34;x&#34;&#60;/script&#62; &#60;<strong>A&#38;B</strong>&#62;',
    );
  });
});

describe('e-mails and SMS per locale', () => {
  const link = 'https://casino.example/password/reset/abc_DEF-123';

  it('writes the password reset in each locale, with the link and a localized duration', async () => {
    const expected: Record<string, { subject: string; duration: string }> = {
      en: { subject: 'Reset your password', duration: '60 minutes' },
      es: { subject: 'Restablece tu contraseña', duration: '60 minutos' },
      'pt-BR': { subject: 'Redefina sua senha', duration: '60 minutos' },
      de: { subject: 'Setzen Sie Ihr Passwort zurück', duration: '60 Minuten' },
      fr: { subject: 'Réinitialisez votre mot de passe', duration: '60 minutes' },
    };
    for (const locale of LOCALES) {
      const mail = await templates.passwordReset({ to: 'a@example.com', link, ttlSeconds: 3600, locale: [locale] });
      expect(mail.subject, locale).toBe(expected[locale]?.subject);
      expect(mail.category).toBe('auth.password-reset');
      expect(mail.text, locale).toContain(link);
      expect(mail.text, locale).toContain(expected[locale]?.duration);
      expect(mail.text, locale).not.toMatch(/\{\w+\}/);
      expect(mail.html, locale).toContain(`<a href="${link}">`);
      expect(mail.html, locale).not.toMatch(/\{\w+\}/);
    }
  });

  it('counts hours with the right plural form', async () => {
    const de = await templates.emailConfirmation({ to: 'a@x.test', link, ttlSeconds: 72 * 3600, locale: ['de'] });
    expect(de.text).toContain('72 Stunden');
    const fr = await templates.otp({
      to: '491701234567',
      code: '123456',
      reason: 'registration',
      ttlSeconds: 60,
      locale: ['fr'],
    });
    expect(fr.text).toContain('1 minute.');
  });

  it('puts the code first in every locale and names the reason', async () => {
    for (const locale of LOCALES) {
      for (const reason of ['registration', 'phoneVerification', 'changingPass'] as const) {
        const sms = await templates.otp({
          to: '34600000000',
          code: '042917',
          reason,
          ttlSeconds: 600,
          locale: [locale],
        });
        expect(sms.text, `${locale} ${reason}`).toMatch(/^042917 /);
        expect(sms.category).toBe(`otp.${reason}`);
        // 160 characters of the GSM alphabet make one SMS; a text with other letters
        // (Spanish and Portuguese accents) goes as UCS-2, at most 2 parts of 67.
        const gsm = [...sms.text].every((c) => GSM_7.includes(c));
        expect(gsm, `${locale} ${reason} in the GSM alphabet`).toBe(['en', 'de', 'fr'].includes(locale));
        expect(sms.text.length, `${locale} ${reason} length`).toBeLessThanOrEqual(gsm ? 160 : 134);
      }
    }
    const es = await templates.otp({
      to: '34600000000',
      code: '042917',
      reason: 'registration',
      ttlSeconds: 600,
      locale: ['es'],
    });
    expect(es.text).toBe(
      '042917 es tu código de Croupier para completar el registro. Válido 10 minutos. No lo compartas nunca.',
    );
  });

  it('takes the first locale given: the saved one before the request one', async () => {
    const sms = await templates.otp({
      to: '1',
      code: '111111',
      reason: 'registration',
      ttlSeconds: 600,
      locale: [null, 'pt-BR'],
    });
    expect(sms.text).toContain('seu código');
    const saved = await templates.otp({
      to: '1',
      code: '111111',
      reason: 'registration',
      ttlSeconds: 600,
      locale: ['de', 'es'],
    });
    expect(saved.text).toContain('Ihr Croupier-Code');
  });

  it('falls back to the default locale for an unknown locale, and for a text missing in a locale', async () => {
    const unknown = await templates.passwordChanged({ to: 'a@x.test', supportEmail: 's@x.test', locale: ['it'] });
    expect(unknown.subject).toBe('Your password was changed');
    const none = await templates.passwordChanged({ to: 'a@x.test', supportEmail: 's@x.test', locale: [] });
    expect(none.subject).toBe('Your password was changed');

    // A German file without the password-changed texts: they come from English.
    const partial = fileMessageContent((locale, tree) => {
      if (locale !== 'de') return tree;
      const { passwordChanged: _dropped, ...email } = tree.email as ContentTree;
      return { ...tree, email };
    });
    const mail = await createMessageTemplates(partial).passwordChanged({
      to: 'a@x.test',
      supportEmail: 's@x.test',
      locale: ['de'],
    });
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text.startsWith('Hallo,\n')).toBe(true);
  });

  it('escapes values in HTML bodies', async () => {
    const mail = await templates.passwordChanged({ to: 'a@x.test', supportEmail: '<b>"x"</b>&co', locale: ['fr'] });
    expect(mail.text).toContain('<b>"x"</b>&co');
    expect(mail.html).toContain('&#60;b&#62;&#34;x&#34;&#60;/b&#62;&#38;co');
    expect(mail.html).not.toContain('<b>');
    const tricky = await templates.accountExists({
      to: 'a@x.test',
      signInLink: 'https://casino.example/?a=1&b="2"',
      resetLink: 'https://casino.example/forgot',
      locale: ['es'],
    });
    expect(tricky.html).toContain(
      '<a href="https://casino.example/?a=1&#38;b=&#34;2&#34;">Inicia sesión en tu cuenta</a>',
    );
    expect(tricky.subject).toBe('Ya tienes una cuenta en Croupier');
  });
});

describe('request locale', () => {
  it('picks the best site locale the Accept-Language header names', async () => {
    expect(await templates.requestLocale('es-ES,es;q=0.9,en;q=0.8')).toBe('es');
    expect(await templates.requestLocale('pt-br')).toBe('pt-BR');
    expect(await templates.requestLocale('it-IT, de;q=0.5, fr;q=0.7')).toBe('fr');
    expect(await templates.requestLocale('*')).toBeUndefined();
    expect(await templates.requestLocale('it, ja;q=0')).toBeUndefined();
    expect(await templates.requestLocale(undefined)).toBeUndefined();
  });
});

describe('contact form e-mails', () => {
  it('quotes a short reference from the id', () => {
    expect(communicationReference(row.id)).toBe('3F2A9C1E');
  });

  it('gives support everything in the default locale, replying to the sender, with header values on one line', async () => {
    const mail = await templates.supportNotification(row, 'support@casino.test');
    expect(mail).toMatchObject({ to: 'support@casino.test', replyTo: 'ada@example.com', category: 'contact.support' });
    expect(mail.subject).toBe('[Contact 3F2A9C1E] Help Bcc: victim@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain('From: Ada Bcc: victim@example.com <ada@example.com>');
    expect(mail.text).toContain('Received: 2026-01-02T03:04:05.000Z');
    expect(mail.text).toContain('Locale: de');
    expect(mail.text).toContain('Client IP: 203.0.113.9');
    expect(mail.text.endsWith('\n\nLine one\nLine two')).toBe(true);
  });

  it('names the topic when the sender gave no subject', async () => {
    expect(await templates.supportNotification({ ...row, subject: null, name: null }, 's@casino.test')).toMatchObject({
      subject: '[Contact 3F2A9C1E] Message from the contact form',
    });
  });

  it('acknowledges in the sender locale without repeating anything the sender typed', async () => {
    const mail = await templates.contactAcknowledgement(row);
    expect(mail).toMatchObject({ to: 'ada@example.com', category: 'contact.acknowledgement' });
    expect(mail.subject).toBe('Wir haben Ihre Nachricht erhalten (3F2A9C1E)');
    expect(mail.html).toContain('<strong>3F2A9C1E</strong>');
    expect(mail.replyTo).toBeUndefined();
    const everything = `${mail.subject}\n${mail.text}\n${mail.html}`;
    for (const typed of ['Ada', 'Help', 'victim', 'Line one']) expect(everything).not.toContain(typed);
    const english = await templates.contactAcknowledgement({ ...row, locale: null });
    expect(english.subject).toBe('We have received your message (3F2A9C1E)');
  });
});
