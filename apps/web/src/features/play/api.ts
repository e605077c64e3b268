import {
  GAME_SESSION_HEADER,
  originalsEndpoints,
  originalsPlayEndpoints,
  type EndpointBody,
  type EndpointData,
  type OriginalsGame,
} from '@croupier/contract';
import { call } from '../../lib/api';

type PlayEndpoint = (typeof originalsPlayEndpoints)[OriginalsGame];
/** The body of a round of any in-house game (the server checks it against the game's own schema). */
export type PlayBody = EndpointBody<PlayEndpoint>;
/** A play answer: the round and the balance after it. */
export type PlayAnswer = EndpointData<PlayEndpoint>;

/** The in-house games' API, acting for the game session of the launch token. */
export function createPlayApi(token: string) {
  const headers = { [GAME_SESSION_HEADER]: token };
  return {
    session: () => call(originalsEndpoints.session, { headers }),
    seeds: () => call(originalsEndpoints.seeds, { headers }),
    setClientSeed: (clientSeed: string) => call(originalsEndpoints.setClientSeed, { headers, body: { clientSeed } }),
    rotate: (clientSeed?: string) =>
      call(originalsEndpoints.rotateSeeds, { headers, body: clientSeed ? { clientSeed } : {} }),
    play: (game: OriginalsGame, body: PlayBody) => call(originalsPlayEndpoints[game], { headers, body }),
    minesActive: () => call(originalsEndpoints.activeMines, { headers }),
    minesReveal: (roundId: string, tile: number) =>
      call(originalsEndpoints.revealMines, { headers, params: { id: roundId }, body: { tile } }),
    minesCashOut: (roundId: string) => call(originalsEndpoints.cashOutMines, { headers, params: { id: roundId } }),
  };
}

export type PlayApi = ReturnType<typeof createPlayApi>;
