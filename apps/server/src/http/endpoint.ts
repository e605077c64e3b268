import type {
  EndpointAccess,
  EndpointBodyParsed,
  EndpointDefinition,
  EndpointHeadersParsed,
  EndpointParamsParsed,
  EndpointQueryParsed,
  EndpointReplyBody,
} from '@croupier/contract';
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/** The instance a module's plugin receives (`FastifyPluginAsyncZod`). */
export type ZodFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Routes are registered from the contract's endpoint definitions (docs/api.md,
 * "Endpoints"): the method, path, schemas and security come from the definition, the
 * prose for the API description and the handler from the module. A test checks that
 * the `/api` routes the server answers and the contract's definitions are the same set.
 */

/** The API description's words for a route; the web bundle never needs them. */
export interface RouteDocs {
  tags: readonly string[];
  summary: string;
  description?: string;
  /** Other answers worth describing (e.g. 503 of the readiness probe). */
  responses?: Readonly<Record<number, z.ZodType>>;
  /** Media types of answers that are not JSON (pages, images). */
  produces?: readonly string[];
  /**
   * The security the description declares when the access's scheme does not describe the
   * caller's credentials (payment providers sign with headers of their own, which the
   * description explains); `[]` declares none.
   */
  security?: Record<string, string[]>[];
}

/**
 * A route the API description leaves out: the development sandboxes' pages and protocol
 * answers, which are not this API's JSON (their paths are still contract definitions).
 */
export interface HiddenRoute {
  hide: true;
}

/** Route options beyond the definition, passed to Fastify as they are. */
export interface RouteExtras {
  config?: FastifyContextConfig;
  onRequest?: RouteShorthandOptions['onRequest'];
  preHandler?: RouteShorthandOptions['preHandler'];
  bodyLimit?: number;
}

/** A request as the handler sees it: params, query, body and headers after validation. */
export type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: EndpointParamsParsed<E>;
  Querystring: EndpointQueryParsed<E>;
  Body: EndpointBodyParsed<E>;
  Headers: EndpointHeadersParsed<E>;
}>;

/**
 * A handler answers the response schema's input (the serializer checks and shapes it),
 * or the reply itself when it has sent the answer (cached bytes, redirects, files).
 */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReplyBody<E> | FastifyReply>;

/** How the API description names each kind of caller (security schemes are declared in app.ts). */
const securityOf: Record<EndpointAccess, Record<string, string[]>[] | undefined> = {
  guest: undefined,
  player: [{ bearer: [] }],
  // A guest call is allowed too: `{}` is the "no credentials" alternative.
  optional: [{ bearer: [] }, {}],
  game: [{ gameSession: [] }],
  provider: [{ providerSignature: [] }],
  operator: [{ adminKey: [] }],
  dev: undefined,
};

/** Registers one contract endpoint on a Fastify instance (a module's plugin). */
export function route<E extends EndpointDefinition>(
  app: ZodFastify,
  endpoint: E,
  options: (RouteDocs | HiddenRoute) & RouteExtras,
  handler: EndpointHandler<E>,
): void {
  const { docs, responses, extras } = splitOptions(options, endpoint.access);
  const response: Record<number, z.ZodType> = { ...responses };
  if (endpoint.response) response[endpoint.status ?? 200] = endpoint.response;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...docs,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(Object.keys(response).length > 0 ? { response } : {}),
    },
    ...extras,
    // Fastify's own handler type knows nothing of the definition; the schemas above make
    // the request match EndpointRequest<E> by the time the handler runs.
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** The description's part of the options (tags, summary… or `hide`), the extra answers, and the rest for Fastify. */
function splitOptions(options: (RouteDocs | HiddenRoute) & RouteExtras, access: EndpointAccess) {
  if ('hide' in options) {
    const { hide, ...extras } = options;
    return { docs: { hide }, responses: undefined, extras };
  }
  const { tags, summary, description, responses, produces, security: declared, ...extras } = options;
  const security = declared ?? securityOf[access];
  return {
    docs: {
      tags: [...tags],
      summary,
      ...(description === undefined ? {} : { description }),
      ...(security && security.length > 0 ? { security } : {}),
      ...(produces ? { produces: [...produces] } : {}),
    },
    responses,
    extras,
  };
}

/** `GET /api/x/:id`: how routes and definitions are matched. */
export function endpointKey(endpoint: Pick<EndpointDefinition, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}
