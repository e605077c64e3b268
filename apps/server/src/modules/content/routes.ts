import { CONTENT_GROUPS, contentEndpoints } from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/endpoint';
import { sendCachedData } from '../../http/json-cache';
import type { ContentService } from './service';

const CONTENT_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  route(
    app,
    contentEndpoints.getGroups,
    {
      tags: ['content'],
      summary: 'Several content groups at once (all when `groups[]` is absent), merged over the default locale',
    },
    async (request, reply) =>
      sendCachedData(
        request,
        reply,
        await content.getGroups(request.query.locale, request.query.groups ?? CONTENT_GROUPS),
        CONTENT_CACHE,
      ),
  );

  route(
    app,
    contentEndpoints.getGroup,
    {
      tags: ['content'],
      summary: 'One content group in a locale, missing keys filled from the default locale',
    },
    async (request, reply) => {
      const { groups } = await content.getGroups(request.query.locale, [request.params.group]);
      return sendCachedData(request, reply, groups[request.params.group] ?? {}, CONTENT_CACHE);
    },
  );

  route(
    app,
    contentEndpoints.listPages,
    {
      tags: ['content'],
      summary: 'The pages of one type (static, questions, bonus, welcome-package, contact)',
    },
    async (request, reply) => {
      void reply.header('cache-control', CONTENT_CACHE);
      return { data: await content.listPages(request.query.locale, request.params.type) };
    },
  );

  route(
    app,
    contentEndpoints.getPage,
    {
      tags: ['content'],
      summary: 'One page; 404 when it exists in no locale',
    },
    async (request, reply) => {
      void reply.header('cache-control', CONTENT_CACHE);
      return { data: await content.getPage(request.query.locale, request.params.type, request.params.identity) };
    },
  );
};
