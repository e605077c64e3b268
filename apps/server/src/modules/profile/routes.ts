import { profileEditEndpoints, profileEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { sendCachedData } from '../../http/json-cache';
import type { AuthGuards } from '../auth';
import { playerOf } from '../auth';
import type { FieldRulesService } from './fields';
import type { ProfileService } from './service';

/** Field rules are public and change rarely. */
const FIELDS_CACHE = 'public, max-age=60, stale-while-revalidate=600';
/** A player's data is never kept by any cache. */
const PRIVATE = 'private, no-store';
/** Confirmation e-mails: a few per client IP per window (the service also limits per player). */
export const RESEND_RATE_LIMIT = { max: 5, timeWindowMs: 10 * 60_000 } as const;

export const profileRoutes: FastifyPluginAsyncZod<{
  profiles: ProfileService;
  fields: FieldRulesService;
  guards: AuthGuards;
  resendConfirmation: (playerId: string) => Promise<{ message: string }>;
}> = async (app, { profiles, fields, guards, resendConfirmation }) => {
  route(
    app,
    profileEndpoints.listFields,
    {
      tags: ['profile'],
      summary: 'Which fields the registration or profile form shows and requires',
      description:
        'Guest or Bearer (a token is not needed for either scenario: the rules are the same for everyone). ' +
        '`editable: false` (profile): the field can be filled in once, not changed. `registration` lists the ' +
        'fields besides the login: each tab supplies its own (e-mail or phone); a listed `phone` asks for a phone ' +
        'in addition on the e-mail tab.',
    },
    async (request, reply) =>
      sendCachedData(request, reply, await fields.listFields(request.query.scenario), FIELDS_CACHE),
  );

  route(
    app,
    profileEndpoints.getProfile,
    {
      onRequest: guards.requirePlayer,
      tags: ['profile'],
      summary: "The signed-in player's profile",
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return { data: await profiles.getProfile(playerOf(request).id) };
    },
  );

  route(
    app,
    profileEditEndpoints.updateProfile,
    {
      onRequest: guards.requirePlayer,
      tags: ['profile'],
      summary: 'Updates editable profile fields',
      description:
        'Any subset of the editable fields; an absent key is unchanged, `""` or null clears a value. Other keys ' +
        '(status, id, externalId, confirmedAt, phoneConfirmed, currency, balances…) are ignored. A new e-mail ' +
        'address loses its confirmation and gets a confirmation link; a new phone loses its confirmation. ' +
        '422 with field errors for bad values, a duplicate e-mail or phone, a required field cleared, or a change ' +
        'of a field that is not editable once set.',
    },
    async (request, reply) => {
      void reply.header('cache-control', PRIVATE);
      return { data: await profiles.updateProfile(playerOf(request).id, request.body, request.log) };
    },
  );

  route(
    app,
    profileEndpoints.resendEmailConfirmation,
    {
      onRequest: guards.requirePlayer,
      config: { rateLimit: { max: RESEND_RATE_LIMIT.max, timeWindow: RESEND_RATE_LIMIT.timeWindowMs } },
      tags: ['profile'],
      summary: 'Mails a new e-mail confirmation link',
      description:
        '409 when there is no address or it is already confirmed; 429 after 3 e-mails in 10 minutes (and after ' +
        `${RESEND_RATE_LIMIT.max} requests per client IP).`,
    },
    async (request) => ({ data: await resendConfirmation(playerOf(request).id) }),
  );
};
