import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { keepRawJsonBodies, rawBodyOf } from './raw-json-body';

const app = Fastify({ logger: false });
afterAll(() => app.close());

await app.register(async (webhooks) => {
  keepRawJsonBodies(webhooks, 32);
  webhooks.post('/hook', async (request) => ({ hex: rawBodyOf(request).toString('hex') }));
});
app.post('/parsed', async (request) => ({ body: request.body }));

describe('keepRawJsonBodies', () => {
  it('hands the route the exact bytes, whitespace and key order included', async () => {
    const payload = '{ "b":1,\n"a" : 2 }';
    const response = await app.inject({
      method: 'POST',
      url: '/hook',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.json()).toEqual({ hex: Buffer.from(payload).toString('hex') });
    const empty = await app.inject({ method: 'POST', url: '/hook', headers: { 'content-type': 'application/json' } });
    expect(empty.json()).toEqual({ hex: '' });
  });

  it('refuses a body over the limit and leaves other contexts parsing JSON', async () => {
    const big = await app.inject({
      method: 'POST',
      url: '/hook',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(64) }),
    });
    expect(big.statusCode).toBe(413);
    const parsed = await app.inject({ method: 'POST', url: '/parsed', payload: { a: 1 } });
    expect(parsed.json()).toEqual({ body: { a: 1 } });
  });
});
