import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for the S3-compatible document store (header authentication,
 * signed payload). Only what the store sends is covered: a path without a query string
 * and a handful of headers, each signed.
 */

export const SIGV4_ALGORITHM = 'AWS4-HMAC-SHA256';

export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SigV4Request {
  method: string;
  /** The path as sent, already URI-encoded (S3 encodes each segment once). */
  path: string;
  /** The query string without `?` (empty for the store's requests). */
  query?: string;
  /** Every header to sign, `host` included; names in any case. */
  headers: Readonly<Record<string, string>>;
  /** Hex SHA-256 of the body (also sent as `x-amz-content-sha256`). */
  payloadSha256: string;
}

export interface SigV4Scope {
  region: string;
  service: string;
  /** `YYYYMMDD'T'HHMMSS'Z'`, the request's `x-amz-date`. */
  amzDate: string;
}

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();

/** `2013-05-24T00:00:00.000Z` → `20130524T000000Z`. */
export function amzDateOf(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 3986 encoding of one path segment or query part (unreserved characters kept). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Header names lower-cased and sorted; values trimmed with inner runs of spaces made one. */
function canonicalHeaders(headers: Readonly<Record<string, string>>): { block: string; signed: string } {
  const entries = Object.entries(headers)
    .map(([name, value]) => [name.toLowerCase(), value.trim().replace(/\s+/g, ' ')] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    block: entries.map(([name, value]) => `${name}:${value}\n`).join(''),
    signed: entries.map(([name]) => name).join(';'),
  };
}

/** Query parameters sorted by encoded name, then value. */
function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .map((pair) => {
      const [name = '', value = ''] = pair.split('=').map((part) => uriEncode(decodeURIComponent(part)));
      return `${name}=${value}`;
    })
    .sort()
    .join('&');
}

export function canonicalRequest(request: SigV4Request): { text: string; signedHeaders: string } {
  const headers = canonicalHeaders(request.headers);
  const text = [
    request.method.toUpperCase(),
    request.path || '/',
    canonicalQuery(request.query ?? ''),
    headers.block,
    headers.signed,
    request.payloadSha256,
  ].join('\n');
  return { text, signedHeaders: headers.signed };
}

const credentialScope = (scope: SigV4Scope) =>
  `${scope.amzDate.slice(0, 8)}/${scope.region}/${scope.service}/aws4_request`;

export function stringToSign(canonical: string, scope: SigV4Scope): string {
  return [SIGV4_ALGORITHM, scope.amzDate, credentialScope(scope), sha256Hex(canonical)].join('\n');
}

/** The day's key: the secret HMAC-chained through date, region, service and `aws4_request`. */
export function signingKey(secretAccessKey: string, scope: SigV4Scope): Buffer {
  const day = hmac(`AWS4${secretAccessKey}`, scope.amzDate.slice(0, 8));
  return hmac(hmac(hmac(day, scope.region), scope.service), 'aws4_request');
}

/** The hex signature of a request. */
export function signatureOf(request: SigV4Request, secretAccessKey: string, scope: SigV4Scope): string {
  const { text } = canonicalRequest(request);
  return hmac(signingKey(secretAccessKey, scope), stringToSign(text, scope)).toString('hex');
}

/** The `authorization` header of a request whose headers already carry `x-amz-date` and the payload hash. */
export function authorizationOf(request: SigV4Request, credentials: SigV4Credentials, scope: SigV4Scope): string {
  const { signedHeaders } = canonicalRequest(request);
  const signature = signatureOf(request, credentials.secretAccessKey, scope);
  return (
    `${SIGV4_ALGORITHM} Credential=${credentials.accessKeyId}/${credentialScope(scope)}, ` +
    `SignedHeaders=${signedHeaders}, Signature=${signature}`
  );
}
