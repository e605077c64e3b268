import { randomInt } from 'node:crypto';
import {
  authResponseSchema,
  devOutboxMessageSchema,
  paginationMetaSchema,
  type AuthResponse,
  type DevOutboxMessage,
} from '@croupier/contract';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { z } from 'zod';
import type { TestServer } from './harness';

/** Helpers shared by the accounts tests: requests, sign-up, sign-in and the dev outbox. */

export interface ErrorResponse {
  error: { code: number; message: string; fields?: Record<string, string[]> };
}

export const PASSWORD = 'correct horse battery';

const outboxPage = z.object({ data: z.array(devOutboxMessageSchema), meta: paginationMetaSchema });
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  token?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
}

export interface RegisteredPlayer {
  email: string;
  password: string;
  token: string;
  sessionId: string;
  auth: AuthResponse;
  id: string;
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The claims of a JWT, unverified (what a client reads). */
export function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A body of an error answer. */
export function errorOf(response: LightMyRequestResponse): ErrorResponse['error'] {
  return response.json<ErrorResponse>().error;
}

/**
 * Request helpers bound to one server. Every request gets a fresh client IP unless one
 * is given, so that the per-IP limits only matter to the tests about them.
 */
/**
 * Shared by every `players(t)` of a file (a file may make several, e.g. through
 * paymentsClient): per-instance counters with a random base could hand out one address twice.
 */
let emailCounter = 0;
let phoneCounter = randomInt(0, 1_000_000);

export function players(t: TestServer) {
  // Distinct per file and run: each file has its own database, but readable ids help.
  const base = randomInt(1, 200);
  let ipCounter = 0;

  function ip(): string {
    ipCounter += 1;
    return `10.${base}.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  }

  function request(method: Method, url: string, payload: unknown, options: RequestOptions = {}) {
    return t.app.server.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      remoteAddress: options.ip ?? ip(),
      headers: { ...(options.token ? bearer(options.token) : {}), ...options.headers },
    });
  }

  async function outbox(query: string): Promise<DevOutboxMessage[]> {
    // Some e-mails leave after the response (password reset): wait for them.
    await t.app.background.settled();
    const response = await t.app.server.inject({ url: `/api/dev/outbox${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return outboxPage.parse(response.json()).data;
  }

  return {
    ip,
    email(label = 'player'): string {
      emailCounter += 1;
      return `${label}.${base}.${emailCounter}@example.com`;
    },
    /** A valid German mobile number, digits without '+'. */
    phone(): string {
      phoneCounter += 1;
      return `49151${String(phoneCounter).padStart(8, '0')}`;
    },
    get: (url: string, options?: RequestOptions) => request('GET', url, undefined, options),
    post: (url: string, payload?: unknown, options?: RequestOptions) => request('POST', url, payload, options),
    put: (url: string, payload?: unknown, options?: RequestOptions) => request('PUT', url, payload, options),
    delete: (url: string, options?: RequestOptions) => request('DELETE', url, undefined, options),

    async registerByEmail(
      fields: Record<string, unknown> = {},
      options: RequestOptions = {},
    ): Promise<RegisteredPlayer> {
      emailCounter += 1;
      const email = `reg.${base}.${emailCounter}@example.com`;
      const body = { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: 1, ...fields };
      const response = await request('POST', '/api/player/register', body, options);
      expect(response.statusCode, response.body).toBe(200);
      const auth = authResponseSchema.parse(response.json<{ data: unknown }>().data);
      return {
        email: String(body.email),
        password: String(body.password),
        token: auth.accessToken,
        sessionId: auth.sessionId,
        auth,
        id: auth.profile.id,
      };
    },

    async signIn(login: string, password: string, options: RequestOptions = {}): Promise<AuthResponse> {
      const response = await request('POST', '/api/player/sessions', { login, password }, options);
      expect(response.statusCode, response.body).toBe(200);
      return authResponseSchema.parse(response.json<{ data: unknown }>().data);
    },

    outbox,

    /** Confirms the address with the newest confirmation link mailed to it, as the player would. */
    async confirmEmail(email: string): Promise<void> {
      const messages = await outbox(`?perPage=100&channel=email&to=${encodeURIComponent(email)}`);
      const link = messages.find((m) => m.text.includes('/verify/'));
      const response = await request('POST', '/api/player/register/confirm', { code: codeFromLink(link, '/verify/') });
      expect(response.statusCode, response.body).toBe(200);
    },

    /** Messages to one recipient, newest first. */
    async messagesTo(to: string, channel: 'email' | 'sms' = 'email'): Promise<DevOutboxMessage[]> {
      return outbox(`?perPage=100&channel=${channel}&to=${encodeURIComponent(to)}`);
    },

    /** The newest one-time code sent to a phone. */
    async smsCode(phone: string): Promise<string> {
      const [latest] = await outbox(`?channel=sms&to=${phone}`);
      const code = /^(\d{6}) /.exec(latest?.text ?? '')?.[1];
      if (!code) throw new Error(`no code sent to ${phone}`);
      return code;
    },
  };
}

/** The code of a link such as `…/verify/{code}` in a message. */
export function codeFromLink(message: DevOutboxMessage | undefined, path: '/verify/' | '/password/reset/'): string {
  const escaped = path.replace(/\//g, '\\/');
  const code = new RegExp(`${escaped}([A-Za-z0-9_-]+)`).exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no ${path} link in ${message?.text ?? 'no message'}`);
  return code;
}
