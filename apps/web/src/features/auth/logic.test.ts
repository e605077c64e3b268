import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import {
  auth0RedirectUrl,
  backRouteOf,
  classifyOtpSendError,
  classifyPhoneRegistrationError,
  classifySignInError,
  directRedirectUrl,
  firstFieldErrors,
  formatCountdown,
  resolveTabs,
  secondsLeft,
  socialButtons,
} from './logic';
import { withParamAlias } from '../../lib/field-params';

describe('resend countdown', () => {
  it('formats mm:ss', () => {
    expect(formatCountdown(60)).toBe('01:00');
    expect(formatCountdown(59)).toBe('00:59');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-3)).toBe('00:00');
    expect(formatCountdown(61.2)).toBe('01:02');
    expect(formatCountdown(600)).toBe('10:00');
    expect(formatCountdown(Number.NaN)).toBe('00:00');
  });

  it('counts whole seconds left, rounding up', () => {
    expect(secondsLeft(60_000, 0)).toBe(60);
    expect(secondsLeft(60_000, 1)).toBe(60);
    expect(secondsLeft(60_000, 59_001)).toBe(1);
    expect(secondsLeft(60_000, 60_000)).toBe(0);
    expect(secondsLeft(60_000, 90_000)).toBe(0);
  });
});

describe('tabs', () => {
  const both = { email: true, phone: true };
  it('sign-in: the content setting, else the enabled types, else e-mail', () => {
    expect(resolveTabs('both', { email: true, phone: false }, false)).toEqual(['email', 'phone']);
    expect(resolveTabs('phone', both, false)).toEqual(['phone']);
    expect(resolveTabs(undefined, both, false)).toEqual(['email', 'phone']);
    expect(resolveTabs(undefined, { email: false, phone: true }, false)).toEqual(['phone']);
    expect(resolveTabs(undefined, undefined, false)).toEqual(['email']);
    expect(resolveTabs('nonsense', { email: true, phone: false }, false)).toEqual(['email']);
  });

  it('sign-up: only enabled types, narrowed by the content setting', () => {
    expect(resolveTabs(undefined, both, true)).toEqual(['email', 'phone']);
    expect(resolveTabs('both', both, true)).toEqual(['email', 'phone']);
    expect(resolveTabs('phone', both, true)).toEqual(['phone']);
    expect(resolveTabs('phone', { email: true, phone: false }, true)).toEqual(['email']);
    expect(resolveTabs('both', { email: false, phone: true }, true)).toEqual(['phone']);
    expect(resolveTabs(undefined, { email: false, phone: false }, true)).toEqual(['email']);
    expect(resolveTabs(undefined, undefined, true)).toEqual(['email']);
  });
});

describe('error rows', () => {
  it('sign-in: 401 hint, 403 blocked, 422 fields on login/password, others generic', () => {
    expect(classifySignInError(new ApiError(401, 1002, 'x'))).toEqual({ kind: 'credentials' });
    expect(classifySignInError(new ApiError(403, 11002, 'x'))).toEqual({ kind: 'blocked' });
    expect(classifySignInError(new ApiError(403, 11007, 'x'))).toEqual({ kind: 'closed' });
    expect(
      classifySignInError(new ApiError(422, 1001, 'x', { email: ['Bad e-mail', 'second'], password: ['Too short'] })),
    ).toEqual({ kind: 'fields', fields: { login: 'Bad e-mail', password: 'Too short' } });
    expect(classifySignInError(new ApiError(429, 1007, 'x'))).toEqual({ kind: 'rateLimited' });
    expect(classifySignInError(new ApiError(500, 1500, 'x'))).toEqual({ kind: 'other' });
    expect(classifySignInError(new TypeError('fetch failed'))).toEqual({ kind: 'other' });
  });

  it('OTP send: 11005 limit, 422 fields, else the server message', () => {
    expect(classifyOtpSendError(new ApiError(429, 11005, 'limit'))).toEqual({ kind: 'limit' });
    expect(classifyOtpSendError(new ApiError(422, 1001, 'x', { phone: ['Invalid phone'] }))).toEqual({
      kind: 'fields',
      fields: { phone: 'Invalid phone' },
    });
    expect(classifyOtpSendError(new ApiError(400, 1000, 'Cannot send'))).toEqual({
      kind: 'message',
      message: 'Cannot send',
    });
    expect(classifyOtpSendError(new Error('boom'))).toEqual({ kind: 'message', message: '' });
  });

  it('phone registration: 11003 invalid code, 422 fields (back to the form), else the message', () => {
    expect(classifyPhoneRegistrationError(new ApiError(400, 11003, 'x'))).toEqual({ kind: 'invalidCode' });
    expect(classifyPhoneRegistrationError(new ApiError(422, 1001, 'x', { code: ['wrong'] }))).toEqual({
      kind: 'invalidCode',
    });
    expect(classifyPhoneRegistrationError(new ApiError(422, 1001, 'x', { email: ['taken'], code: ['x'] }))).toEqual({
      kind: 'fields',
      fields: { email: 'taken', code: 'x' },
    });
    expect(classifyPhoneRegistrationError(new ApiError(500, 1500, 'Oops'))).toEqual({
      kind: 'message',
      message: 'Oops',
    });
    expect(classifyPhoneRegistrationError(new ApiError(0, 0, 'timeout'))).toEqual({ kind: 'message', message: '' });
  });

  it('keeps the first non-empty message per field', () => {
    expect(firstFieldErrors({ a: ['', 'second'], b: [] })).toEqual({ a: 'second' });
    expect(firstFieldErrors(undefined)).toEqual({});
  });
});

