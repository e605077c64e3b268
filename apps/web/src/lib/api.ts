import {
  endpointPath,
  type EndpointBody,
  type EndpointData,
  type EndpointDefinition,
  type EndpointParams,
  type EndpointQuery,
  errorCatalogue,
  type ErrorBody,
  type ErrorName,
  type FieldErrors,
  type PaginationMeta,
} from '@croupier/contract';

/** An API failure with the server's error code and field errors (if any). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const REQUEST_TIMEOUT_MS = 15_000;

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/** Bracket-style query string (`a[]=1&a[]=2`); undefined and null values are left out. */
export function toQueryString(query: Record<string, QueryValue>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeURIComponent(key)}[]=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorBody).error?.code === 'number'
  );
}

/**
 * The generic fetch path: same-origin paths under /api, no credentials (cookies only when asked for), JSON in and
 * out, errors turned into ApiError. Answers the whole parsed body (the envelope).
 */
async function requestBody(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: {
    query?: Record<string, QueryValue>;
    body?: unknown;
    token?: string;
    signal?: AbortSignal;
    /** Extra request headers (the game frame's `X-Game-Session`). */
    headers?: Record<string, string>;
    /** Cookies go out only when asked for (the social sign-in's binding cookie). */
    credentials?: 'same-origin';
  } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  // The site's language (the page's lang), so that what the server sends before a player has
  // a saved locale (a registration code by SMS) speaks it rather than the browser's.
  const lang = typeof document === 'undefined' ? '' : document.documentElement.lang;
  if (lang && !headers['accept-language']) headers['accept-language'] = lang;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(`${path}${options.query ? toQueryString(options.query) : ''}`, {
      method,
      headers,
      credentials: options.credentials ?? 'omit',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout.aborted) throw new ApiError(0, 0, 'timeout');
    throw error;
  }
  const text = await response.text();
  const parsed = response.ok ? parseJson(text) : parseJsonOrNothing(text);
  if (!response.ok) {
    if (isErrorBody(parsed))
      throw new ApiError(response.status, parsed.error.code, parsed.error.message, parsed.error.fields);
    throw new ApiError(response.status, 0, response.statusText);
  }
  return parsed;
}

function parseJson(text: string): unknown {
  return text ? JSON.parse(text) : undefined;
}

/** An error answer that is not JSON (a proxy's HTML page) is reported by its status alone. */
function parseJsonOrNothing(text: string): unknown {
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

/** `requestBody` with `{ data }` unwrapped. */
export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: Parameters<typeof requestBody>[2] = {},
): Promise<T> {
  return ((await requestBody(method, path, options)) as { data: T }).data;
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    apiRequest<T>('GET', path, { query, signal }),
};

// ---------------------------------------------------------------------------
// Authenticated requests (Bearer session token; 401/403 end the session; docs/api.md)
// ---------------------------------------------------------------------------

/** How authenticated requests reach the session (set by features/auth). */
export interface AuthBridge {
  /** The token to send: the current one, refreshed first when it is (about to be) expired. */
  getToken: () => Promise<string | undefined>;
  /** A call that carried a token was answered 401 or 403: drop the session, open sign-in. */
  onUnauthorized: (error: ApiError) => void;
}

const noSession: AuthBridge = { getToken: async () => undefined, onUnauthorized: () => undefined };
let authBridge: AuthBridge = noSession;

/** Installs the session behind authenticated requests (`undefined` removes it). */
export function setAuthBridge(bridge: AuthBridge | undefined): void {
  authBridge = bridge ?? noSession;
}

/** 401 and 403 on an authenticated call mean the session is over. */
export function isSessionRejection(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

type RequestOptions = Parameters<typeof apiRequest>[2];

/**
 * `apiRequest` with the session token: refreshed before it expires, attached as
 * `Authorization: Bearer`. A 401/403 answer to a call that carried a token signs the
 * player out (and opens sign-in) before the error reaches the caller. Without a session
 * the call goes out as a guest call (endpoints such as OTP send accept both).
 */
export async function authRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: Omit<NonNullable<RequestOptions>, 'token'> = {},
): Promise<T> {
  const bridge = authBridge;
  const token = await bridge.getToken();
  try {
    return await apiRequest<T>(method, path, { ...options, token });
  } catch (error) {
    if (token && isSessionRejection(error)) bridge.onUnauthorized(error);
    throw error;
  }
}

/** Authenticated counterparts of `api`. */
export const authApi = {
  get: <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
    authRequest<T>('GET', path, { query, signal }),
  post: <T>(path: string, body?: unknown) => authRequest<T>('POST', path, { body }),
  put: <T>(path: string, body?: unknown) => authRequest<T>('PUT', path, { body }),
  delete: <T>(path: string, body?: unknown) => authRequest<T>('DELETE', path, { body }),
};

/** A page of a list with its pagination `meta` (`{ data, meta }`). */
export interface Paged<T> {
  data: T[];
  meta: PaginationMeta;
}

/**
 * An authenticated GET of a paged list. `authApi.get` unwraps `data` and would lose
 * `meta`, so this keeps the envelope; the session handling is the same as `authRequest`.
 */
