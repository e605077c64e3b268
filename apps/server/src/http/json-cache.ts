import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Responses built from cached data (settings lists, content) are serialised and
 * compressed once per cached object, not once per request, and carry a strong ETag so
 * that a browser's revalidation costs a 304 and no body.
 */
interface Payload {
  body: string;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
}

const payloads = new WeakMap<object, Payload>();
/** Below this size compression is not worth a round of CPU. */
const COMPRESS_MIN_BYTES = 1024;

function payloadFor(data: object): Payload {
  let payload = payloads.get(data);
  if (!payload) {
    const body = JSON.stringify({ data });
    payload = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
    payloads.set(data, payload);
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

export function sendCachedData(
  request: FastifyRequest,
  reply: FastifyReply,
  data: object,
  cacheControl: string,
): FastifyReply {
  const payload = payloadFor(data);
  void reply.header('cache-control', cacheControl).header('etag', payload.etag).header('vary', 'accept-encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === payload.etag)) return reply.status(304).send();
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
