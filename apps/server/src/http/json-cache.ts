import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Responses built from cached data (settings lists, content) are serialised and
 * compressed once per cached object, not once per request, and carry a strong ETag so
 * that a browser's revalidation costs a 304 and no body.
 */
interface Payload {
  /** UTF-8 bytes, so that a request copies them to the socket without encoding the text again. */
  body: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

const payloads = new WeakMap<object, Payload>();
/** Below this size compression is not worth a round of CPU. */
const COMPRESS_MIN_BYTES = 1024;

/** `key`'s payload, serialised by `serialise` the first time it is sent. */
function payloadFor(key: object, serialise: () => string): Payload {
  let payload = payloads.get(key);
  if (!payload) {
    const body = Buffer.from(serialise());
    payload = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    payloads.set(key, payload);
  }
  return payload;
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | undefined {
  const header = request.headers['accept-encoding'];
  const accepted = (Array.isArray(header) ? header.join(',') : (header ?? '')).toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return undefined;
}

/** Answers `{ data }` for a shared, never-mutated object (its bytes are kept with it). */
export function sendCachedData(
  request: FastifyRequest,
  reply: FastifyReply,
  data: object,
  cacheControl: string,
): FastifyReply {
  return sendPayload(
    request,
    reply,
    payloadFor(data, () => JSON.stringify({ data })),
    cacheControl,
  );
}

/** Answers a shared, never-mutated envelope as it is (e.g. a page: `{ data, meta }`). */
export function sendCachedBody(
  request: FastifyRequest,
  reply: FastifyReply,
  body: object,
  cacheControl: string,
): FastifyReply {
  return sendPayload(
    request,
    reply,
    payloadFor(body, () => JSON.stringify(body)),
    cacheControl,
  );
}

function sendPayload(request: FastifyRequest, reply: FastifyReply, payload: Payload, cacheControl: string) {
  void reply.header('cache-control', cacheControl).header('etag', payload.etag).header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  // If-None-Match compares weakly: a proxy that re-encoded the body may have marked the tag weak (W/).
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === payload.etag))
    return reply.status(304).send();
  void reply.type('application/json; charset=utf-8');
  const encoding = payload.body.length >= COMPRESS_MIN_BYTES ? acceptedEncoding(request) : undefined;
  if (encoding === 'br') {
    payload.br ??= zlib.brotliCompressSync(payload.body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } });
    return reply.header('content-encoding', 'br').send(payload.br);
  }
  if (encoding === 'gzip') {
    payload.gzip ??= zlib.gzipSync(payload.body, { level: 9 });
    return reply.header('content-encoding', 'gzip').send(payload.gzip);
  }
  return reply.send(payload.body);
}

type SendAnswer = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

/** URLs longer than this are answered the long way every time (they are not kept). */
const MAX_ANSWER_URL_LENGTH = 2_048;

/**
 * Answers of cached data by their exact request URL (path and query as sent), for routes
 * whose answer depends on nothing else (the catalogue: public, the same for everyone).
 * A URL answered before is answered again from the route's `onRequest` hook — after the
 * global hooks (request id, rate limit, security headers), before query parsing,
 * validation and the handler — as long as the data it came from is still the current
 * `generation`. Only successful answers are kept, so a kept URL is a valid one; at most
 * `maxEntries` URLs, the oldest making room.
 */
export function createAnswerCache(options: { generation: () => number | undefined; maxEntries: number }) {
  const answers = new Map<string, { generation: number; send: SendAnswer }>();
  return {
    onRequest: (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      const kept = answers.get(request.url);
      if (kept !== undefined && kept.generation === options.generation()) {
        // Answered here: `done` is not called, so the rest of the route does not run.
        kept.send(request, reply);
        return;
      }
      done();
    },

    /**
     * Sends the answer with `send`, and keeps it for `request`'s URL when the data did not
     * change while the answer was built (`generationBefore`: the generation read before the
     * handler loaded it).
     */
    answer: (
      request: FastifyRequest,
      reply: FastifyReply,
      generationBefore: number | undefined,
      send: SendAnswer,
    ): FastifyReply => {
      if (
        generationBefore !== undefined &&
        generationBefore === options.generation() &&
        request.url.length <= MAX_ANSWER_URL_LENGTH
      ) {
        answers.delete(request.url);
        if (answers.size >= options.maxEntries) answers.delete(answers.keys().next().value ?? '');
        answers.set(request.url, { generation: generationBefore, send });
      }
      return send(request, reply);
    },
  };
}
