import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  BINDING_COOKIE,
  bindingCookie,
  clientStateSchema,
  newBindingSecret,
  newFlowToken,
  pkcePair,
  providerState,
  readBindingSecret,
  returnedStateSchema,
} from './state';

describe('social sign-in state', () => {
  it('reads the web app’s state and sends it on with the flow token', () => {
    const client = clientStateSchema.parse('{"backRoute":"%2Fen%2Fcasino%3Ftab%3Dnew"}');
    expect(client).toEqual({ backRoute: '%2Fen%2Fcasino%3Ftab%3Dnew' });
    const flow = newFlowToken();
    const sent = providerState(client, flow.token);
    expect(JSON.parse(sent)).toEqual({ backRoute: '%2Fen%2Fcasino%3Ftab%3Dnew', flow: flow.token });
    expect(returnedStateSchema.parse(sent).flow).toBe(flow.token);
  });

  it('replaces a flow key the client tried to choose', () => {
    const client = clientStateSchema.parse(JSON.stringify({ backRoute: '/', flow: 'mine' }));
    const flow = newFlowToken();
    expect(JSON.parse(providerState(client, flow.token))).toEqual({ backRoute: '/', flow: flow.token });
  });

  it('refuses malformed, oversized or oddly shaped client state', () => {
    for (const text of [
      'not json',
      '[]',
      '"text"',
      '{"backRoute": 1}',
      '{"backRoute": {"nested": "x"}}',
      JSON.stringify({ backRoute: 'x'.repeat(3000) }),
      JSON.stringify(Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, 'v']))),
      '{"bad key": "x"}',
    ]) {
      expect(clientStateSchema.safeParse(text).success, text).toBe(false);
    }
    expect(clientStateSchema.parse('{}')).toEqual({});
  });

  it('needs a well-formed flow token on the way back', () => {
    for (const text of ['{}', '{"flow": 1}', '{"flow": "short"}', `{"flow": "${'a'.repeat(43)}"`, 'x']) {
      expect(returnedStateSchema.safeParse(text).success, text).toBe(false);
    }
  });

  it('makes distinct flow tokens, stored as their SHA-256 only', () => {
    const a = newFlowToken();
    const b = newFlowToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(createHash('sha256').update(a.token).digest('hex'));
  });

  it('derives the PKCE challenge with S256', () => {
    const { verifier, challenge } = pkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('writes and reads the binding cookie', () => {
    const secret = newBindingSecret();
    const cookie = bindingCookie(secret, { secure: true });
    expect(cookie).toBe(
      `${BINDING_COOKIE}=${secret}; Path=/api/player/sessions/social; Max-Age=600; HttpOnly; SameSite=Lax; Secure`,
    );
    expect(bindingCookie(secret, { secure: false })).not.toContain('Secure');
    expect(readBindingSecret(`token=abc; ${BINDING_COOKIE}=${secret}; other=1`)).toBe(secret);
    expect(readBindingSecret([`a=1`, `${BINDING_COOKIE}=${secret}`])).toBe(secret);
    expect(readBindingSecret(`${BINDING_COOKIE}=short`)).toBeUndefined();
    expect(readBindingSecret(`x${BINDING_COOKIE}=${secret}`)).toBeUndefined();
    expect(readBindingSecret(undefined)).toBeUndefined();
  });
});
