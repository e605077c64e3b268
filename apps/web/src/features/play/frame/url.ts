/** What the launch URL `/play/{identity}?mode=real|demo&token=…` carries. */
export interface PlayLocation {
  identity: string;
  mode: 'real' | 'demo';
  token: string | null;
}

export function parsePlayLocation(location: { pathname: string; search: string }): PlayLocation {
  const [, , identity = ''] = location.pathname.split('/');
  const query = new URLSearchParams(location.search);
  return {
    identity: decodeURIComponent(identity),
    mode: query.get('mode') === 'demo' ? 'demo' : 'real',
    token: query.get('token') || null,
  };
}

/** The casino's page of the game: where "reopen the game" leads (the whole window, when the frame is embedded). */
export const gamePagePath = (identity: string) => `/games/${encodeURIComponent(identity)}`;
