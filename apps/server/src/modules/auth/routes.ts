import { authEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { allowEmptyJsonBodies } from '../../http/empty-json';
import { route } from '../../http/endpoint';
import { clientContext } from './client';
import { playerOf } from './guards';
import type { Auth } from './index';
import { OTP_POLICY } from './otp';

const minutes = (ms: number) => ms / 60_000;

/**
 * Per client IP, each route counting on its own (429, code 1007). The accounts' own
 * limits (lockout, codes per phone, e-mails per account) come on top, in the services.
 */
export const AUTH_RATE_LIMITS = {
  register: { max: 10, timeWindowMs: 60 * 60_000 },
  registerConfirm: { max: 20, timeWindowMs: 10 * 60_000 },
  otpSend: { max: 10, timeWindowMs: 10 * 60_000 },
  otpVerify: { max: 20, timeWindowMs: 10 * 60_000 },
  passwordReset: { max: 5, timeWindowMs: 10 * 60_000 },
  passwordConfirm: { max: 10, timeWindowMs: 10 * 60_000 },
  passwordChange: { max: 10, timeWindowMs: 10 * 60_000 },
  signIn: { max: 20, timeWindowMs: 10 * 60_000 },
  autologin: { max: 10, timeWindowMs: 10 * 60_000 },
} as const;

export function rateLimit(limit: { max: number; timeWindowMs: number }) {
  return { rateLimit: { max: limit.max, timeWindow: limit.timeWindowMs } };
}

export function limitText(limit: { max: number; timeWindowMs: number }): string {
  return `At most ${limit.max} requests per client IP in ${minutes(limit.timeWindowMs)} minutes (429, code 1007).`;
}

/** Registration, e-mail confirmation, one-time codes and passwords. */
export const authRoutes: FastifyPluginAsyncZod<{ auth: Auth; config: Config }> = async (app, { auth, config }) => {
  allowEmptyJsonBodies(app);
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  route(
    app,
    authEndpoints.register,
    {
      config: rateLimit(AUTH_RATE_LIMITS.register),
      tags: ['auth'],
      summary: 'Registers a player by e-mail and signs them in',
      description:
        'Guest. `email` plus the registration fields (`GET /api/player/fields/validations?scenario=registration`); ' +
        'a `phone` is kept, unverified, when that list has a visible `phone`. ' +
        'Checkboxes take 1/0/""/true/false. Nickname defaults to the e-mail local part; country to the visitor’s, ' +
        'currency to the country’s, locale to the country’s or the default. 422 with field errors for bad or ' +
        'missing fields, a common password, a self-excluded e-mail, a taken phone, a currency or locale the site ' +
        'does not offer, and a country that blocks sign-up. 451 (11006) from a visitor country that blocks sign-up. ' +
        'Answers a session and mails a confirmation link `/verify/{code}`; for an address that already has an ' +
        'account it answers `{ mailed: true, message }` (no session) and mails the owner instead. ' +
        limitText(AUTH_RATE_LIMITS.register),
    },
    async (request) => ({
      data: await auth.registration.registerByEmail(request.body, clientContext(request, config), request.log),
    }),
  );

  route(
    app,
    authEndpoints.registerPhone,
    {
      config: rateLimit(AUTH_RATE_LIMITS.register),
      tags: ['auth'],
      summary: 'Registers a player by phone with the one-time code sent for `registration`',
      description:
        'Guest. The registration fields plus `phone` (digits) and `code`. The form is checked first (422 with ' +
        'field errors), then the code: 400 with code 11003 when it is wrong, used or expired (5 wrong codes burn it). ' +
        limitText(AUTH_RATE_LIMITS.register),
    },
    async (request) => ({
      data: await auth.registration.registerByPhone(request.body, clientContext(request, config)),
    }),
  );

  route(
    app,
    authEndpoints.confirmRegistration,
    {
      config: rateLimit(AUTH_RATE_LIMITS.registerConfirm),
      tags: ['auth'],
      summary: 'Confirms the e-mail address with the code of the `/verify/{code}` link',
      description: `Guest. 422 with \`fields.code\` for an unknown, used or expired code. ${limitText(AUTH_RATE_LIMITS.registerConfirm)}`,
    },
    async (request) => ({ data: await auth.confirmations.confirm(request.body.code) }),
  );

  route(
    app,
    authEndpoints.sendOtp,
    {
      onRequest: auth.guards.optionalPlayer,
      config: rateLimit(AUTH_RATE_LIMITS.otpSend),
      tags: ['auth'],
      summary: 'Sends a 6-digit one-time code by SMS',
      description:
        `Optional token (required for \`phoneVerification\`, which only sends to the profile's phone). ` +
        `A code is valid ${OTP_POLICY.ttlSeconds / 60} minutes for its phone and reason and replaces the previous ` +
        `one. At most ${OTP_POLICY.maxSendsPerWindow} codes per phone and reason in ${OTP_POLICY.windowSeconds / 60} ` +
        'minutes: then 429 with code 11005 and Retry-After. `registration` refuses a registered or self-excluded ' +
        'phone (422). `changingPass` answers the same whether or not the phone has an account. ' +
        limitText(AUTH_RATE_LIMITS.otpSend),
    },
    async (request) => ({
      data: await auth.otp.send(request.body, request.player, clientContext(request, config), request.log),
    }),
  );

  route(
    app,
    authEndpoints.verifyOtp,
    {
      onRequest: auth.guards.optionalPlayer,
      config: rateLimit(AUTH_RATE_LIMITS.otpVerify),
      tags: ['auth'],
      summary: 'Checks a one-time code',
      description:
        '400 with code 11003 for a wrong, used or expired code; the fifth wrong code burns it. `registration`: ' +
        'answers the code (then send it with `/register/phone`). `phoneVerification` (token required): confirms ' +
        "the profile's phone. `changingPass`: answers a password-reset code for `/passwords/confirm`. " +
        limitText(AUTH_RATE_LIMITS.otpVerify),
    },
    async (request) => ({
      data: await auth.otp.verify(request.body, request.player, clientContext(request, config)),
    }),
  );

  route(
    app,
    authEndpoints.requestPasswordReset,
    {
      config: rateLimit(AUTH_RATE_LIMITS.passwordReset),
      tags: ['auth'],
      summary: 'Mails a password reset link `/password/reset/{code}`',
      description:
        'Guest. The same answer whether or not the address has an account; at most 3 e-mails per account per hour. ' +
        'The link works once, for 60 minutes. ' +
        limitText(AUTH_RATE_LIMITS.passwordReset),
    },
    async (request) => ({
      data: await auth.passwords.requestReset(request.body.email, clientContext(request, config).ip, request.log),
    }),
  );

  route(
    app,
    authEndpoints.confirmPasswordReset,
    {
      config: rateLimit(AUTH_RATE_LIMITS.passwordConfirm),
      tags: ['auth'],
      summary: 'Sets a new password with a reset code',
      description:
        'Guest. The code comes from the e-mailed link or from `/otp/verify` (`changingPass`). 422 with ' +
        '`fields.code` for an invalid, used or expired code. Ends every session of the player. ' +
        limitText(AUTH_RATE_LIMITS.passwordConfirm),
    },
    async (request) => ({ data: await auth.passwords.confirmReset(request.body) }),
  );

  route(
    app,
    authEndpoints.changePassword,
    {
      onRequest: auth.guards.requirePlayer,
      config: rateLimit(AUTH_RATE_LIMITS.passwordChange),
      tags: ['auth'],
      summary: 'Changes the password',
      description:
        'Bearer. 422 on `currentPassword` when it is wrong (never 401). `closeOtherSessions` (default true) ends ' +
        'every other session; the current one stays. ' +
        limitText(AUTH_RATE_LIMITS.passwordChange),
    },
    async (request) => {
      const { message } = await auth.passwords.change(playerOf(request), request.body, request.log);
      return { data: { message } };
    },
  );
};
