import { describe, expect, it } from 'vitest';
import { securityHeadersOf } from './security-headers';

describe('security headers', () => {
  it("are helmet's, worked out once from the options", () => {
    const headers = new Map(
      securityHeadersOf({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'self'"], frameAncestors: ["'self'"] },
        },
        hsts: false,
        crossOriginEmbedderPolicy: false,
      }),
    );
    expect(headers.get('content-security-policy')).toBe("default-src 'self';frame-ancestors 'self'");
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.has('strict-transport-security')).toBe(false);
    expect(headers.has('cross-origin-embedder-policy')).toBe(false);
  });

  it('include HSTS when asked (production)', () => {
    const headers = new Map(securityHeadersOf({ hsts: { maxAge: 31_536_000, includeSubDomains: true } }));
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});
