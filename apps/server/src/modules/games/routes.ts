import { gamesEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { createAnswerCache, sendCachedBody, sendCachedData } from '../../http/json-cache';
import type { GamesService } from './service';

/** The catalogue is public and the same for everyone: browsers and CDNs may keep it briefly. */
const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';
/** Game lists vary with the query (the URL is the whole key), so shared caches can keep them too. */
const GAMES_CACHE = 'public, max-age=30, stale-while-revalidate=300';

/** Distinct catalogue URLs whose answers are kept (the lobby asks a few dozen). */
const MAX_KEPT_ANSWERS = 500;

export const gamesRoutes: FastifyPluginAsyncZod<{ games: GamesService }> = async (app, { games }) => {
  // Repeated catalogue URLs are answered before parsing and validation (bench/catalogue.bench.mjs).
  const answers = createAnswerCache({ generation: () => games.catalogueGeneration(), maxEntries: MAX_KEPT_ANSWERS });
  const keptAnswer = { onRequest: answers.onRequest };

  route(
    app,
    gamesEndpoints.listCollections,
    {
      tags: ['games'],
      summary: 'Lobby collections in position order; hidden ones are left out',
      description:
        '`countries` empty: shown everywhere; otherwise only to visitors from those countries (the client filters). ' +
        '`gameCount` (Croupier addition) counts the enabled games.',
      ...keptAnswer,
    },
    async (request, reply) => {
      const generation = games.catalogueGeneration();
      const collections = await games.listCollections();
      return answers.answer(request, reply, generation, (rq, rp) => sendCachedData(rq, rp, collections, PUBLIC_CACHE));
    },
  );

  route(
    app,
    gamesEndpoints.listProviders,
    {
      tags: ['games'],
      summary: 'Game providers with enabled games, as a plain array',
      description:
        '`name` searches case-insensitively. `sortBy`: `default` (catalogue order), `name` (A–Z), ' +
        '`gameEnabledCount` (most games first); `sortOrder` reverses. The list is not paged unless `perPage` is given.',
    },
    async (request, reply) => {
      const { query } = request;
      const providers = await games.listProviders(query);
      // Only the unfiltered lists are shared objects worth caching as serialised responses.
      if (query.name || query.perPage !== undefined) return { data: providers };
      return sendCachedData(request, reply, providers, PUBLIC_CACHE);
    },
  );

  route(
    app,
    gamesEndpoints.getProvider,
    { tags: ['games'], summary: 'One provider by id or identity' },
    async (request, reply) => {
      const provider = await games.getProvider(request.params.id);
      // Set only on success: a 404 must not be kept by shared caches.
      void reply.header('cache-control', PUBLIC_CACHE);
      return { data: provider };
    },
  );

  route(
    app,
    gamesEndpoints.listGames,
    {
      tags: ['games'],
      summary: 'A page of enabled games',
      description:
        'Filters (scalars or bracket arrays): `collectionId[]` and `providerId[]` (ids or identities), `gameId[]`, ' +
        '`identity[]`, `name` (case-insensitive substring), `countries[]` (drops games restricted there and ' +
        'collections limited to other countries). `sortBy`: `default` (the order of `identity[]`, else the ' +
        "collection's order when browsing one collection, else the lobby order), `score` (most popular first), " +
        '`name` (A–Z), `newest` (latest release first); `sortOrder` overrides the direction.',
      ...keptAnswer,
    },
    async (request, reply) => {
      const generation = games.catalogueGeneration();
      const page = await games.listGames(request.query);
      return answers.answer(request, reply, generation, (rq, rp) => sendCachedBody(rq, rp, page, GAMES_CACHE));
    },
  );

  route(
    app,
    gamesEndpoints.getGame,
    { tags: ['games'], summary: 'One enabled game by id or identity' },
    async (request, reply) => {
      const game = await games.getGame(request.params.idOrIdentity);
      void reply.header('cache-control', GAMES_CACHE);
      return { data: game };
    },
  );
};
