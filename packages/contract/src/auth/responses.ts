import { z } from 'zod';
import { pageQuerySchema } from '../common/query';
import { profileSchema } from '../profile/model';

/**
 * What the sign-in, session and code calls answer. Kept apart from the request schemas
 * (schemas.ts), which carry the field validation: the web app's session code reads these
 * on every page and need not load that.
 */

/**
 * The answer of a verified code: for `changingPass` a password-reset code for
 * `/passwords/confirm`; for the other reasons the verified code itself (registration
 * then sends it again with `/register/phone`).
 */
export const otpVerifyResultSchema = z.object({ code: z.string() });

/** What every sign-in-type call returns (login, registration, autologin, refresh, social). */
export const authResponseSchema = z.object({
  /** JWT, sent back as `Authorization: Bearer …`. */
  accessToken: z.string(),
  tokenType: z.literal('bearer'),
  /** When the access token expires (ISO date-time); refresh before then. */
  expiresAfter: z.string(),
  sessionId: z.string(),
  profile: profileSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * `POST /api/player/register` when the address already has an account: accepted without a
 * session, and the address's owner is told by e-mail. Whether an address has an account
 * is never said in the answer.
 */
export const registrationMailedSchema = z.object({ mailed: z.literal(true), message: z.string() });
export type RegistrationMailed = z.infer<typeof registrationMailedSchema>;

/** What `POST /api/player/register` answers: a session, or "check your e-mail". */
export const emailRegistrationResultSchema = z.union([authResponseSchema, registrationMailedSchema]);
export type EmailRegistrationResult = z.infer<typeof emailRegistrationResultSchema>;

/** The claims of the access token that clients may read (without trusting them). */
export const accessTokenClaimsSchema = z.object({
  /** Player id (= Profile.id). */
  sub: z.string(),
  sessionId: z.string(),
  /** Seconds since the epoch. */
  exp: z.number(),
  iat: z.number(),
  jti: z.string(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export const DEVICE_TYPES = ['desktop', 'mobile'] as const;

/** One row of the sessions list. */
export const sessionSchema = z.object({
  sessionId: z.string(),
  playerId: z.string(),
  ip: z.string(),
  /** ISO country of the sign-in, null when unknown. */
  country: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  userAgent: z.string(),
  /** Closed (logout, closed, password change…) or lapsed (idle or absolute lifetime); null while open. */
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Croupier additions. */
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  isCurrent: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionsQuerySchema = pageQuerySchema;
