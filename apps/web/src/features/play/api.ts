import type { OriginalsRound, OriginalsSession, Seeds } from '@croupier/contract';
import { apiRequest } from '../../lib/api';

/** The in-house games' API, acting for the game session of the launch token. */
export function createPlayApi(token: string) {
  const headers = { 'x-game-session': token };
  const get = <T>(path: string) => apiRequest<T>('GET', path, { headers });
  const send = <T>(method: 'POST' | 'PUT', path: string, body: unknown = {}) =>
    apiRequest<T>(method, path, { headers, body });
  return {
    session: () => get<OriginalsSession>('/api/game/originals/session'),
    seeds: () => get<Seeds>('/api/game/originals/seeds'),
    setClientSeed: (clientSeed: string) => send<Seeds>('PUT', '/api/game/originals/seeds/client-seed', { clientSeed }),
    rotate: (clientSeed?: string) =>
      send<Seeds>('POST', '/api/game/originals/seeds/rotate', clientSeed ? { clientSeed } : {}),
    play: (game: string, body: Record<string, unknown>) =>
      send<PlayAnswer>('POST', `/api/game/originals/${game}/rounds`, body),
    minesActive: () => get<OriginalsRound | null>('/api/game/originals/mines/active'),
    minesReveal: (roundId: string, tile: number) =>
      send<PlayAnswer>('POST', `/api/game/originals/mines/rounds/${encodeURIComponent(roundId)}/reveal`, { tile }),
    minesCashOut: (roundId: string) =>
      send<PlayAnswer>('POST', `/api/game/originals/mines/rounds/${encodeURIComponent(roundId)}/cashout`),
  };
}

export interface PlayAnswer {
  round: OriginalsRound;
  balance: number;
}

export type PlayApi = ReturnType<typeof createPlayApi>;
