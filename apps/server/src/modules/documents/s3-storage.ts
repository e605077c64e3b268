import { randomUUID } from 'node:crypto';
import { amzDateOf, authorizationOf, sha256Hex, uriEncode } from './sigv4';
import { DOCUMENT_KEY, type DocumentStorage } from './storage';

/** An S3-compatible object store (DOCUMENTS_S3_* in .env.example). */
export interface S3StorageSettings {
  /** The store's address, e.g. `https://s3.eu-central-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  /** The signing region (`us-east-1` for most stores that ignore it). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` (true) or `bucket.endpoint/key`. */
  pathStyle: boolean;
  /** Longest wait for one request to the store. */
  timeoutMs: number;
}

/** The store's error code (`<Code>NoSuchBucket</Code>`), for the log; never the whole body. */
function errorCodeOf(body: string): string {
  return /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(body)?.[1] ?? 'no code';
}

/**
 * Documents as objects of a bucket, signed with Signature Version 4. Objects are written
 * without an ACL, so they stay as private as the bucket (which must not be public); only
 * the operator API reads them back, through the server.
 */
export function createS3DocumentStorage(
  settings: S3StorageSettings,
  options: { now?: () => Date; fetch?: typeof fetch } = {},
): DocumentStorage {
  const now = options.now ?? (() => new Date());
  const request = options.fetch ?? fetch;
  const credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey };

  function objectUrl(key: string): URL {
    if (!DOCUMENT_KEY.test(key)) throw new Error(`not a document storage key: ${JSON.stringify(key)}`);
    const url = new URL(settings.endpoint);
    if (settings.pathStyle) {
      url.pathname = `/${uriEncode(settings.bucket)}/${key}`;
    } else {
      url.hostname = `${settings.bucket}.${url.hostname}`;
      url.pathname = `/${key}`;
    }
    return url;
  }

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    const url = objectUrl(key);
    const amzDate = amzDateOf(now());
    const payloadSha256 = sha256Hex(body ?? '');
    const signed: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadSha256,
      'x-amz-date': amzDate,
    };
    if (body) signed['content-type'] = 'application/octet-stream';
    const authorization = authorizationOf({ method, path: url.pathname, headers: signed, payloadSha256 }, credentials, {
      region: settings.region,
      service: 's3',
      amzDate,
    });
    // `host` is the URL's: fetch sets it itself.
    const { host: _host, ...headers } = signed;
    return request(url, {
      method,
      headers: { ...headers, authorization },
      ...(body ? { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength) } : {}),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  }

  async function failure(method: string, response: Response): Promise<Error> {
    const code = errorCodeOf(await response.text().catch(() => ''));
    return new Error(`document store answered ${response.status} (${code}) to ${method}`);
  }

  return {
    async put(bytes) {
      const key = randomUUID();
      const response = await send('PUT', key, bytes);
      if (!response.ok) throw await failure('PUT', response);
      await response.arrayBuffer();
      return key;
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.arrayBuffer();
        return undefined;
      }
      if (!response.ok) throw await failure('GET', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await send('DELETE', key);
      // Deleting what is not there is no fault (S3 answers 204 anyway).
      if (!response.ok && response.status !== 404) throw await failure('DELETE', response);
      await response.arrayBuffer();
    },
  };
}
