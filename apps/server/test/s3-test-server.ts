import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sha256Hex, signatureOf } from '../src/modules/documents/sigv4';

/**
 * A small S3-compatible store for tests: path-style `/{bucket}/{key}` PUT, GET and DELETE
 * of objects kept in memory. Every request must carry a valid Signature Version 4
 * `authorization` for the one key pair it knows (the signature is recomputed from what
 * arrived on the wire), a body matching `x-amz-content-sha256`, and no ACL header (the
 * documents stay private). Refusals answer S3's XML errors.
 */
export interface S3TestServer {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The stored objects by key (without the bucket). */
  objects: Map<string, Buffer>;
  /** Every request as `METHOD /path status`. */
  requests: string[];
  close(): Promise<void>;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/;

/** How far `x-amz-date` may be from the server's clock (S3 allows 15 minutes). */
const CLOCK_SKEW_MS = 15 * 60_000;

function xmlError(response: ServerResponse, status: number, code: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message></Error>`);
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Whether the request's signature is the one the secret gives for what was received. */
function verify(
  request: IncomingMessage,
  body: Buffer,
  server: Omit<S3TestServer, 'url' | 'close'>,
): string | undefined {
  const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
  if (!match) return 'AccessDenied';
  const [, accessKeyId, day, region, signed = '', signature] = match;
  if (accessKeyId !== server.accessKeyId) return 'InvalidAccessKeyId';
  if (region !== server.region) return 'AuthorizationHeaderMalformed';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const stamp = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!stamp || amzDate.slice(0, 8) !== day) return 'AccessDenied';
  const [, y, mo, d, h, mi, s] = stamp.map(Number);
  const sentAt = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s);
  if (Math.abs(Date.now() - sentAt) > CLOCK_SKEW_MS) return 'RequestTimeTooSkewed';
  const payloadSha256 = String(request.headers['x-amz-content-sha256'] ?? '');
  if (payloadSha256 !== sha256Hex(body)) return 'XAmzContentSHA256Mismatch';
  const names = signed.split(';');
  // The host and the signed hashes must be covered, or a request could be replayed elsewhere.
  if (!['host', 'x-amz-content-sha256', 'x-amz-date'].every((name) => names.includes(name))) return 'AccessDenied';
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name];
    if (value === undefined) return 'AccessDenied';
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const [path = '/', query = ''] = (request.url ?? '/').split('?');
  const expected = signatureOf(
    { method: request.method ?? 'GET', path, query, headers, payloadSha256 },
    server.secretAccessKey,
    {
      region: server.region,
      service: 's3',
      amzDate,
    },
  );
  return expected === signature ? undefined : 'SignatureDoesNotMatch';
}

export async function startS3TestServer(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3TestServer> {
  const state = {
    bucket: options.bucket ?? 'croupier-documents',
    region: options.region ?? 'eu-central-1',
    accessKeyId: options.accessKeyId ?? 'AKIDTESTDOCUMENTS',
    secretAccessKey: options.secretAccessKey ?? 'test/secret+key/for/documents/0123456789',
    objects: new Map<string, Buffer>(),
    requests: [] as string[],
  };

  const server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      response.on('finish', () => state.requests.push(`${request.method} ${request.url} ${response.statusCode}`));
      const refusal = verify(request, body, state);
      if (refusal) return xmlError(response, 403, refusal);
      if (Object.keys(request.headers).some((name) => name === 'x-amz-acl' || name.startsWith('x-amz-grant-'))) {
        return xmlError(response, 400, 'AccessControlListNotSupported');
      }
      const match = /^\/([^/]+)\/([^/?]+)$/.exec((request.url ?? '').split('?')[0] ?? '');
      if (!match || match[1] !== state.bucket) return xmlError(response, 404, 'NoSuchBucket');
      const key = decodeURIComponent(match[2] ?? '');
      if (request.method === 'PUT') {
        state.objects.set(key, body);
        response.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` }).end();
      } else if (request.method === 'GET') {
        const object = state.objects.get(key);
        if (!object) return xmlError(response, 404, 'NoSuchKey');
        response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length });
        response.end(object);
      } else if (request.method === 'DELETE') {
        state.objects.delete(key);
        response.writeHead(204).end();
      } else {
        xmlError(response, 405, 'MethodNotAllowed');
      }
    })().catch(() => xmlError(response, 500, 'InternalError'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
