import { z } from 'zod';
import { documentFileSchema } from '../documents/schemas';
import { winnerSchema } from '../games/schemas';
import { sportsbookEventDetailSchema, sportsbookEventSummarySchema } from '../sportsbook/schemas';
import { verificationStatusUpdateSchema } from '../verification/schemas';
import {
  channelAccess,
  PLAYER_CHANNEL_NAMESPACES,
  type PlayerChannelNamespace,
  type WinnersPlatform,
} from './channels';
import {
  activityBoardBetSchema,
  bonusCodeSchema,
  invoiceUpdateSchema,
  loyaltyAccountSchema,
  messengerMessageSchema,
  playerBonusSchema,
  playerFreespinSchema,
  questSchema,
  questTaskUpdateSchema,
  tournamentParticipantSchema,
  tournamentPrizeSchema,
  walletAccountSchema,
} from './entities';

/**
 * Realtime event payloads (docs/api.md, Realtime): each publication's `data` is one of these, an
 * object with an `event` name and the entity fields. Every channel has its own union
 * (event names are unique within a channel); `realtimeEventSchema` is the union of all.
 */

function event<const E extends string, S extends z.ZodRawShape>(name: E, shape: S) {
  return z.object({ event: z.literal(name), ...shape });
}

// wallet:accounts#{playerId}
export const walletBalanceUpdatedEventSchema = event('account.balance.updated', { account: walletAccountSchema });

// payment:invoices#{playerId}
export const invoiceDepositUpdatedEventSchema = event('invoice.deposit.updated', { invoice: invoiceUpdateSchema });
export const invoiceWithdrawalUpdatedEventSchema = event('invoice.withdrawal.updated', {
  invoice: invoiceUpdateSchema,
});
/** Declared by the reference client, which does not handle it. */
export const invoiceWithdrawalCreatedEventSchema = event('invoice.withdrawal.created', {
  invoice: invoiceUpdateSchema,
});

// bonus:player-bonus-codes#{playerId}
export const bonusCodeUpdatedEventSchema = event('player.bonus.code.updated', { playerBonusCode: bonusCodeSchema });

// bonus:player-bonuses#{playerId}
export const playerBonusCreatedEventSchema = event('player.bonus.created', { playerBonus: playerBonusSchema });
export const playerBonusUpdatedEventSchema = event('player.bonus.updated', { playerBonus: playerBonusSchema });

// bonus:player-freespins#{playerId} (note the key spelling `playerFreespin`)
export const playerFreespinCreatedEventSchema = event('player.freespin.created', {
  playerFreespin: playerFreespinSchema,
});
export const playerFreespinUpdatedEventSchema = event('player.freespin.updated', {
  playerFreespin: playerFreespinSchema,
});

// retention:quests#{playerId}
export const questUpdatedEventSchema = event('quest.updated', { quest: questSchema });
export const questTaskUpdatedEventSchema = event('quest.task.updated', { task: questTaskUpdateSchema });

// retention:accounts#{playerId}
export const loyaltyLevelUpdatedEventSchema = event('account.level.updated', { playerAccount: loyaltyAccountSchema });
export const loyaltyBalanceUpdatedEventSchema = event('account.balance.updated', {
  playerAccount: loyaltyAccountSchema,
});

// retention:wheels#{playerId}
export const wheelSpinIssuedEventSchema = event('wheel.spin.issued', {
  playerId: z.string(),
  wheel: z.object({ id: z.string(), identity: z.string(), title: z.string() }),
  /** Spins issued; the client ignores 0. */
  amount: z.number().int(),
});

// messenger:notifications#{playerId}
export const messageReceivedEventSchema = event('message.received', { message: messengerMessageSchema });

// game:bets#{playerId}
export const betRestrictedEventSchema = event('game.bet.restricted', {
  gameId: z.string(),
  gameIdentity: z.string(),
  playerBonus: playerBonusSchema,
});
export const betMaxExceededEventSchema = event('game.bet.max.exceed', {
  gameIdentity: z.string(),
  /** `currency` and `maxBetAmount` are shown as the maximum bet. */
  playerBonus: playerBonusSchema,
});

/** A Croupier addition: one of the player's sportsbook tickets was placed, settled, resettled or cashed out. */
export const sportsbookTicketUpdatedEventSchema = event('sportsbook.ticket.updated', {
  ticketId: z.string(),
  status: z.enum(['open', 'won', 'lost', 'void', 'cashed_out']),
});

// player:documents#{playerId} — a Croupier addition: the operator approved or rejected a document.
export const documentUpdatedEventSchema = event('player.document.updated', { document: documentFileSchema });

// player:verification#{playerId} — a Croupier addition: the provider reviewed the player's identity.
export const verificationUpdatedEventSchema = event('player.verification.updated', {
  verification: verificationStatusUpdateSchema,
});

