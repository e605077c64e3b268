import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readReviewWebhook, VerificationWebhookRejectedError } from './provider';
import { digestHeaders, requestSignature, signedRequestHeaders, verifyPayloadDigest } from './signature';
import { createSumsubProvider } from './sumsub';

const SECRET = 'webhook-secret-of-some-length';

describe('request signatures', () => {
  it('are the hex HMAC-SHA256 of timestamp, method, path with query and body', () => {
    const expected = createHmac('sha256', 'key')
      .update('1700000000POST/resources/accessTokens?userId=a&levelName=b{"x":1}')
      .digest('hex');
    expect(
      requestSignature({
        secretKey: 'key',
        timestampSeconds: 1_700_000_000,
        method: 'post',
        pathWithQuery: '/resources/accessTokens?userId=a&levelName=b',
        body: '{"x":1}',
      }),
    ).toBe(expected);
    expect(
      signedRequestHeaders({
        appToken: 'app',
        secretKey: 'key',
        method: 'POST',
        pathWithQuery: '/p',
        body: '',
        now: new Date(1_700_000_000_500),
      }),
    ).toEqual({
      'x-app-token': 'app',
      'x-app-access-ts': '1700000000',
      'x-app-access-sig': createHmac('sha256', 'key').update('1700000000POST/p').digest('hex'),
    });
  });
});

describe('webhook digests', () => {
  const body = Buffer.from('{"type":"applicantReviewed"}');

  it('accept the exact bytes with SHA-256 or SHA-512', () => {
    expect(
      verifyPayloadDigest({ headers: digestHeaders(SECRET, body.toString()), secret: SECRET, rawBody: body }),
    ).toEqual({ ok: true });
    const sha512 = createHmac('sha512', SECRET).update(body).digest('hex');
    expect(
      verifyPayloadDigest({
        headers: { 'x-payload-digest': sha512.toUpperCase(), 'x-payload-digest-alg': 'HMAC_SHA512_HEX' },
        secret: SECRET,
        rawBody: body,
      }),
    ).toEqual({ ok: true });
  });

  it('refuse another body, another secret, a missing or weak algorithm, malformed or repeated headers', () => {
    const headers = digestHeaders(SECRET, body.toString());
    const reasons = [
      verifyPayloadDigest({ headers, secret: SECRET, rawBody: Buffer.from(`${body.toString()} `) }),
      verifyPayloadDigest({ headers, secret: 'another-secret', rawBody: body }),
      verifyPayloadDigest({
        headers: { 'x-payload-digest': headers['x-payload-digest'] },
        secret: SECRET,
        rawBody: body,
      }),
      verifyPayloadDigest({
        headers: { ...headers, 'x-payload-digest-alg': 'HMAC_SHA1_HEX' },
        secret: SECRET,
        rawBody: body,
      }),
      verifyPayloadDigest({ headers: { ...headers, 'x-payload-digest': 'zz' }, secret: SECRET, rawBody: body }),
      verifyPayloadDigest({ headers: { ...headers, 'x-payload-digest': 'ab' }, secret: SECRET, rawBody: body }),
      verifyPayloadDigest({
        headers: { ...headers, 'x-payload-digest': [headers['x-payload-digest'] ?? '', 'x'] },
        secret: SECRET,
        rawBody: body,
      }),
      verifyPayloadDigest({ headers: {}, secret: SECRET, rawBody: body }),
    ].map((check) => (check.ok ? 'ok' : check.reason));
    expect(reasons).toEqual([
      'digest mismatch',
      'digest mismatch',
      'unsupported digest algorithm',
      'unsupported digest algorithm',
      'malformed digest',
      'malformed digest',
      'missing digest',
      'missing digest',
    ]);
  });
});

describe('review webhooks', () => {
  const read = (payload: object) => {
    const raw = JSON.stringify(payload);
    return readReviewWebhook({ rawBody: Buffer.from(raw), headers: digestHeaders(SECRET, raw), secret: SECRET });
  };
  const base = { externalUserId: 'p1', correlationId: 'c1', createdAtMs: '2026-02-03 04:05:06.789' };

  it('map the review to a status, with the reviewer’s comment and the provider’s time', () => {
    expect(read({ ...base, type: 'applicantReviewed', reviewResult: { reviewAnswer: 'GREEN' } })).toEqual({
      eventId: 'applicantReviewed:c1',
      type: 'applicantReviewed',
      playerId: 'p1',
      status: 'approved',
      reason: null,
      createdAt: new Date('2026-02-03T04:05:06.789Z'),
    });
    const red = (reviewRejectType: string) =>
      read({
        ...base,
        type: 'applicantReviewed',
        reviewResult: { reviewAnswer: 'RED', reviewRejectType, moderationComment: 'Expired' },
      });
    expect(red('FINAL')).toMatchObject({ status: 'rejected', reason: 'Expired' });
    expect(red('RETRY')).toMatchObject({ status: 'retry', reason: 'Expired' });
    expect(read({ ...base, type: 'applicantPending' })).toMatchObject({ status: 'pending', reason: null });
    expect(read({ ...base, type: 'applicantCreated' })).toMatchObject({ status: null });
  });

  it('refuse a malformed body even when signed', () => {
    expect(() => read({ type: 'applicantReviewed' })).toThrow(VerificationWebhookRejectedError);
    const raw = 'not json';
    expect(() =>
      readReviewWebhook({ rawBody: Buffer.from(raw), headers: digestHeaders(SECRET, raw), secret: SECRET }),
    ).toThrow(VerificationWebhookRejectedError);
  });
});

describe('the hosted provider adapter', () => {
  it('asks for an access token and a hosted page with signed requests', async () => {
    const calls: { url: string; headers: Record<string, string> }[] = [];
    const fakeFetch: typeof fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      calls.push({ url, headers: init?.headers as Record<string, string> });
      const body = url.includes('/accessTokens')
        ? { token: 'act-1', userId: 'p' }
        : { url: 'https://in.sumsub.com/websdk/p/x' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const provider = createSumsubProvider(
      {
        baseUrl: 'https://api.example.test',
        appToken: 'app-token',
        secretKey: 'secret-key',
        webhookSecret: SECRET,
        levelName: 'basic-kyc-level',
        tokenTtlSeconds: 600,
        timeoutMs: 1000,
      },
      fakeFetch,
    );
    const started = await provider.startVerification({ playerId: 'player-1', locale: 'pt-BR', siteOrigin: 'x' });
    expect(started).toEqual({ token: 'act-1', url: 'https://in.sumsub.com/websdk/p/x' });
    expect(calls.map((call) => call.url)).toEqual([
      'https://api.example.test/resources/accessTokens?userId=player-1&levelName=basic-kyc-level&ttlInSecs=600',
      'https://api.example.test/resources/sdkIntegrations/levels/basic-kyc-level/websdkLink?ttlInSecs=600&externalUserId=player-1&lang=pt',
    ]);
    for (const call of calls) {
      const path = call.url.slice('https://api.example.test'.length);
      const ts = call.headers['x-app-access-ts'] ?? '';
      expect(call.headers['x-app-token']).toBe('app-token');
      expect(call.headers['x-app-access-sig']).toBe(
        createHmac('sha256', 'secret-key').update(`${ts}POST${path}`).digest('hex'),
      );
    }
  });
});
