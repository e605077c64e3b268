import type { z } from 'zod';

/**
 * Endpoints are defined once, here in the contract: method, path, who may call, and the
 * schemas of params, query, body and the success response. The server registers its
 * routes from these definitions (`apps/server/src/http/endpoint.ts`) and the web calls
 * them through one typed client (`apps/web/src/lib/api.ts`), so a path or a shape cannot
 * drift between the two. Prose for the API description (summary, description, tags)
 * stays with the server's routes: the web bundle does not need it.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call an endpoint.
 * - `guest`: anyone; no credentials are read.
 * - `player`: a signed-in player (`Authorization: Bearer`); 401 without one.
 * - `optional`: a guest or a player; a valid token changes the answer (e.g. favourites).
 * - `game`: a game frame, with its game session (`X-Game-Session`).
 * - `provider`: a game or payment provider, with a signature over the body.
 * - `operator`: the operator's back office (`X-Admin-Key`).
 * - `dev`: the local sandboxes; registered only outside production.
 */
export type EndpointAccess = 'guest' | 'player' | 'optional' | 'game' | 'provider' | 'operator' | 'dev';

export interface EndpointDefinition {
  readonly method: HttpMethod;
  /** Fastify-style path: `/api/wallet/accounts/:accountId/switch`. */
  readonly path: `/api/${string}`;
  readonly access: EndpointAccess;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads (lower-case names), e.g. `idempotency-key`. */
  readonly headers?: z.ZodType;
  /** The success answer's JSON. Absent for answers that are not JSON (redirects, files, pages). */
  readonly response?: z.ZodType;
  /** The success status, 200 unless said otherwise. */
  readonly status?: number;
}

/** Keeps the literal types of a definition (method, path, schemas) for inference. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends: path params, query and body in their input form. */
export type EndpointParams<E extends EndpointDefinition> = InputOf<E['params']>;
export type EndpointQuery<E extends EndpointDefinition> = InputOf<E['query']>;
export type EndpointBody<E extends EndpointDefinition> = InputOf<E['body']>;
export type EndpointHeaders<E extends EndpointDefinition> = InputOf<E['headers']>;
/** What a caller receives (the response schema's output, i.e. the JSON on the wire). */
export type EndpointResponse<E extends EndpointDefinition> = OutputOf<E['response']>;
/** The `data` of an enveloped answer. */
export type EndpointData<E extends EndpointDefinition> =
  EndpointResponse<E> extends { data: infer D } ? D : EndpointResponse<E>;

/** What a server handler receives after validation (outputs) and must answer (input of the response schema). */
export type EndpointParamsParsed<E extends EndpointDefinition> = OutputOf<E['params']>;
export type EndpointQueryParsed<E extends EndpointDefinition> = OutputOf<E['query']>;
export type EndpointBodyParsed<E extends EndpointDefinition> = OutputOf<E['body']>;
export type EndpointHeadersParsed<E extends EndpointDefinition> = OutputOf<E['headers']>;
export type EndpointReplyBody<E extends EndpointDefinition> = InputOf<E['response']>;

/**
 * The URL path of an endpoint with its `:name` segments filled in (each value
 * URL-encoded). A missing value is a programming error and throws.
 */
export function endpointPath(
  endpoint: Pick<EndpointDefinition, 'path'>,
  params?: Readonly<Record<string, string | number>>,
): string {
  return endpoint.path.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${endpoint.path}: missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}
