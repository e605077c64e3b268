import { minorToMajor, type Winner, type winnersQuerySchema } from '@croupier/contract';
import type { z } from 'zod';
import { cached } from '../../lib/cached';
import type { AppEventHandler } from '../../lib/events';
import { encodeEvent, type EncodedEvent, type RealtimeEvents } from '../realtime';
import { gameImages } from './service';
import {
  FALLBACK_WINNERS_COUNTRY,
  newestPerChannel,
  publicNickname,
  WindowThrottle,
  winnerChannels,
} from './winners-feed';
import type { WinnerRow, WinnersRepository } from './winners-repository';

/**
 * The public winners feed (REST list and realtime channel; docs/api.md, Realtime).
 *
 * A winner is a real-money round that paid more than it staked (payout > the round's bets
 * that were not rolled back; a win without a bet, such as a free spin, counts: its stake is
 * 0). The game wallet tells us of every credited real-money win inside its transaction, and
 * the in-house games of a bonus's free spin that paid anything inside the round's; the
 * round is recorded in `game_wins` in that transaction, and published after the commit.
 *
 * Publication: `game.winner` on `game:winners:{mobile|desktop}:{country}`, where the
 * platform and country are the audience's (the client picks its channel from the profile
 * country, else the visitor country, else UA): a win goes to every platform the game is
 * offered on and every known country where it is not restricted. Throttle: at most one
 * publication per channel per FEED_WINDOW_MS in a process. Winners that arrive within a
 * window are coalesced: when it ends, each channel gets the newest of them meant for it
 * (older ones are dropped there; GET /api/game/spins/winners still lists them, one per
 * game). With several server processes each throttles its own wins, so a channel gets at
 * most one publication per window per process.
 */

export type WinnersQuery = z.output<typeof winnersQuerySchema>;

/** At most one publication per channel in this window (clients expect at most one every 3 s). */
export const FEED_WINDOW_MS = 3000;
/** The list is public and the same for every visitor of a platform and country: each process keeps it briefly. */
const LIST_TTL_MS = 3000;
/** Keys of the list cache (platform × country × perPage) before it is emptied. */
const LIST_CACHE_MAX_KEYS = 2000;
/** The country list of the fan-out changes rarely. */
const COUNTRIES_TTL_MS = 10 * 60_000;

function toWinner(row: WinnerRow): Winner {
  const images = gameImages(row.image_square_path, row.image_vertical_path);
  return {
    nickname: publicNickname(row.nickname, row.email),
    amount: minorToMajor(row.stake_minor, row.subunit_to_unit),
    currency: row.currency,
    payout: minorToMajor(row.payout_minor, row.subunit_to_unit),
    gameId: row.game_id,
    gameName: row.game_name,
    isDemoMode: row.is_demo_mode,
    gameImages: images,
    gameCustomImages: gameImages(
      row.custom_image_square_path ?? row.image_square_path,
      row.custom_image_vertical_path ?? row.image_vertical_path,
    ),
    createdAt: row.created_at.toISOString(),
  };
}

export function createWinners(deps: {
  repository: WinnersRepository;
  events: RealtimeEvents;
  log: { error(object: object, message: string): void };
  windowMs?: number;
}) {
  const { repository, events, log } = deps;

  const countries = cached(async () => {
    const codes = new Set(await repository.listCountryCodes());
    codes.add(FALLBACK_WINNERS_COUNTRY);
    return [...codes];
  }, COUNTRIES_TTL_MS);

  /** Winning rounds committed since the last publication: the latest per game. */
  const pending = new Map<string, string>();

  async function publishPending(): Promise<void> {
    const ids = [...pending.values()];
    pending.clear();
    try {
      const rows = await repository.winnersById(ids);
      if (rows.length === 0) return;
      const codes = await countries.get();
      const batch = rows.map((row) => ({
        winner: {
          createdAt: row.created_at.getTime(),
          event: { event: 'game.winner' as const, winner: toWinner(row) },
        },
        channels: winnerChannels({ platforms: row.platforms, restrictedCountries: row.restricted_countries }, codes),
      }));
      // Checked and serialised once per winner: the event is the same on each of its channels.
      const encoded = new Map<object, EncodedEvent>();
      for (const [channel, winner] of newestPerChannel(batch)) {
        let json = encoded.get(winner);
        if (!json) {
          json = encodeEvent(channel, winner.event);
          encoded.set(winner, json);
        }
        events.publishEncoded({ channel, json: json.json });
      }
    } catch (error) {
      log.error({ err: error }, 'winners feed: publication failed');
    }
  }

  const throttle = new WindowThrottle(deps.windowMs ?? FEED_WINDOW_MS, publishPending);

  const listCache = new Map<string, { value: Promise<Winner[]>; expiresAt: number }>();

  /** For the game wallet and the in-house free spins: records a winning round and publishes it after the commit. */
  const recordWin: AppEventHandler<'game.win-credited'> = async (win) => {
    const { trx, session } = win;
    if (!session.player_id || session.is_demo) return;
    const totals =
      win.roundTotals ??
      (await repository.roundTotals(trx, {
        provider: session.provider,
        roundId: win.roundId,
        playerId: session.player_id,
      }));
    if (totals.wonMinor <= totals.stakeMinor) return;
    const recorded = await repository.upsertWin(trx, {
      provider: session.provider,
      roundId: win.roundId,
      gameId: session.game_id,
      playerId: session.player_id,
      currency: session.currency,
      stakeMinor: totals.stakeMinor,
      payoutMinor: totals.wonMinor,
    });
    events.afterCommit(trx, () => {
      pending.set(recorded.gameId, recorded.id);
      throttle.request();
    });
  };

  return {
    recordWin,

    /** The latest winning round of each game playable on the platform and in the country, newest first. */
    async list(query: WinnersQuery): Promise<Winner[]> {
      const country = query.countryCode?.toUpperCase();
      const key = `${query.platform ?? ''}:${country ?? ''}:${query.perPage}`;
      const now = Date.now();
      const hit = listCache.get(key);
      if (hit && hit.expiresAt > now) return hit.value;
      if (listCache.size >= LIST_CACHE_MAX_KEYS) listCache.clear();
      const value = repository
        .latestWinners({
          limit: query.perPage,
          ...(query.platform !== undefined ? { platform: query.platform } : {}),
          ...(country ? { country } : {}),
        })
        .then((rows) => rows.map(toWinner));
      const entry = { value, expiresAt: now + LIST_TTL_MS };
      listCache.set(key, entry);
      // A failed read is not kept.
      value.catch(() => {
        if (listCache.get(key) === entry) listCache.delete(key);
      });
      return value;
    },

    /** Forgets the cached lists (tests, after writing rounds directly). */
    clearCache(): void {
      listCache.clear();
    },

    stop(): void {
      throttle.stop();
    },
  };
}

export type Winners = ReturnType<typeof createWinners>;
