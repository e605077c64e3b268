import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dataCheckString, signTelegramLogin, telegramParamsSchema, verifyTelegramLogin } from './telegram';

const BOT_TOKEN = '123456789:AAE-test-token-for-unit-tests_0123456';
const NOW = 1_700_000_000;

/** The check as Telegram documents it, written out independently of the module. */
function referenceHash(fields: Record<string, string>, token: string): string {
  const text = Object.keys(fields)
    .filter((key) => key !== 'hash')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const key = createHash('sha256').update(token).digest();
  return createHmac('sha256', key).update(text).digest('hex');
}

function signed(fields: Record<string, string>, token = BOT_TOKEN) {
  return telegramParamsSchema.parse(signTelegramLogin(fields, token));
}

const user = { id: '42', first_name: 'Ada', last_name: 'Lovelace', username: 'ada', auth_date: String(NOW - 10) };

describe('Telegram login check', () => {
  it('builds the data-check-string from the sorted fields without hash and state', () => {
    expect(dataCheckString({ username: 'ada', id: '42', hash: 'x', auth_date: '1', state: '{}' })).toBe(
      'auth_date=1\nid=42\nusername=ada',
    );
  });

  it('signs as Telegram does', () => {
    expect(signTelegramLogin(user, BOT_TOKEN).hash).toBe(referenceHash(user, BOT_TOKEN));
  });

  it('accepts genuine data and reads the user', () => {
    const check = verifyTelegramLogin(signed(user), BOT_TOKEN, { nowSeconds: NOW, maxAgeSeconds: 600 });
    expect(check).toEqual({
      ok: true,
      user: { id: '42', firstName: 'Ada', lastName: 'Lovelace', username: 'ada', authDate: NOW - 10 },
    });
  });

  it('ignores our own state parameter', () => {
    const params = telegramParamsSchema.parse({ ...signTelegramLogin(user, BOT_TOKEN), state: '{"flow":"x"}' });
    expect(verifyTelegramLogin(params, BOT_TOKEN, { nowSeconds: NOW, maxAgeSeconds: 600 }).ok).toBe(true);
  });

  it('refuses changed, added or removed fields and another bot’s signature', () => {
    const genuine = signTelegramLogin(user, BOT_TOKEN);
    const { last_name: _dropped, ...removed } = genuine;
    const variants = [
      { ...genuine, id: '43' },
      { ...genuine, photo_url: 'https://example.com/a.png' },
      removed,
      { ...genuine, hash: (genuine.hash ?? '').replace(/^./, (c) => (c === '0' ? '1' : '0')) },
      signTelegramLogin(user, '987654321:another-bot-token-of-someone-else'),
    ];
    for (const variant of variants) {
      const check = verifyTelegramLogin(telegramParamsSchema.parse(variant), BOT_TOKEN, {
        nowSeconds: NOW,
        maxAgeSeconds: 600,
      });
      expect(check).toEqual({ ok: false, reason: 'hash' });
    }
  });

  it('refuses data older than the maximum age and data from the future', () => {
    const old = signed({ ...user, auth_date: String(NOW - 601) });
    expect(verifyTelegramLogin(old, BOT_TOKEN, { nowSeconds: NOW, maxAgeSeconds: 600 })).toEqual({
      ok: false,
      reason: 'stale',
    });
    const edge = signed({ ...user, auth_date: String(NOW - 600) });
    expect(verifyTelegramLogin(edge, BOT_TOKEN, { nowSeconds: NOW, maxAgeSeconds: 600 }).ok).toBe(true);
    const future = signed({ ...user, auth_date: String(NOW + 120) });
    expect(verifyTelegramLogin(future, BOT_TOKEN, { nowSeconds: NOW, maxAgeSeconds: 600 })).toEqual({
      ok: false,
      reason: 'future',
    });
  });

  it('shapes the parameters: required fields, formats and lengths', () => {
    const genuine = signTelegramLogin(user, BOT_TOKEN);
    expect(telegramParamsSchema.safeParse({ ...genuine, id: 'abc' }).success).toBe(false);
    expect(telegramParamsSchema.safeParse({ ...genuine, hash: 'XYZ' }).success).toBe(false);
    expect(telegramParamsSchema.safeParse({ ...genuine, username: 'no spaces' }).success).toBe(false);
    expect(telegramParamsSchema.safeParse({ ...genuine, first_name: 'a'.repeat(300) }).success).toBe(false);
    expect(telegramParamsSchema.safeParse({ ...genuine, 'Bad-Key': '1' }).success).toBe(false);
    const { auth_date: _date, ...withoutDate } = genuine;
    expect(telegramParamsSchema.safeParse(withoutDate).success).toBe(false);
  });
});
