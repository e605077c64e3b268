import {
  channels,
  type TournamentDetail,
  type TournamentParticipant,
  type TournamentPlayerEntry,
} from '@croupier/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { decodeTokenClaims, useSession } from '../auth';
import { publicChannels } from '../realtime';
import { tournamentKeys } from './api';
import { withLeaderboard, withPlayerEntry } from './logic';

/** The signed-in player's id (the token's subject), for their row and their entry's channel. */
export function usePlayerId(): string | undefined {
  const { token } = useSession();
  return useMemo(() => {
    const sub = token ? decodeTokenClaims(token)?.sub : undefined;
    return typeof sub === 'string' ? sub : undefined;
  }, [token]);
}

/**
 * While the tournament runs, follows its live leaderboard (`tournaments:{id}`, unless
 * `leaderboard` is false) and, signed in, the player's own entry
 * (`tournaments:{id}#{playerId}`), into the cached detail of `idOrIdentity`.
 */
export function useLiveTournament(
  detail: Pick<TournamentDetail, 'id' | 'state'> | undefined,
  idOrIdentity: string,
  playerId: string | undefined,
  { leaderboard = true }: { leaderboard?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const id = detail?.id;
  const running = detail?.state === 3;
  useEffect(() => {
    if (!id || !running) return;
    const key = tournamentKeys.detail(idOrIdentity, playerId !== undefined);
    const stops: (() => void)[] = [];
    if (leaderboard) {
      stops.push(
        publicChannels.watch(channels.tournament(id), (event) => {
          const { leaderboard: rows } = event as { leaderboard: TournamentParticipant[] };
          queryClient.setQueryData<TournamentDetail>(key, (cached) => withLeaderboard(cached, rows));
        }),
      );
    }
    if (playerId) {
      stops.push(
        publicChannels.watch(channels.tournamentPlayer(id, playerId), (event) => {
          const { entry } = event as { entry: TournamentPlayerEntry & { tournamentId: string } };
          queryClient.setQueryData<TournamentDetail>(key, (cached) =>
            withPlayerEntry(cached, { points: entry.points, place: entry.place }),
          );
        }),
      );
    }
    return () => stops.forEach((stop) => stop());
  }, [id, running, idOrIdentity, playerId, leaderboard, queryClient]);
}
