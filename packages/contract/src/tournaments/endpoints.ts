import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import {
  tournamentBodySchema,
  tournamentDetailSchema,
  tournamentParamsSchema,
  tournamentPlayerEntrySchema,
  tournamentSchema,
  tournamentsQuerySchema,
} from './schemas';

/** Tournaments (docs/tournaments.md). `tournamentId` is the id or the identity. */
export const tournamentEndpoints = {
  listTournaments: defineEndpoint({
    method: 'GET',
    path: '/api/retention/tournaments',
    access: 'guest',
    query: tournamentsQuerySchema,
    response: pagedEnvelope(tournamentSchema),
  }),
  getTournament: defineEndpoint({
    method: 'GET',
    path: '/api/retention/tournaments/:tournamentId',
    access: 'optional',
    params: tournamentParamsSchema,
    response: dataEnvelope(tournamentDetailSchema),
  }),
  participate: defineEndpoint({
    method: 'POST',
    path: '/api/retention/tournaments/:tournamentId/participate',
    access: 'player',
    params: tournamentParamsSchema,
    response: dataEnvelope(tournamentPlayerEntrySchema),
  }),
};

/** The operator's definitions (`X-Admin-Key`). */
export const tournamentAdminEndpoints = {
  createTournament: defineEndpoint({
    method: 'POST',
    path: '/api/admin/tournaments',
    access: 'operator',
    body: tournamentBodySchema,
    response: dataEnvelope(tournamentSchema),
  }),
  /** Stops a tournament's series (by any occurrence): no occurrence is made after it. */
  stopTournamentRecurrence: defineEndpoint({
    method: 'DELETE',
    path: '/api/admin/tournaments/:tournamentId/recurrence',
    access: 'operator',
    params: tournamentParamsSchema,
    response: dataEnvelope(tournamentSchema),
  }),
};
