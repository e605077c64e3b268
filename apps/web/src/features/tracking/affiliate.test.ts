import { describe, expect, it } from 'vitest';
import { captureAffiliateTag, isValidAffiliateTag, takeParam, type AffiliateEnvironment } from './affiliate';

/** A document.cookie stand-in: reads give `a=1; b=2`, writes set one cookie with attributes. */
class CookieJar {
  readonly jar = new Map<string, string>();
  readonly writes: string[] = [];
  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  set cookie(line: string) {
    this.writes.push(line);
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    this.jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

function environment(href: string, cookies: Record<string, string> = {}) {
  const jar = new CookieJar();
  for (const [name, value] of Object.entries(cookies)) jar.jar.set(name, encodeURIComponent(value));
  const url = new URL(href);
  const replaced: { state: unknown; url: string | null | undefined }[] = [];
  const env: AffiliateEnvironment = {
    location: { href, protocol: url.protocol },
    history: {
      state: { idx: 0 },
      replaceState: (state, _unused, next) => replaced.push({ state, url: next }),
    },
    document: jar,
  };
  return { env, jar, replaced };
}

describe('captureAffiliateTag', () => {
  it('saves the tag for the configured days and removes stag from the URL', () => {
    const { env, jar, replaced } = environment('https://croupier.test/casino?stag=partner_42');
    expect(captureAffiliateTag({ env, days: 30 })).toBe('partner_42');
    expect(jar.writes).toEqual(['affiliateTag=partner_42; Max-Age=2592000; Path=/; SameSite=Lax; Secure']);
    expect(replaced).toEqual([{ state: { idx: 0 }, url: '/casino' }]);
  });

  it('defaults to 30 days and honours another lifetime', () => {
    const a = environment('http://localhost/?stag=x');
    captureAffiliateTag({ env: a.env });
    expect(a.jar.writes[0]).toBe('affiliateTag=x; Max-Age=2592000; Path=/; SameSite=Lax');
    const b = environment('http://localhost/?stag=x');
    captureAffiliateTag({ env: b.env, days: 7 });
    expect(b.jar.writes[0]).toContain('Max-Age=604800;');
  });

  it('keeps an existing cookie (first referrer wins) but still cleans the URL', () => {
    const { env, jar, replaced } = environment('https://croupier.test/?stag=newcomer', { affiliateTag: 'first' });
    expect(captureAffiliateTag({ env })).toBe('first');
    expect(jar.writes).toEqual([]);
    expect(jar.jar.get('affiliateTag')).toBe('first');
    expect(replaced.map((entry) => entry.url)).toEqual(['/']);
  });

  it('keeps the other parameters exactly and the hash', () => {
    const { env, replaced } = environment(
      'https://croupier.test/de/casino?utm_source=mail&stag=p1&q=a%20b&flag&sign-in=true#games',
    );
    captureAffiliateTag({ env });
    expect(replaced[0]?.url).toBe('/de/casino?utm_source=mail&q=a%20b&flag&sign-in=true#games');
  });

  it('removes every stag, decodes the value and stores it encoded', () => {
    const { env, jar, replaced } = environment('https://croupier.test/?stag=a%2Fb%20c&x=1&stag=second');
    expect(captureAffiliateTag({ env })).toBe('a/b c');
    expect(jar.writes[0]).toMatch(/^affiliateTag=a%2Fb%20c;/);
    expect(replaced[0]?.url).toBe('/?x=1');
  });

  it('ignores an invalid tag but still removes it', () => {
    for (const tag of ['', '%20%20', 'a%0Ab', 'x'.repeat(101), '%E2%80%8Bzero-width']) {
      const { env, jar, replaced } = environment(`https://croupier.test/path?stag=${tag}`);
      expect(captureAffiliateTag({ env })).toBeUndefined();
      expect(jar.writes).toEqual([]);
      expect(replaced[0]?.url).toBe('/path');
    }
  });

  it('does nothing without stag', () => {
    const { env, jar, replaced } = environment('https://croupier.test/?a=1', { affiliateTag: 'kept' });
    expect(captureAffiliateTag({ env })).toBe('kept');
    expect(jar.writes).toEqual([]);
    expect(replaced).toEqual([]);
  });

  it('accepts printable tags up to 100 characters', () => {
    expect(isValidAffiliateTag('x'.repeat(100))).toBe(true);
    expect(isValidAffiliateTag('a_b-c.d~1 é')).toBe(true);
    expect(isValidAffiliateTag('tab\there')).toBe(false);
  });
});

describe('takeParam', () => {
  it('splits one parameter out of a raw query', () => {
    expect(takeParam('', 'stag')).toEqual({ values: [], rest: '' });
    expect(takeParam('?stag=1', 'stag')).toEqual({ values: ['1'], rest: '' });
    expect(takeParam('?a=1&&stag&b=+', 'stag')).toEqual({ values: [''], rest: '?a=1&b=+' });
  });
});
