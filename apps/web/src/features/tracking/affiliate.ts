/**
 * Affiliate tag: the `stag` query parameter is saved to the `affiliateTag`
 * cookie for the configured number of days when no such cookie exists (first referrer
 * wins), then removed from the URL. Sign-up and social sign-in send the cookie's value.
 */

export const AFFILIATE_COOKIE = 'affiliateTag';
export const AFFILIATE_PARAM = 'stag';
export const DEFAULT_AFFILIATE_DAYS = 30;
export const MAX_AFFILIATE_TAG_LENGTH = 100;

/** What the capture reads and writes: the browser's objects, or fakes in tests. */
export interface AffiliateEnvironment {
  location: { href: string; protocol: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | null): void };
  document: { cookie: string };
}

export interface CaptureAffiliateOptions {
  /** Cookie lifetime in days (configured; default 30). */
  days?: number;
  env?: AffiliateEnvironment;
}

/**
 * A tag is 1–100 printable characters: no control, format or unassigned code points and
 * no line breaks. Anything else is dropped rather than stored and sent on sign-up.
 */
export function isValidAffiliateTag(tag: string): boolean {
  return tag.length > 0 && tag.length <= MAX_AFFILIATE_TAG_LENGTH && /^[^\p{C}\p{Zl}\p{Zp}]+$/u.test(tag);
}

/**
 * Run once at app start, before the router reads the URL. Returns the affiliate tag in
 * effect afterwards (the kept or newly saved cookie value), if any.
 */
export function captureAffiliateTag(options: CaptureAffiliateOptions = {}): string | undefined {
  const env = options.env ?? browserEnvironment();
  if (!env) return undefined;
  const url = new URL(env.location.href);
  const { values, rest } = takeParam(url.search, AFFILIATE_PARAM);
  const existing = readCookie(env.document, AFFILIATE_COOKIE);
  if (values.length === 0) return existing;

  let effective = existing;
  const tag = (values[0] ?? '').trim();
  if (existing === undefined && isValidAffiliateTag(tag)) {
    const days =
      options.days !== undefined && Number.isFinite(options.days) && options.days > 0
        ? options.days
        : DEFAULT_AFFILIATE_DAYS;
    writeCookie(env, AFFILIATE_COOKIE, tag, Math.round(days * 86_400));
    effective = tag;
  }
  // The parameter goes in every case, so that a shared or bookmarked URL carries no tag.
  env.history.replaceState(env.history.state, '', `${url.pathname}${rest}${url.hash}`);
  return effective;
}

/**
 * Splits one parameter out of a raw query string. The other parameters are kept byte for
 * byte (URLSearchParams would re-encode them, e.g. `%20` to `+`, `?flag` to `?flag=`).
 */
export function takeParam(search: string, name: string): { values: string[]; rest: string } {
  const values: string[] = [];
  const kept: string[] = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const [pair] = new URLSearchParams(part);
    if (pair && pair[0] === name) values.push(pair[1]);
    else kept.push(part);
  }
  return { values, rest: kept.length > 0 ? `?${kept.join('&')}` : '' };
}

// Same encoding as lib/cookies.ts (which reads the global document, hence this copy over
// an injected one): names and values percent-encoded.
function readCookie(document: { cookie: string }, name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(/;\s*/)) {
    if (!part.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(part.slice(prefix.length)) || undefined;
    } catch {
      return undefined; // not ours: malformed encoding
    }
  }
  return undefined;
}

function writeCookie(env: AffiliateEnvironment, name: string, value: string, maxAgeSeconds: number): void {
  const secure = env.location.protocol === 'https:' ? '; Secure' : '';
  env.document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

function browserEnvironment(): AffiliateEnvironment | undefined {
  if (typeof window === 'undefined') return undefined;
  return { location: window.location, history: window.history, document: window.document };
}
