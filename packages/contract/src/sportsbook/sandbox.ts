import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint';
import { dataEnvelope } from '../common/envelope';
import { sportsbookMarketTypeSchema } from './schemas';

/**
 * The sandbox feed's controls (SPORTSBOOK_FEED=sandbox, outside production only): browser
 * journeys and manual testing script an event's life (docs/sportsbook-feed.md, "Sandbox feed").
 */
const eventParams = z.object({ eventId: z.string().min(1).max(100) });
const marketParams = z.object({ marketId: z.string().min(1).max(100) });
const outcomeParams = z.object({ outcomeId: z.string().min(1).max(100) });
const done = dataEnvelope(z.object({ ok: z.literal(true) }));

export const sandboxEventSchema = z.object({
  eventId: z.string(),
  markets: z.array(
    z.object({
      id: z.string(),
      type: sportsbookMarketTypeSchema,
      outcomes: z.array(z.object({ id: z.string(), key: z.string(), oddsMilli: z.number().int() })),
    }),
  ),
});
export type SandboxEvent = z.infer<typeof sandboxEventSchema>;

export const sportsbookSandboxEndpoints = {
  createEvent: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sportsbook/events',
    access: 'dev',
    body: z.object({
      home: z.string().min(1).max(100),
      away: z.string().min(1).max(100),
      /** From now; negative for an event that should have started. */
      startsInMs: z
        .number()
        .int()
        .min(-86_400_000)
        .max(30 * 86_400_000),
    }),
    response: dataEnvelope(sandboxEventSchema),
  }),
  startEvent: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sportsbook/events/:eventId/start',
    access: 'dev',
    params: eventParams,
    response: done,
  }),
  finishEvent: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sportsbook/events/:eventId/result',
    access: 'dev',
    params: eventParams,
    /** The regular-time score; a second call corrects the result. */
    body: z.object({ home: z.number().int().min(0).max(99), away: z.number().int().min(0).max(99) }),
    response: done,
  }),
  cancelEvent: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sportsbook/events/:eventId/cancel',
    access: 'dev',
    params: eventParams,
    response: done,
  }),
  setOdds: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sportsbook/outcomes/:outcomeId/odds',
    access: 'dev',
    params: outcomeParams,
    body: z.object({ oddsMilli: z.number().int().min(1001).max(1_000_000) }),
    response: done,
  }),
  suspendMarket: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sportsbook/markets/:marketId/suspend',
    access: 'dev',
    params: marketParams,
    response: done,
  }),
  reopenMarket: defineEndpoint({
    method: 'POST',
    path: '/api/dev/sportsbook/markets/:marketId/reopen',
    access: 'dev',
    params: marketParams,
    response: done,
  }),
};
