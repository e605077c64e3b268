import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';
import { createLimitBodySchema, limitParamsSchema, limitSchema, updateLimitBodySchema } from './schemas';

/** The player's responsible-gaming limits (docs/player-protection.md, "Limits"). */
export const limitEndpoints = {
  listLimits: defineEndpoint({
    method: 'GET',
    path: '/api/player/limits',
    access: 'player',
    response: dataEnvelope(z.array(limitSchema)),
  }),
  /**
   * Adds a limit. A new cash limit, a cooling-off or a self-exclusion applies at once; a
   * cooling-off or self-exclusion ends every session of the player (the client signs out).
   */
  createLimit: defineEndpoint({
    method: 'POST',
    path: '/api/player/limits',
    access: 'player',
    body: createLimitBodySchema,
    response: dataEnvelope(limitSchema),
  }),
  /** A decrease applies at once; an increase waits 24 hours (pending). Cooling-off: only longer. */
  updateLimit: defineEndpoint({
    method: 'PUT',
    path: '/api/player/limits/:limitId',
    access: 'player',
    params: limitParamsSchema,
    body: updateLimitBodySchema,
    response: dataEnvelope(limitSchema),
  }),
  /** Removing a cash limit waits 24 hours (`cancelProcess`); cooling-off and self-exclusion cannot be removed. */
  deleteLimit: defineEndpoint({
    method: 'DELETE',
    path: '/api/player/limits/:limitId',
    access: 'player',
    params: limitParamsSchema,
    response: dataEnvelope(limitSchema),
  }),
  /**
   * Croupier addition: after a self-exclusion has ended, the player's deliberate request to
   * play again; play resumes 24 hours later (`returnAt`).
   */
  requestReturn: defineEndpoint({
    method: 'POST',
    path: '/api/player/limits/:limitId/return',
    access: 'player',
    params: limitParamsSchema,
    response: dataEnvelope(limitSchema),
  }),
};
