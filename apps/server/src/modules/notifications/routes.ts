import { notificationEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { route } from '../../http/endpoint';
import { clientIp } from '../../http/geo';
import type { CommunicationsService } from './service';

/**
 * Anti-automation for a guest form that sends e-mail: a few messages per client IP per
 * window. Invalid submissions count too, so probing the rules is limited as well.
 */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindowMs: 10 * 60_000 } as const;

const RECEIVED_MESSAGE = 'Thank you. We have received your message and will reply by e-mail.';

export const notificationRoutes: FastifyPluginAsyncZod<{
  communications: CommunicationsService;
  config: Config;
}> = async (app, { communications, config }) => {
  route(
    app,
    notificationEndpoints.sendCommunication,
    {
      config: { rateLimit: { max: CONTACT_RATE_LIMIT.max, timeWindow: CONTACT_RATE_LIMIT.timeWindowMs } },
      tags: ['notifications'],
      summary: 'Contact form: stores the message, e-mails it to support and acknowledges it to the sender',
      description: `Guest. At most ${CONTACT_RATE_LIMIT.max} requests per client IP in ${CONTACT_RATE_LIMIT.timeWindowMs / 60_000} minutes (429 after that). 422 with field errors for bad input. A message is kept even if its e-mails cannot be sent.`,
    },
    async (request) => {
      await communications.submit({
        body: request.body,
        clientIp: clientIp(request, config),
        userAgent: request.headers['user-agent'],
        log: request.log,
      });
      return { data: { message: RECEIVED_MESSAGE } };
    },
  );
};
