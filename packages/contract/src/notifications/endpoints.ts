import { z } from 'zod';
import { dataEnvelope, messageSchema, pagedEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { communicationBodySchema, devOutboxMessageSchema, devOutboxQuerySchema } from './schemas';

export const notificationEndpoints = {
  /** The contact form. */
  sendCommunication: defineEndpoint({
    method: 'POST',
    path: '/api/notification/communications',
    access: 'guest',
    body: communicationBodySchema,
    response: dataEnvelope(messageSchema),
  }),
  /** What the e-mail and SMS sandboxes stored (outside production only). */
  devOutbox: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox',
    access: 'dev',
    query: devOutboxQuerySchema,
    response: pagedEnvelope(devOutboxMessageSchema),
  }),
  devOutboxMessage: defineEndpoint({
    method: 'GET',
    path: '/api/dev/outbox/:id',
    access: 'dev',
    params: z.object({ id: z.guid({ error: 'invalid' }) }),
    response: dataEnvelope(devOutboxMessageSchema),
  }),
};
