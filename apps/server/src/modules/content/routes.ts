import {
  CONTENT_GROUPS,
  PAGE_TYPES,
  contentGroupsQuerySchema,
  contentTreeSchema,
  dataEnvelope,
  localeQuerySchema,
  pageSchema,
  pageSummarySchema,
} from '@croupier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCachedData } from '../../http/json-cache';
import type { ContentService } from './service';

const CONTENT_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

const groupsResponse = z.object({
  locale: z.string(),
  groups: z.partialRecord(z.enum(CONTENT_GROUPS), contentTreeSchema),
});

export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService }> = async (app, { content }) => {
  app.get(
    '/api/content/groups',
    {
      schema: {
        tags: ['content'],
        summary: 'Several content groups at once (all when `groups[]` is absent), merged over the default locale',
        querystring: contentGroupsQuerySchema,
        response: { 200: dataEnvelope(groupsResponse) },
      },
    },
    async (request, reply) =>
      sendCachedData(
        request,
        reply,
        await content.getGroups(request.query.locale, request.query.groups ?? CONTENT_GROUPS),
        CONTENT_CACHE,
      ),
  );

  app.get(
    '/api/content/groups/:group',
    {
      schema: {
        tags: ['content'],
        summary: 'One content group in a locale, missing keys filled from the default locale',
        params: z.object({ group: z.enum(CONTENT_GROUPS) }),
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(contentTreeSchema) },
      },
    },
    async (request, reply) => {
      const { groups } = await content.getGroups(request.query.locale, [request.params.group]);
      return sendCachedData(request, reply, groups[request.params.group] ?? {}, CONTENT_CACHE);
    },
  );

  app.get(
    '/api/content/pages/:type',
    {
      schema: {
        tags: ['content'],
        summary: 'The pages of one type (static, questions, bonus, welcome-package, contact)',
        params: z.object({ type: z.enum(PAGE_TYPES) }),
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(z.array(pageSummarySchema)) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', CONTENT_CACHE);
      return { data: await content.listPages(request.query.locale, request.params.type) };
    },
  );

  app.get(
    '/api/content/pages/:type/:identity',
    {
      schema: {
        tags: ['content'],
        summary: 'One page; 404 when it exists in no locale',
        params: z.object({ type: z.enum(PAGE_TYPES), identity: z.string().regex(/^[a-z0-9-]{1,100}$/) }),
        querystring: localeQuerySchema,
        response: { 200: dataEnvelope(pageSchema) },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', CONTENT_CACHE);
      return { data: await content.getPage(request.query.locale, request.params.type, request.params.identity) };
    },
  );
};