// tournaments
export const tournamentCompletedEventSchema = event('tournament.completed', {
  tournament: z.object({
    id: z.string(),
    title: z.string(),
    identity: z.string(),
    /** 4 or 5: finished. */
    state: z.number().int(),
    endAt: z.string(),
    prizes: z.array(tournamentPrizeSchema),
  }),
});

// tournaments:{tournamentId}
export const tournamentLeaderboardUpdatedEventSchema = event('tournament.leaderboard.updated', {
  tournamentId: z.string(),
  leaderboard: z.array(tournamentParticipantSchema),
});

// tournaments:{tournamentId}#{playerId}
export const tournamentPlayerEntryUpdatedEventSchema = event('tournament.player-entry.updated', {
  entry: z.object({ tournamentId: z.string(), playerId: z.string(), points: z.number(), place: z.number().int() }),
});

// game:winners:{platform}:{countryCode}
export const gameWinnerEventSchema = event('game.winner', { winner: winnerSchema });

// activity-board:boards#{boardId}
export const activityBoardUpdatedEventSchema = event('activity-board.updated', { bet: activityBoardBetSchema });

// global:online — a Croupier addition: the reference client subscribes but handles no event.
/** Number of signed-in players connected, published when it changes. */
export const onlineUpdatedEventSchema = event('online.updated', { count: z.number().int().min(0) });

// sportsbook:events — one per changed event per ingested batch (docs/sportsbook.md).
export const sportsbookEventUpdatedEventSchema = event('sportsbook.event.updated', {
  sportsbookEvent: sportsbookEventSummarySchema,
});
// sportsbook:events and sportsbook:events:{eventId}: the event left the catalogue.
export const sportsbookEventRemovedEventSchema = event('sportsbook.event.removed', { eventId: z.string() });
// sportsbook:events:{eventId} — the whole event with its open and suspended markets.
export const sportsbookEventMarketsUpdatedEventSchema = event('sportsbook.event.markets.updated', {
  sportsbookEvent: sportsbookEventDetailSchema,
});

/** Event unions per channel family. */
export const channelEventSchemas = {
  'wallet:accounts': z.discriminatedUnion('event', [walletBalanceUpdatedEventSchema]),
  'payment:invoices': z.discriminatedUnion('event', [
    invoiceDepositUpdatedEventSchema,
    invoiceWithdrawalUpdatedEventSchema,
    invoiceWithdrawalCreatedEventSchema,
  ]),
  'bonus:player-bonus-codes': z.discriminatedUnion('event', [bonusCodeUpdatedEventSchema]),
  'bonus:player-bonuses': z.discriminatedUnion('event', [playerBonusCreatedEventSchema, playerBonusUpdatedEventSchema]),
  'bonus:player-freespins': z.discriminatedUnion('event', [
    playerFreespinCreatedEventSchema,
    playerFreespinUpdatedEventSchema,
  ]),
  'retention:quests': z.discriminatedUnion('event', [questUpdatedEventSchema, questTaskUpdatedEventSchema]),
  'retention:accounts': z.discriminatedUnion('event', [
    loyaltyLevelUpdatedEventSchema,
    loyaltyBalanceUpdatedEventSchema,
  ]),
  'retention:wheels': z.discriminatedUnion('event', [wheelSpinIssuedEventSchema]),
  'messenger:notifications': z.discriminatedUnion('event', [messageReceivedEventSchema]),
  'game:bets': z.discriminatedUnion('event', [
    betRestrictedEventSchema,
    betMaxExceededEventSchema,
    sportsbookTicketUpdatedEventSchema,
  ]),
  'player:documents': z.discriminatedUnion('event', [documentUpdatedEventSchema]),
  'player:verification': z.discriminatedUnion('event', [verificationUpdatedEventSchema]),
  tournaments: z.discriminatedUnion('event', [tournamentCompletedEventSchema]),
  tournament: z.discriminatedUnion('event', [tournamentLeaderboardUpdatedEventSchema]),
  tournamentPlayer: z.discriminatedUnion('event', [tournamentPlayerEntryUpdatedEventSchema]),
  gameWinners: z.discriminatedUnion('event', [gameWinnerEventSchema]),
  activityBoard: z.discriminatedUnion('event', [activityBoardUpdatedEventSchema]),
  globalOnline: z.discriminatedUnion('event', [onlineUpdatedEventSchema]),
  sportsbookEvents: z.discriminatedUnion('event', [
    sportsbookEventUpdatedEventSchema,
    sportsbookEventRemovedEventSchema,
  ]),
  sportsbookEvent: z.discriminatedUnion('event', [
    sportsbookEventMarketsUpdatedEventSchema,
    sportsbookEventRemovedEventSchema,
  ]),
} satisfies Record<PlayerChannelNamespace, z.ZodType> & Record<string, z.ZodType>;

type Events<K extends keyof typeof channelEventSchemas> = z.infer<(typeof channelEventSchemas)[K]>;

