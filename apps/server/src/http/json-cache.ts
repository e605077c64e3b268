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
