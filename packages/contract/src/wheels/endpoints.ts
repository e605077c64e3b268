import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import {
  adminWheelSchema,
  wheelBodySchema,
  wheelDrawSchema,
  wheelDrawsQuerySchema,
  wheelGrantBodySchema,
  wheelGrantResultSchema,
  wheelParamsSchema,
  wheelRuleBodySchema,
  wheelRuleSchema,
  wheelSchema,
  wheelSpinBodySchema,
  wheelSpinResultSchema,
  wheelsQuerySchema,
} from './schemas';

/** Prize wheels (docs/wheels.md). `wheelId` is the id or the identity. */
export const wheelEndpoints = {
  listWheels: defineEndpoint({
    method: 'GET',
    path: '/api/retention/wheels',
    access: 'optional',
    query: wheelsQuerySchema,
    response: pagedEnvelope(wheelSchema),
  }),
  spin: defineEndpoint({
    method: 'POST',
    path: '/api/retention/wheels/:wheelId/spin',
    access: 'player',
    params: wheelParamsSchema,
    body: wheelSpinBodySchema,
    response: dataEnvelope(wheelSpinResultSchema),
  }),
  listDraws: defineEndpoint({
    method: 'GET',
    path: '/api/retention/wheels/:wheelId/draws',
    access: 'player',
    params: wheelParamsSchema,
    query: wheelDrawsQuerySchema,
    response: pagedEnvelope(wheelDrawSchema),
  }),
};

/** The operator's wheels and spin rules (`X-Admin-Key`). */
export const wheelAdminEndpoints = {
  listWheels: defineEndpoint({
    method: 'GET',
    path: '/api/admin/wheels',
    access: 'operator',
    response: dataEnvelope(adminWheelSchema.array()),
  }),
  createWheel: defineEndpoint({
    method: 'POST',
    path: '/api/admin/wheels',
    access: 'operator',
    body: wheelBodySchema,
    response: dataEnvelope(adminWheelSchema),
  }),
  createRule: defineEndpoint({
    method: 'POST',
    path: '/api/admin/wheels/:wheelId/rules',
    access: 'operator',
    params: wheelParamsSchema,
    body: wheelRuleBodySchema,
    response: dataEnvelope(wheelRuleSchema),
  }),
  grantSpins: defineEndpoint({
    method: 'POST',
    path: '/api/admin/wheels/:wheelId/spins',
    access: 'operator',
    params: wheelParamsSchema,
    body: wheelGrantBodySchema,
    response: dataEnvelope(wheelGrantResultSchema),
  }),
};
