import { z } from 'zod';
import { dataEnvelope } from '../common/envelope';
import { defineEndpoint } from '../common/endpoint';
import { CONTENT_GROUPS, PAGE_TYPES } from './groups';
import {
  contentGroupsQuerySchema,
  contentTreeSchema,
  localeQuerySchema,
  pageSchema,
  pageSummarySchema,
} from './schemas';

/** Several groups at once, in the locale the server answered (the requested one or the default). */
export const contentGroupsSchema = z.object({
  locale: z.string(),
  groups: z.partialRecord(z.enum(CONTENT_GROUPS), contentTreeSchema),
});

export const contentEndpoints = {
  getGroups: defineEndpoint({
    method: 'GET',
    path: '/api/content/groups',
    access: 'guest',
    query: contentGroupsQuerySchema,
    response: dataEnvelope(contentGroupsSchema),
  }),
  getGroup: defineEndpoint({
    method: 'GET',
    path: '/api/content/groups/:group',
    access: 'guest',
    params: z.object({ group: z.enum(CONTENT_GROUPS) }),
    query: localeQuerySchema,
    response: dataEnvelope(contentTreeSchema),
  }),
  listPages: defineEndpoint({
    method: 'GET',
    path: '/api/content/pages/:type',
    access: 'guest',
    params: z.object({ type: z.enum(PAGE_TYPES) }),
    query: localeQuerySchema,
    response: dataEnvelope(z.array(pageSummarySchema)),
  }),
  getPage: defineEndpoint({
    method: 'GET',
    path: '/api/content/pages/:type/:identity',
    access: 'guest',
    params: z.object({ type: z.enum(PAGE_TYPES), identity: z.string().regex(/^[a-z0-9-]{1,100}$/) }),
    query: localeQuerySchema,
    response: dataEnvelope(pageSchema),
  }),
};
