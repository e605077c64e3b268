/**
 * Realtime channels (docs/api.md, Realtime). The names are the public contract
 * of the websocket gateway: the web client subscribes to them, services publish to them.
 *
 * Access rules, applied by the gateway on every subscribe:
 * - a per-player channel (`{namespace}#{playerId}`, `tournaments:{id}#{playerId}`) is
 *   granted only to the signed-in player whose id follows the `#`;
 * - every other known channel is public: guests may subscribe too. They carry nothing
 *   private (tournament results, the winners feed, the activity board and the online
 *   count are shown to guests on the site anyway, as is the sportsbook's catalogue), and the reference client subscribes
 *   to the winners and activity-board channels without signing in;
 * - an unknown channel is refused.
 */

/** Websocket endpoint of the gateway, on the same host and port as the API. */
export const REALTIME_PATH = '/api/connection/websocket';

/** Namespaces whose channels belong to one player: `{namespace}#{playerId}`. */
export const PLAYER_CHANNEL_NAMESPACES = [
  'wallet:accounts',
  'payment:invoices',
  'bonus:player-bonus-codes',
  'bonus:player-bonuses',
  'bonus:player-freespins',
  'retention:quests',
  'retention:accounts',
  'retention:wheels',
  'messenger:notifications',
  'game:bets',
  'player:documents',
  'player:verification',
] as const;
export type PlayerChannelNamespace = (typeof PLAYER_CHANNEL_NAMESPACES)[number];

export type WinnersPlatform = 'mobile' | 'desktop';

/** Channel names; builders return template-literal types so that a publication is typed by its channel. */
export const channels = {
  walletAccounts: (playerId: string) => `wallet:accounts#${playerId}` as const,
  paymentInvoices: (playerId: string) => `payment:invoices#${playerId}` as const,
  bonusCodes: (playerId: string) => `bonus:player-bonus-codes#${playerId}` as const,
  playerBonuses: (playerId: string) => `bonus:player-bonuses#${playerId}` as const,
  playerFreespins: (playerId: string) => `bonus:player-freespins#${playerId}` as const,
  quests: (playerId: string) => `retention:quests#${playerId}` as const,
  loyaltyAccounts: (playerId: string) => `retention:accounts#${playerId}` as const,
  wheels: (playerId: string) => `retention:wheels#${playerId}` as const,
  notifications: (playerId: string) => `messenger:notifications#${playerId}` as const,
  bets: (playerId: string) => `game:bets#${playerId}` as const,
  /** A Croupier addition: the player's documents (an operator's review). */
  documents: (playerId: string) => `player:documents#${playerId}` as const,
  /** A Croupier addition: the player's identity verification (the provider's review). */
  verification: (playerId: string) => `player:verification#${playerId}` as const,
  tournaments: 'tournaments' as const,
  tournament: (tournamentId: string) => `tournaments:${tournamentId}` as const,
  tournamentPlayer: (tournamentId: string, playerId: string) => `tournaments:${tournamentId}#${playerId}` as const,
  gameWinners: (platform: WinnersPlatform, countryCode: string) => `game:winners:${platform}:${countryCode}` as const,
  activityBoard: (boardId: string) => `activity-board:boards#${boardId}` as const,
  globalOnline: 'global:online' as const,
  /** The sportsbook's event list: status, score, clock and main-market changes (docs/sportsbook.md). */
  sportsbookEvents: 'sportsbook:events' as const,
  /** One sportsbook event with all its markets (feed ids may hold `:`). */
  sportsbookEvent: (eventId: string) => `sportsbook:events:${eventId}` as const,
};

/** Every per-player channel of one player, in the order the web client subscribes at sign-in. */
export function playerChannels(playerId: string): string[] {
  return PLAYER_CHANNEL_NAMESPACES.map((namespace) => `${namespace}#${playerId}`);
}

export type PlayerChannel<N extends PlayerChannelNamespace = PlayerChannelNamespace> = `${N}#${string}`;

/** Every channel name the gateway knows, as a type. */
export type RealtimeChannel =
  | PlayerChannel
  | 'tournaments'
  | `tournaments:${string}`
  | `game:winners:${WinnersPlatform}:${string}`
  | `activity-board:boards#${string}`
  | 'global:online'
  | 'sportsbook:events'
  | `sportsbook:events:${string}`;

/** Who may subscribe to a channel. */
export type ChannelAccess = { kind: 'player'; playerId: string } | { kind: 'public' };

/** Longest channel name accepted (ids are UUIDs or slugs, far shorter). */
export const MAX_CHANNEL_LENGTH = 255;

/** Ids inside channel names: UUIDs, slugs, numeric ids. No `#`, `:` or whitespace. */
const ID = '[A-Za-z0-9][A-Za-z0-9_.-]{0,127}';
const PLAYER_CHANNEL = new RegExp(`^(${PLAYER_CHANNEL_NAMESPACES.join('|')})#(${ID})$`);
const TOURNAMENT = new RegExp(`^tournaments:${ID}$`);
const TOURNAMENT_PLAYER = new RegExp(`^tournaments:${ID}#(${ID})$`);
const WINNERS = /^game:winners:(?:mobile|desktop):[A-Z]{2}$/;
const ACTIVITY_BOARD = new RegExp(`^activity-board:boards#${ID}$`);
/** Feed event ids (`sim:e12`) have colons: allowed after the prefix, `#` still is not. */
const SPORTSBOOK_EVENT = /^sportsbook:events:[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

/** The access rule of a channel, or null when the gateway does not know the channel. */
export function channelAccess(channel: string): ChannelAccess | null {
  if (channel.length === 0 || channel.length > MAX_CHANNEL_LENGTH) return null;
  if (channel === channels.tournaments || channel === channels.globalOnline) return { kind: 'public' };
  if (channel === channels.sportsbookEvents || SPORTSBOOK_EVENT.test(channel)) return { kind: 'public' };
  const player = PLAYER_CHANNEL.exec(channel) ?? TOURNAMENT_PLAYER.exec(channel);
  if (player) return { kind: 'player', playerId: player[player.length - 1] as string };
  if (TOURNAMENT.test(channel) || WINNERS.test(channel) || ACTIVITY_BOARD.test(channel)) return { kind: 'public' };
  return null;
}

/** Whether a connection of `playerId` (undefined for a guest) may subscribe to `channel`. */
export function canSubscribe(channel: string, playerId: string | undefined): 'ok' | 'unknown' | 'denied' {
  const access = channelAccess(channel);
  if (!access) return 'unknown';
  if (access.kind === 'public') return 'ok';
  return playerId !== undefined && access.playerId === playerId ? 'ok' : 'denied';
}
