import * as contract from '@croupier/contract';
import type { EndpointDefinition } from '@croupier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { endpointKey } from '../src/http/endpoint';
import { startTestServer, type TestServer } from './harness';

/**
 * The contract's endpoint definitions and the server's `/api` routes are one set
 * (docs/api.md, "Endpoints"): a route added without a definition, or a definition
 * nobody serves, fails here.
 *
 * Left out of the comparison: the websocket upgrade (its path is the contract's
 * REALTIME_PATH and its messages the realtime protocol, not a request/response pair),
 * the API description UI under `/api/docs` (static files of @fastify/swagger-ui), and
 * the HEAD routes Fastify adds beside each GET.
 */

function isEndpoint(value: unknown): value is EndpointDefinition {
  return (
    typeof value === 'object' &&
    value !== null &&
    'method' in value &&
    'path' in value &&
    'access' in value &&
    typeof value.path === 'string' &&
    value.path.startsWith('/api/')
  );
}

/** Every definition in the contract's `…Endpoints` groups. */
function contractEndpoints(): EndpointDefinition[] {
  const found: EndpointDefinition[] = [];
  for (const [name, group] of Object.entries(contract)) {
    if (!name.endsWith('Endpoints') || typeof group !== 'object' || group === null) continue;
    for (const endpoint of Object.values(group)) if (isEndpoint(endpoint)) found.push(endpoint);
  }
  return found;
}

let t: TestServer;
let app: App;

beforeAll(async () => {
  t = await startTestServer({
    ADMIN_API_KEY: 'contract-admin-key-'.padEnd(40, 'k'),
    // The custody service configured, so that its event endpoint is registered too (nothing is sent to it).
    CRYPTO_CUSTODY_URL: 'http://127.0.0.1:9/v1',
    CRYPTO_CUSTODY_SECRET: 'contract-custody-secret-'.padEnd(40, 's'),
    // The sportsbook's sandbox feed, so that its controls are registered too.
    SPORTSBOOK_FEED: 'sandbox',
  });
  // Providers configured, so that the game wallet's callbacks are registered too.
  app = await buildApp({
    config: t.config,
    db: t.db,
    logger: false,
    gameProviders: [{ provider: 'northern-lights', secret: 'contract-test-secret', allowIps: [] }],
  });
  await app.server.ready();
});

afterAll(async () => {
  await app.server.close();
  await t.close();
});

describe('endpoints in the contract', () => {
  it('defines each endpoint once', () => {
    const keys = contractEndpoints().map(endpointKey);
    const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
    expect(repeated).toEqual([]);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('serves every /api route from a contract definition, and every definition', () => {
    const served = new Set(
      app.routes.filter(
        (key) =>
          key.includes(' /api/') &&
          !key.startsWith('HEAD ') &&
          !key.includes(' /api/docs') &&
          key !== `GET ${contract.REALTIME_PATH}`,
      ),
    );
    const defined = new Set(contractEndpoints().map(endpointKey));
    expect([...served].filter((key) => !defined.has(key)).sort()).toEqual([]);
    expect([...defined].filter((key) => !served.has(key)).sort()).toEqual([]);
  });
});
