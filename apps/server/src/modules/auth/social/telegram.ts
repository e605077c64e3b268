import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Telegram login (https://core.telegram.org/widgets/login#checking-authorization): the
 * widget hands the browser the user's fields, `auth_date` and `hash`, the hex
 * HMAC-SHA-256 of the data-check-string (every received field but `hash`, sorted by
 * name, `name=value` joined by line feeds) under the key SHA-256(bot token). Only the
 * bot's owner can produce it, so it proves the fields came from Telegram; `auth_date`
 * limits how long a signed set of fields can be used.
 */

/** Keys that are ours, not Telegram's: never part of the data-check-string. */
const NOT_SIGNED = new Set(['hash', 'state']);
/** Telegram's clock may run a little ahead of ours. */
const FUTURE_SKEW_SECONDS = 60;

/** The fields Telegram sends; other well-formed fields (Telegram may add some) are signed too. */
export const telegramParamsSchema = z
  .looseObject(
    {
      id: z.string({ error: 'required' }).regex(/^[1-9]\d{0,19}$/, { error: 'invalid' }),
      auth_date: z.string({ error: 'required' }).regex(/^\d{1,12}$/, { error: 'invalid' }),
      hash: z.string({ error: 'required' }).regex(/^[0-9a-f]{64}$/, { error: 'invalid' }),
      first_name: z
        .string()
        .refine((text) => text.length <= 256, { error: 'maxLength', params: { max: 256 } })
        .optional(),
      last_name: z
        .string()
        .refine((text) => text.length <= 256, { error: 'maxLength', params: { max: 256 } })
        .optional(),
      username: z
        .string()
        .regex(/^[A-Za-z0-9_]{1,64}$/, { error: 'invalid' })
        .optional(),
      photo_url: z
        .string()
        .refine((text) => text.length <= 2048, { error: 'maxLength', params: { max: 2048 } })
        .optional(),
    },
    { error: 'invalid' },
  )
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > 16) ctx.addIssue({ code: 'custom', message: 'invalid', path: [] });
    for (const key of keys) {
      const field = (value as Record<string, unknown>)[key];
      if (!/^[a-z][a-z0-9_]{0,31}$/.test(key) || typeof field !== 'string' || field.length > 2048) {
        ctx.addIssue({ code: 'custom', message: 'invalid', path: [key] });
      }
    }
  });
export type TelegramParams = z.output<typeof telegramParamsSchema>;

export interface TelegramUser {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  authDate: number;
}

export type TelegramCheck = { ok: true; user: TelegramUser } | { ok: false; reason: 'hash' | 'stale' | 'future' };

/** The signed fields of the received ones: all but `hash` (and our own `state`). */
function signedFields(params: Readonly<Record<string, string>>): [string, string][] {
  return Object.entries(params)
    .filter(([key]) => !NOT_SIGNED.has(key))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

export function dataCheckString(params: Readonly<Record<string, string>>): string {
  return signedFields(params)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** The `hash` Telegram would send for these fields. */
export function telegramHash(params: Readonly<Record<string, string>>, botToken: string): string {
  const key = createHash('sha256').update(botToken, 'utf8').digest();
  return createHmac('sha256', key).update(dataCheckString(params), 'utf8').digest('hex');
}

/** Signs fields as Telegram does (the sandbox's stand-in for Telegram). */
export function signTelegramLogin(fields: Readonly<Record<string, string>>, botToken: string): Record<string, string> {
  return { ...fields, hash: telegramHash(fields, botToken) };
}

/**
 * Checks the hash (constant time) and the age of `auth_date`. Expects params already
 * shaped by `telegramParamsSchema`.
 */
export function verifyTelegramLogin(
  params: TelegramParams,
  botToken: string,
  options: { nowSeconds: number; maxAgeSeconds: number },
): TelegramCheck {
  const fields = params as Readonly<Record<string, string>>;
  const expected = Buffer.from(telegramHash(fields, botToken), 'hex');
  const given = Buffer.from(params.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'hash' };
  const authDate = Number(params.auth_date);
  if (authDate > options.nowSeconds + FUTURE_SKEW_SECONDS) return { ok: false, reason: 'future' };
  if (options.nowSeconds - authDate > options.maxAgeSeconds) return { ok: false, reason: 'stale' };
  return {
    ok: true,
    user: {
      id: params.id,
      firstName: params.first_name?.trim() || null,
      lastName: params.last_name?.trim() || null,
      username: params.username ?? null,
      authDate,
    },
  };
}