/**
 * `account.balance.updated` is published on two channels with two shapes: the wallet's
 * (`account`) and the loyalty account's (`playerAccount`). The union of all events needs
 * one member per name, so it takes either, exactly one of the two.
 */
const accountBalanceUpdatedEventSchema = event('account.balance.updated', {
  account: walletAccountSchema.optional(),
  playerAccount: loyaltyAccountSchema.optional(),
}).refine((value) => (value.account === undefined) !== (value.playerAccount === undefined), {
  message: 'exactly one of account (wallet) and playerAccount (loyalty)',
});

/** Any realtime event, discriminated on `event`. Prefer the channel's own schema (`channelEventSchema`). */
export const realtimeEventSchema = z.discriminatedUnion('event', [
  accountBalanceUpdatedEventSchema,
  invoiceDepositUpdatedEventSchema,
  invoiceWithdrawalUpdatedEventSchema,
  invoiceWithdrawalCreatedEventSchema,
  bonusCodeUpdatedEventSchema,
  playerBonusCreatedEventSchema,
  playerBonusUpdatedEventSchema,
  playerFreespinCreatedEventSchema,
  playerFreespinUpdatedEventSchema,
  questUpdatedEventSchema,
  questTaskUpdatedEventSchema,
  loyaltyLevelUpdatedEventSchema,
  wheelSpinIssuedEventSchema,
  messageReceivedEventSchema,
  betRestrictedEventSchema,
  betMaxExceededEventSchema,
  sportsbookTicketUpdatedEventSchema,
  documentUpdatedEventSchema,
  verificationUpdatedEventSchema,
  tournamentCompletedEventSchema,
  tournamentLeaderboardUpdatedEventSchema,
  tournamentPlayerEntryUpdatedEventSchema,
  gameWinnerEventSchema,
  activityBoardUpdatedEventSchema,
  onlineUpdatedEventSchema,
  sportsbookEventUpdatedEventSchema,
  sportsbookEventRemovedEventSchema,
  sportsbookEventMarketsUpdatedEventSchema,
]);
export type RealtimeEvent = z.infer<typeof realtimeEventSchema>;
export type RealtimeEventName = RealtimeEvent['event'];

/** The events a channel may carry, by its name (use the `channels` builders to get a typed name). */
export type ChannelEvent<C extends string> = C extends `${infer N extends PlayerChannelNamespace}#${string}`
  ? Events<N>
  : C extends 'tournaments'
    ? Events<'tournaments'>
    : C extends `tournaments:${string}#${string}`
      ? Events<'tournamentPlayer'>
      : C extends `tournaments:${string}`
        ? Events<'tournament'>
        : C extends `game:winners:${WinnersPlatform}:${string}`
          ? Events<'gameWinners'>
          : C extends `activity-board:boards#${string}`
            ? Events<'activityBoard'>
            : C extends 'global:online'
              ? Events<'globalOnline'>
              : C extends 'sportsbook:events'
                ? Events<'sportsbookEvents'>
                : C extends `sportsbook:events:${string}`
                  ? Events<'sportsbookEvent'>
                  : never;

const playerNamespaces: ReadonlySet<string> = new Set(PLAYER_CHANNEL_NAMESPACES);

/** The schema of the events a channel carries, or null for an unknown channel. */
export function channelEventSchema(channel: string): z.ZodType | null {
  if (!channelAccess(channel)) return null;
  const hash = channel.indexOf('#');
  const head = hash === -1 ? channel : channel.slice(0, hash);
  if (playerNamespaces.has(head)) return channelEventSchemas[head as PlayerChannelNamespace];
  if (channel === 'tournaments') return channelEventSchemas.tournaments;
  if (channel === 'global:online') return channelEventSchemas.globalOnline;
  if (channel === 'sportsbook:events') return channelEventSchemas.sportsbookEvents;
  if (channel.startsWith('sportsbook:events:')) return channelEventSchemas.sportsbookEvent;
  if (head.startsWith('tournaments:'))
    return hash === -1 ? channelEventSchemas.tournament : channelEventSchemas.tournamentPlayer;
  if (head.startsWith('game:winners:')) return channelEventSchemas.gameWinners;
  if (head === 'activity-board:boards') return channelEventSchemas.activityBoard;
  return null;
}

/**
 * Checks a publication's data against its channel: the event, or the problems found (an
 * unknown channel, an event that channel does not carry, a malformed payload).
 */
export function parseChannelEvent<C extends string>(
  channel: C,
  data: unknown,
): { success: true; event: ChannelEvent<C> } | { success: false; error: string } {
  const schema = channelEventSchema(channel);
  if (!schema) return { success: false, error: `unknown channel ${JSON.stringify(channel)}` };
  const result = schema.safeParse(data);
  if (!result.success) return { success: false, error: z.prettifyError(result.error) };
  return { success: true, event: result.data as ChannelEvent<C> };
}