export async function authPaged<T>(
  path: string,
  query?: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<Paged<T>> {
  const bridge = authBridge;
  const token = await bridge.getToken();
  let body: Partial<Paged<T>> | undefined;
  try {
    body = (await requestBody('GET', path, { query, signal, token })) as Partial<Paged<T>> | undefined;
  } catch (error) {
    if (token && isSessionRejection(error)) bridge.onUnauthorized(error);
    throw error;
  }
  return pageOf(body);
}

// ---------------------------------------------------------------------------
// The typed client: every call names a contract endpoint (docs/api.md, "Endpoints")
// ---------------------------------------------------------------------------

/** A part of the input is optional when the endpoint has none or when every field in it is optional. */
type Part<K extends string, T> = undefined extends T
  ? { [P in K]?: T }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call sends: the endpoint's params, query and body, typed by its schemas. */
export type CallInput<E extends EndpointDefinition> = Part<'params', EndpointParams<E>> &
  Part<'query', EndpointQuery<E>> &
  Part<'body', EndpointBody<E>> & {
    signal?: AbortSignal;
    /** Extra request headers (the game frame's `X-Game-Session`, an idempotency key). */
    headers?: Record<string, string>;
    /**
     * The token to send instead of the session's: the session's own refresh and logout,
     * which must neither ask the session for a token nor end it on a 401.
     */
    token?: string;
    /** `same-origin` sends the site's cookies (the social sign-in's binding cookie); else none go out. */
    credentials?: 'same-origin';
  };

/** The input argument is optional exactly when nothing in it is required. */
type CallArgs<E extends EndpointDefinition> =
  object extends CallInput<E> ? [input?: CallInput<E>] : [input: CallInput<E>];

/** Endpoints that read the session send its token (and end it on 401/403); the others go out bare. */
function sendsSession(endpoint: EndpointDefinition): boolean {
  return endpoint.access === 'player' || endpoint.access === 'optional' || endpoint.access === 'dev';
}

function requestOf(endpoint: EndpointDefinition, input: CallInput<EndpointDefinition> | undefined) {
  return {
    path: endpointPath(endpoint, input?.params as Record<string, string | number> | undefined),
    options: {
      query: input?.query as Record<string, QueryValue> | undefined,
      body: input?.body,
      signal: input?.signal,
      headers: input?.headers,
      token: input?.token,
      credentials: input?.credentials,
    },
  };
}

/**
 * Calls a contract endpoint and answers its `data`, typed by the endpoint's response
 * schema. The server validates what it sends, so the answer is not parsed again here.
 */
export async function call<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<EndpointData<E>> {
  const { path, options } = requestOf(endpoint, input);
  return sendsSession(endpoint) && options.token === undefined
    ? authRequest<EndpointData<E>>(endpoint.method, path, options)
    : apiRequest<EndpointData<E>>(endpoint.method, path, options);
}

/** Calls a paged list endpoint and keeps its `meta` (`{ data, meta }`). */
export async function callPaged<E extends EndpointDefinition>(
  endpoint: E,
  ...[input]: CallArgs<E>
): Promise<Paged<EndpointData<E> extends readonly (infer Item)[] ? Item : never>> {
  type Item = EndpointData<E> extends readonly (infer I)[] ? I : never;
  const { path, options } = requestOf(endpoint, input);
  if (!sendsSession(endpoint) || options.token !== undefined) {
    const body = (await requestBody(endpoint.method, path, options)) as Partial<Paged<Item>> | undefined;
    return pageOf(body);
  }
  return authPaged<Item>(path, options.query, options.signal);
}

function pageOf<T>(body: Partial<Paged<T>> | undefined): Paged<T> {
  const data = body?.data ?? [];
  return { data, meta: body?.meta ?? { page: 1, perPage: data.length, totalPages: 1, totalRows: data.length } };
}

// ---------------------------------------------------------------------------
// Errors by their catalogue names (packages/contract/src/errors.ts)
// ---------------------------------------------------------------------------

/** An ApiError that carries the catalogue error `N`'s code and status. */
export type NamedApiError<N extends ErrorName> = ApiError & {
  readonly code: (typeof errorCatalogue)[N]['code'];
  readonly status: (typeof errorCatalogue)[N]['status'];
};

/**
 * Whether `error` is the API's error `name` (one of them, given several), matched on the
 * catalogue code: `isApiError(error, 'DEPOSIT_LIMIT_REACHED')`, never a raw 13100.
 */
export function isApiError<N extends ErrorName>(error: unknown, ...names: [N, ...N[]]): error is NamedApiError<N> {
  return error instanceof ApiError && names.some((name) => errorCatalogue[name].code === error.code);
}

/**
 * Whether `error` came with the HTTP status of the catalogue error `name`, whatever its
 * code: `hasApiStatus(error, 'RATE_LIMITED')` is any 429 (the per-route limit, the code
 * send limit, a proxy's), `hasApiStatus(error, 'VALIDATION_FAILED')` any 422.
 */
export function hasApiStatus<N extends ErrorName>(
  error: unknown,
  name: N,
): error is ApiError & { readonly status: (typeof errorCatalogue)[N]['status'] } {
  return error instanceof ApiError && error.status === errorCatalogue[name].status;
}
