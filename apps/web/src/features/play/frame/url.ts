/**
 * What the launch URL `/play/{identity}?mode=real|demo&lang=…#token=…` carries. The token is
 * in the fragment, which browsers never send to a server nor put in a Referer header.
 */
export interface PlayLocation {
  identity: string;
  mode: 'real' | 'demo';
  token: string | null;
}

export function parsePlayLocation(location: { pathname: string; search: string; hash: string }): PlayLocation {
  const [, , identity = ''] = location.pathname.split('/');
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  return {
    identity: decodeURIComponent(identity),
    mode: query.get('mode') === 'demo' ? 'demo' : 'real',
    token: fragment.get('token') || null,
  };
}

/** The casino's page of the game: where "reopen the game" leads (the whole window, when the frame is embedded). */
export const gamePagePath = (identity: string) => `/games/${encodeURIComponent(identity)}`;
