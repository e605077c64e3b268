import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { newPage } from './browser';

/**
 * What the browser tests do over plain HTTP: set up players and read state through the
 * API of the server the global setup started, so that each journey starts from a known
 * place without clicking through sign-up first.
 */

export const baseUrl = inject('baseUrl');
export const PASSWORD = 'velvet-roulette-42';
/** The operator API's key on the e2e server (global-setup's ADMIN_API_KEY, a test-only key). */
export const ADMIN_KEY = 'e2e-operator-key-0123456789abcdefghijklmnop';
/** Distinct per run, so that e-mail addresses never collide with an earlier run's. */
export const run = `${Date.now().toString(36)}${randomInt(1000, 9999)}`;

export interface Answer<T = unknown> {
  status: number;
  body: { data?: T; meta?: unknown; error?: { code: number; message: string; fields?: Record<string, string[]> } };
}

export async function call<T = unknown>(
  method: string,
  path: string,
  options: { body?: unknown; token?: string | undefined } = {},
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Answer<T>['body'] };
}

export interface Player {
  id: string;
  email: string;
  token: string;
  sessionId: string;
}

interface AuthData {
  accessToken: string;
  sessionId: string;
  profile: { id: string };
}

/** A new player registered by e-mail (`{label}.{run}@example.com`) with PASSWORD. */
export async function registerPlayer(label: string): Promise<Player> {
  const email = `${label}.${run}@example.com`;
  const answer = await call<AuthData>('POST', '/api/player/register', {
    body: { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: 1 },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const data = answer.body.data as AuthData;
  return { id: data.profile.id, email, token: data.accessToken, sessionId: data.sessionId };
}

/** `POST /api/player/sessions`: the answer as it is, for tests of refusals too. */
export function signIn(login: string, password: string): Promise<Answer<AuthData>> {
  return call<AuthData>('POST', '/api/player/sessions', { body: { login, password, fingerprint: '' } });
}

/** A page whose browser holds the player's token cookie, with the cookie notice accepted. */
export async function signedInPage(
  browser: Browser,
  token: string,
  size: { width: number; height: number } = { width: 1440, height: 900 },
) {
  const opened = await newPage(browser, size);
  await opened.context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
  // Accepted before, so that screenshots show the page and not the notice over it.
  await opened.context.addInitScript(() => localStorage.setItem('cookies-accepted', 'true'));
  return opened;
}

/** The token the browser holds now (it refreshes its own copy: tokens live 60 s here). */
export async function browserToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies(baseUrl)).find((item) => item.name === 'token');
  if (!cookie) throw new Error('no token cookie');
  return cookie.value;
}
