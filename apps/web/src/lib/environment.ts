/**
 * Small browser facts that realtime, games and the wallet read, as pure functions of what
 * the browser reports (so that they are tested without one).
 */

/** A phone or tablet: a coarse pointer, a viewport under 768 px, or a mobile user agent. */
export function isMobileEnvironment(env: {
  coarsePointer: boolean;
  viewportWidth: number;
  userAgent: string;
}): boolean {
  return env.coarsePointer || env.viewportWidth < 768 || /Mobi|Android|iPhone|iPad|iPod/i.test(env.userAgent);
}

const COARSE_POINTER_QUERY = '(pointer: coarse)';
const NARROW_VIEWPORT_QUERY = '(max-width: 767px)';

export function isMobileBrowser(): boolean {
  return isMobileEnvironment({
    coarsePointer: window.matchMedia(COARSE_POINTER_QUERY).matches,
    viewportWidth: window.innerWidth,
    userAgent: navigator.userAgent,
  });
}

/** Calls `listener` when an input of `isMobileBrowser()` may have changed (the user agent cannot). */
export function subscribeMobileBrowser(listener: () => void): () => void {
  const queries = [COARSE_POINTER_QUERY, NARROW_VIEWPORT_QUERY].map((query) => window.matchMedia(query));
  queries.forEach((query) => query.addEventListener('change', listener));
  return () => queries.forEach((query) => query.removeEventListener('change', listener));
}

/** The identity of the game a path shows (`/games/{identity}`, with or without a locale prefix). */
export function gameIdentityOf(pathname: string): string | undefined {
  const match = /(?:^|\/)games\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}
