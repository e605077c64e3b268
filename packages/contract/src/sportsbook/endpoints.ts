import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope, pagedEnvelope } from '../common/envelope';
import { z } from 'zod';
import {
  sportSchema,
  sportsbookEventDetailSchema,
  sportsbookEventParamsSchema,
  sportsbookEventsQuerySchema,
  sportsbookEventSummarySchema,
} from './schemas';

/** The sportsbook's catalogue, read only and public (docs/sportsbook.md, "API"). */
export const sportsbookEndpoints = {
  listSports: defineEndpoint({
    method: 'GET',
    path: '/api/sportsbook/sports',
    access: 'guest',
    response: dataEnvelope(z.array(sportSchema)),
  }),
  listEvents: defineEndpoint({
    method: 'GET',
    path: '/api/sportsbook/events',
    access: 'guest',
    query: sportsbookEventsQuerySchema,
    response: pagedEnvelope(sportsbookEventSummarySchema),
  }),
  getEvent: defineEndpoint({
    method: 'GET',
    path: '/api/sportsbook/events/:eventId',
    access: 'guest',
    params: sportsbookEventParamsSchema,
    response: dataEnvelope(sportsbookEventDetailSchema),
  }),
};
