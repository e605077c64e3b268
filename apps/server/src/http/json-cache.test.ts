import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAnswerCache, sendCachedBody } from './json-cache';

/** A route that answers `{ n }` for `?n=`, counting how often its handler runs. */
async function appWithKeptAnswers() {
  let generation: number | undefined = 1;
  let handled = 0;
  const app = Fastify();
  const answers = createAnswerCache({ generation: () => generation, maxEntries: 2 });
  app.get<{ Querystring: { n?: string } }>('/items', { onRequest: answers.onRequest }, async (request, reply) => {
    handled += 1;
    const before = generation;
    if (request.query.n === 'bad') return reply.status(422).send({ error: 'bad' });
    const body = { n: request.query.n ?? null };
    return answers.answer(request, reply, before, (rq, rp) => sendCachedBody(rq, rp, body, 'no-cache'));
  });
  await app.ready();
  return {
    app,
    handled: () => handled,
    setGeneration: (next: number | undefined) => {
      generation = next;
    },
  };
}

describe('createAnswerCache', () => {
  it('answers a URL seen before without running the handler, with the same bytes and ETag', async () => {
    const { app, handled } = await appWithKeptAnswers();
    const first = await app.inject('/items?n=1');
    const second = await app.inject('/items?n=1');
    expect(handled()).toBe(1);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
    const revalidated = await app.inject({
      url: '/items?n=1',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(handled()).toBe(1);
  });

  it('runs the handler again once the data has a new generation, or none is loaded', async () => {
    const { app, handled, setGeneration } = await appWithKeptAnswers();
    await app.inject('/items?n=1');
    setGeneration(2);
    await app.inject('/items?n=1');
    expect(handled()).toBe(2);
    setGeneration(undefined);
    await app.inject('/items?n=1');
    await app.inject('/items?n=1');
    expect(handled()).toBe(4);
  });

  it('keeps only successful answers, each URL as sent, and at most maxEntries of them', async () => {
    const { app, handled } = await appWithKeptAnswers();
    await app.inject('/items?n=bad');
    expect((await app.inject('/items?n=bad')).statusCode).toBe(422);
    expect(handled()).toBe(2);
    await app.inject('/items?n=1');
    await app.inject('/items?n=2');
    await app.inject('/items?n=3'); // the oldest (n=1) makes room
    expect(handled()).toBe(5);
    await app.inject('/items?n=3');
    await app.inject('/items?n=2');
    expect(handled()).toBe(5);
    await app.inject('/items?n=1');
    expect(handled()).toBe(6);
  });
});
