import { dataEnvelope, messageSchema } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { authResponseSchema, emailRegistrationResultSchema, otpVerifyResultSchema } from './responses';
import {
  autologinBodySchema,
  emailRegistrationBodySchema,
  otpSendBodySchema,
  otpVerifyBodySchema,
  passwordChangeBodySchema,
  passwordConfirmBodySchema,
  passwordResetBodySchema,
  phoneRegistrationBodySchema,
  registerConfirmBodySchema,
  signInRequestSchema,
} from './schemas';
import {
  brokerRedirectQuerySchema,
  directRedirectParamsSchema,
  directRedirectQuerySchema,
  providerParamsSchema,
  socialSignInBodySchema,
} from './social';

const messageResponse = dataEnvelope(messageSchema);
const authResponse = dataEnvelope(authResponseSchema);

/**
 * Registration, e-mail confirmation, one-time codes and passwords. These carry the field
 * validation (phone numbers among it): the web app loads them with its forms, not on
 * every page.
 */
export const authEndpoints = {
  register: defineEndpoint({
    method: 'POST',
    path: '/api/player/register',
    access: 'guest',
    body: emailRegistrationBodySchema,
    response: dataEnvelope(emailRegistrationResultSchema),
  }),
  registerPhone: defineEndpoint({
    method: 'POST',
    path: '/api/player/register/phone',
    access: 'guest',
    body: phoneRegistrationBodySchema,
    response: authResponse,
  }),
  confirmRegistration: defineEndpoint({
    method: 'POST',
    path: '/api/player/register/confirm',
    access: 'guest',
    body: registerConfirmBodySchema,
    response: messageResponse,
  }),
  /** A token is needed for `phoneVerification` only. */
  sendOtp: defineEndpoint({
    method: 'POST',
    path: '/api/player/otp/send',
    access: 'optional',
    body: otpSendBodySchema,
    response: messageResponse,
  }),
  verifyOtp: defineEndpoint({
    method: 'POST',
    path: '/api/player/otp/verify',
    access: 'optional',
    body: otpVerifyBodySchema,
    response: dataEnvelope(otpVerifyResultSchema),
  }),
  requestPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/player/passwords/reset',
    access: 'guest',
    body: passwordResetBodySchema,
    response: messageResponse,
  }),
  confirmPasswordReset: defineEndpoint({
    method: 'POST',
    path: '/api/player/passwords/confirm',
    access: 'guest',
    body: passwordConfirmBodySchema,
    response: messageResponse,
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/api/player/passwords',
    access: 'player',
    body: passwordChangeBodySchema,
    response: messageResponse,
  }),
};

/**
 * Signing in: password, autologin token, social sign-in (its redirects, Telegram's
 * callback and the pages' stylesheet). The signed-in session's own calls are
 * `sessionEndpoints` (session-endpoints.ts).
 */
export const signInEndpoints = {
  signIn: defineEndpoint({
    method: 'POST',
    path: '/api/player/sessions',
    access: 'guest',
    body: signInRequestSchema,
    response: authResponse,
  }),
  signInWithToken: defineEndpoint({
    method: 'POST',
    path: '/api/player/sessions/token',
    access: 'guest',
    body: autologinBodySchema,
    response: authResponse,
  }),
  /** Browser navigation: a 302 to the broker (no JSON answer). */
  socialBrokerRedirect: defineEndpoint({
    method: 'GET',
    path: '/api/player/sessions/social/auth0/redirect',
    access: 'guest',
    query: brokerRedirectQuerySchema,
  }),
  /** Browser navigation: Telegram's widget page (HTML) or the sandbox's (302). */
  socialDirectRedirect: defineEndpoint({
    method: 'GET',
    path: '/api/player/sessions/social/:provider/redirect',
    access: 'guest',
    params: directRedirectParamsSchema,
    query: directRedirectQuerySchema,
  }),
  /** Telegram's auth URL: a 302 back to the web app's callback page. */
  telegramCallback: defineEndpoint({
    method: 'GET',
    path: '/api/player/sessions/social/telegram/callback',
    access: 'guest',
    query: providerParamsSchema,
  }),
  /** Sent with the same-origin binding cookie set by the redirect routes. */
  socialSignIn: defineEndpoint({
    method: 'POST',
    path: '/api/player/sessions/social',
    access: 'guest',
    query: providerParamsSchema,
    body: socialSignInBodySchema,
    response: authResponse,
  }),
  /** The stylesheet of the sign-in pages the server renders (CSS, not JSON). */
  socialPageStyles: defineEndpoint({
    method: 'GET',
    path: '/api/player/sessions/social/page.css',
    access: 'guest',
  }),
};
