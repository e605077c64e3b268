/**
 * Small browser facts the realtime feature needs, as pure functions of what the browser
 * reports (so that they are tested without one).
 */

/** A phone or tablet: a coarse pointer, a viewport under 768 px (spec §9), or a mobile user agent. */
export function isMobileEnvironment(env: {
  coarsePointer: boolean;
  viewportWidth: number;
  userAgent: string;
}): boolean {
  return env.coarsePointer || env.viewportWidth < 768 || /Mobi|Android|iPhone|iPad|iPod/i.test(env.userAgent);
}

export function isMobileBrowser(): boolean {
  return isMobileEnvironment({
    coarsePointer: window.matchMedia('(pointer: coarse)').matches,
    viewportWidth: window.innerWidth,
    userAgent: navigator.userAgent,
  });
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
