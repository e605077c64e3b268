import type { FastifyInstance } from 'fastify';
import type { HttpFetch } from './oidc';

/**
 * A fetch that answers URLs under `prefix` from this server's own routes under
 * `localPath` (fastify's inject) and sends anything else to the network. The OIDC client talks to the local
 * sandbox issuer through it: the same HTTP exchanges as with a real provider, without
 * depending on the address the server listens on (or on listening at all, in tests).
 */
export function inProcessFetch(
  server: FastifyInstance,
  prefix: string,
  localPath: string,
  network: HttpFetch = fetch,
): HttpFetch {
  return async (url, init) => {
    if (!url.startsWith(prefix)) return network(url, init);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await server.inject({
      method: init.method,
      url: `${localPath}${url.slice(prefix.length)}`,
      headers,
      ...(init.body === undefined ? {} : { payload: init.body }),
      remoteAddress: '127.0.0.1',
    });
    const outgoing = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) outgoing.append(name, String(item));
    }
    // Bodies of 204/304 must be null for the Response constructor.
    const body = response.statusCode === 204 || response.statusCode === 304 ? null : response.rawPayload;
    return new Response(body, { status: response.statusCode, headers: outgoing });
  };
}