describe('social sign-in links', () => {
  it('builds the back route without sign-in, sign-up and stag', () => {
    expect(backRouteOf({ pathname: '/de/casino', search: '?sign-in=true&stag=x&q=slots&sign-up=1' })).toBe(
      '/de/casino?q=slots',
    );
    expect(backRouteOf({ pathname: '/', search: '' })).toBe('/');
  });

  it('encodes state as URL-encoded JSON with a URL-encoded backRoute', () => {
    const url = new URL(auth0RedirectUrl('google-oauth2', '/casino?q=a&b=c'), 'http://localhost');
    expect(url.pathname).toBe('/api/player/sessions/social/auth0/redirect');
    expect(url.searchParams.get('connection')).toBe('google-oauth2');
    const state = JSON.parse(url.searchParams.get('state') ?? '') as { backRoute: string };
    expect(decodeURIComponent(state.backRoute)).toBe('/casino?q=a&b=c');
    expect(directRedirectUrl('telegram', '/')).toMatch(/^\/api\/player\/sessions\/social\/telegram\/redirect\?state=/);
  });

  it('shows buttons for the enabled providers only', () => {
    const auth0Connections = [
      { id: 'google-oauth2', label: 'Google' },
      { id: 'apple', label: 'Apple' },
    ];
    const directConnections = [{ id: 'telegram', label: 'Telegram' }, { id: 'discord' }, { label: 'no id' }];
    const ids = (enabled: string[], telegramConfigured = true) =>
      socialButtons({ enabled, auth0Connections, directConnections, telegramConfigured, backRoute: '/' }).map(
        (button) => button.id,
      );
    expect(ids(['auth0', 'telegram'])).toEqual(['google-oauth2', 'apple', 'telegram']);
    expect(ids(['telegram'])).toEqual(['telegram']);
    expect(ids(['auth0', 'telegram'], false)).toEqual(['google-oauth2', 'apple']);
    expect(ids(['discord'])).toEqual(['discord']);
    expect(ids([])).toEqual([]);
    expect(
      socialButtons({
        enabled: ['auth0'],
        auth0Connections: 'x',
        directConnections: null,
        telegramConfigured: false,
        backRoute: '/',
      }),
    ).toEqual([]);
  });
});

describe('withParamAlias', () => {
  it('gives {param} to templates of min/max failures', () => {
    expect(withParamAlias({ rule: 'minAge', params: { min: 18 } })).toEqual({
      rule: 'minAge',
      params: { min: 18, param: 18 },
    });
    expect(withParamAlias({ rule: 'required' })).toEqual({ rule: 'required' });
    expect(withParamAlias({ rule: 'sameAs', params: { param: 'newPassword' } })).toEqual({
      rule: 'sameAs',
      params: { param: 'newPassword' },
    });
  });
});
