import { hasApiStatus } from '../../lib/api';

/**
 * The sportsbook's game session in memory: the sportsbook is a game of the catalogue, and
 * its betting calls carry the launch answer's token (`X-Game-Session`). The token is
 * launched when first needed, one launch at a time; a 401 means the session ended, so the
 * call launches again once and is retried with the new token.
 */
export interface GameSession {
  /** The token, launching the game first when there is none. */
  token: () => Promise<string>;
  /** Runs a call with the token; on a 401 launches once more and runs it again. */
  run: <T>(call: (token: string) => Promise<T>) => Promise<T>;
}

export function createGameSession(launch: () => Promise<string>): GameSession {
  let current: string | null = null;
  let pending: Promise<string> | null = null;

  const token = (): Promise<string> => {
    if (current !== null) return Promise.resolve(current);
    pending ??= launch()
      .then((value) => {
        current = value;
        return value;
      })
      .finally(() => {
        pending = null;
      });
    return pending;
  };

  const run = async <T>(call: (token: string) => Promise<T>): Promise<T> => {
    const first = await token();
    try {
      return await call(first);
    } catch (error) {
      if (!hasApiStatus(error, 'UNAUTHENTICATED')) throw error;
      // Another call may have relaunched already; only the ended token is dropped.
      if (current === first) current = null;
      return call(await token());
    }
  };

  return { token, run };
}
