import { sportsbookEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../http/endpoint';
import type { Catalogue } from './service';

const tags = ['sportsbook'];
/** Odds and scores move by the second: answers are not kept by browsers or shared caches. */
const NO_CACHE = 'no-cache';

/** The sportsbook's public catalogue: sports, event lists and an event's markets. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: Catalogue }> = async (app, { catalogue }) => {
  route(
    app,
    sportsbookEndpoints.listSports,
    {
      tags,
      summary: 'Sports with their numbers of live and upcoming events',
      description:
        'Every sport of the feed, in the order football, tennis, basketball, esports; removed events do not count.',
    },
    async (_request, reply) => {
      void reply.header('cache-control', NO_CACHE);
      return { data: await catalogue.listSports() };
    },
  );

  route(
    app,
    sportsbookEndpoints.listEvents,
    {
      tags,
      summary: 'Live and upcoming events, earliest start first, each with its main market',
      description:
        '`sport` is a sport’s id or key, `competition` a competition’s id, `status` `live` or `upcoming` ' +
        '(the event status `scheduled`); both statuses when absent. The main market is `match_winner`, else ' +
        '`match_result`, while open or suspended (null otherwise). Prices are `oddsMilli`: decimal odds × 1000.',
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_CACHE);
      return catalogue.listEvents(request.query);
    },
  );

  route(
    app,
    sportsbookEndpoints.getEvent,
    {
      tags,
      summary: 'An event with every open or suspended market and its outcomes',
      description:
        'Markets in type order, then set or map, then line. 404 for an unknown event or one removed from the feed.',
    },
    async (request, reply) => {
      void reply.header('cache-control', NO_CACHE);
      return { data: await catalogue.getEvent(request.params.eventId) };
    },
  );
};
