import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import { playerFreespinDetailSchema } from './freespins';
import {
  adminBonusParamsSchema,
  adminBonusSchema,
  adminPlayerParamsSchema,
  bonusBodySchema,
  bonusesQuerySchema,
  bonusPackageBodySchema,
  bonusPackageOfferSchema,
  bonusPackageSchema,
  bonusSchema,
  bonusStatusQuerySchema,
  bonusStatusSchema,
  issueBonusBodySchema,
  playerBonusesQuerySchema,
  playerBonusParamsSchema,
  playerBonusSchema,
} from './schemas';

/** The player's bonuses: what may be had, what was given, activation and cancellation. */
export const bonusEndpoints = {
  listBonuses: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonuses',
    access: 'player',
    query: bonusesQuerySchema,
    response: dataEnvelope(z.array(bonusSchema)),
  }),
  bonusStatuses: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonuses/status',
    access: 'player',
    query: bonusStatusQuerySchema,
    response: dataEnvelope(z.array(bonusStatusSchema)),
  }),
  listPlayerBonuses: defineEndpoint({
    method: 'GET',
    path: '/api/game/player-bonuses',
    access: 'player',
    query: playerBonusesQuerySchema,
    response: pagedEnvelope(playerBonusSchema),
  }),
  activatePlayerBonus: defineEndpoint({
    method: 'PUT',
    path: '/api/game/player-bonuses/:id/activate',
    access: 'player',
    params: playerBonusParamsSchema,
    response: dataEnvelope(playerBonusSchema),
  }),
  cancelPlayerBonus: defineEndpoint({
    method: 'PUT',
    path: '/api/game/player-bonuses/:id/cancel',
    access: 'player',
    params: playerBonusParamsSchema,
    response: dataEnvelope(playerBonusSchema),
  }),
};

/** What anyone may read of the catalogue: the packages on offer (public terms). */
export const bonusPublicEndpoints = {
  listBonusPackageOffers: defineEndpoint({
    method: 'GET',
    path: '/api/game/bonus-packages',
    access: 'guest',
    response: dataEnvelope(z.array(bonusPackageOfferSchema)),
  }),
};

/** The operator's catalogue of bonuses and packages (`X-Admin-Key`). */
export const bonusAdminEndpoints = {
  listAdminBonuses: defineEndpoint({
    method: 'GET',
    path: '/api/admin/bonuses',
    access: 'operator',
    response: dataEnvelope(z.array(adminBonusSchema)),
  }),
  getAdminBonus: defineEndpoint({
    method: 'GET',
    path: '/api/admin/bonuses/:id',
    access: 'operator',
    params: adminBonusParamsSchema,
    response: dataEnvelope(adminBonusSchema),
  }),
  createBonus: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bonuses',
    access: 'operator',
    body: bonusBodySchema,
    status: 201,
    response: dataEnvelope(adminBonusSchema),
  }),
  updateBonus: defineEndpoint({
    method: 'PUT',
    path: '/api/admin/bonuses/:id',
    access: 'operator',
    params: adminBonusParamsSchema,
    body: bonusBodySchema,
    response: dataEnvelope(adminBonusSchema),
  }),
  listBonusPackages: defineEndpoint({
    method: 'GET',
    path: '/api/admin/bonus-packages',
    access: 'operator',
    response: dataEnvelope(z.array(bonusPackageSchema)),
  }),
  createBonusPackage: defineEndpoint({
    method: 'POST',
    path: '/api/admin/bonus-packages',
    access: 'operator',
    body: bonusPackageBodySchema,
    status: 201,
    response: dataEnvelope(bonusPackageSchema),
  }),
  issueBonus: defineEndpoint({
    method: 'POST',
    path: '/api/admin/players/:playerId/bonuses',
    access: 'operator',
    params: adminPlayerParamsSchema,
    body: issueBonusBodySchema,
    status: 201,
    /** A free-spins bonus (type 3) gives free spins, not a player bonus. */
    response: dataEnvelope(z.union([playerBonusSchema, playerFreespinDetailSchema])),
  }),
};
