import { describe, expect, it } from 'vitest';
import { amzDateOf, authorizationOf, canonicalRequest, sha256Hex, signatureOf, stringToSign, uriEncode } from './sigv4';

/**
 * The published "GET object" example of Signature Version 4 for S3 (bucket `examplebucket`,
 * the documentation's example key pair, first 10 bytes of `test.txt` on 24 May 2013).
 */
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const example = {
  method: 'GET',
  path: '/test.txt',
  headers: {
    Host: 'examplebucket.s3.amazonaws.com',
    Range: 'bytes=0-9',
    'x-amz-content-sha256': EMPTY_SHA256,
    'x-amz-date': '20130524T000000Z',
  },
  payloadSha256: EMPTY_SHA256,
};
const scope = { region: 'us-east-1', service: 's3', amzDate: '20130524T000000Z' };
const credentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

describe('Signature Version 4', () => {
  it('builds the canonical request and the string to sign step by step', () => {
    const { text, signedHeaders } = canonicalRequest(example);
    expect(text).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(signedHeaders).toBe('host;range;x-amz-content-sha256;x-amz-date');
    expect(sha256Hex('')).toBe(EMPTY_SHA256);
    expect(stringToSign(text, scope)).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
  });

  it('gives the documented signature and authorization header', () => {
    expect(signatureOf(example, credentials.secretAccessKey, scope)).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(authorizationOf(example, credentials, scope)).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('changes with any signed part', () => {
    const signature = signatureOf(example, credentials.secretAccessKey, scope);
    expect(signatureOf({ ...example, method: 'DELETE' }, credentials.secretAccessKey, scope)).not.toBe(signature);
    expect(signatureOf({ ...example, path: '/other.txt' }, credentials.secretAccessKey, scope)).not.toBe(signature);
    expect(signatureOf(example, 'another secret', scope)).not.toBe(signature);
    expect(signatureOf(example, credentials.secretAccessKey, { ...scope, region: 'eu-west-1' })).not.toBe(signature);
  });

  it('normalises header names and values, sorts the query, and encodes as RFC 3986', () => {
    const { text } = canonicalRequest({
      method: 'put',
      path: '/bucket/a%20b',
      query: 'b=2&a=x y',
      headers: { 'X-Amz-Date': ' 20240101T000000Z ', HOST: 'h', 'x-amz-meta-note': 'two   spaces' },
      payloadSha256: EMPTY_SHA256,
    });
    expect(text.split('\n').slice(0, 6)).toEqual([
      'PUT',
      '/bucket/a%20b',
      'a=x%20y&b=2',
      'host:h',
      'x-amz-date:20240101T000000Z',
      'x-amz-meta-note:two spaces',
    ]);
    expect(uriEncode("it's (a) *file*!")).toBe('it%27s%20%28a%29%20%2Afile%2A%21');
    expect(amzDateOf(new Date('2013-05-24T00:00:00.000Z'))).toBe('20130524T000000Z');
  });
});
