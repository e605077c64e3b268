import { channels, REALTIME_PATH } from '@croupier/contract';

/** `ws(s)://{host}/api/connection/websocket`: the page's own host, the scheme following the page's. */
export function realtimeUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${REALTIME_PATH}`;
}

export interface ChannelFeatures {
  /** The loyalty programme is on (init feature flag): its account channel is subscribed. */
  loyalty: boolean;
}

/**
 * What a signed-in tab subscribes (docs/api.md, Realtime): the player's
 * own channels, then `tournaments` and `global:online`. A guest subscribes to nothing.
 */
export function channelsForPlayer(playerId: string, features: ChannelFeatures): string[] {
  return [
    channels.walletAccounts(playerId),
    channels.paymentInvoices(playerId),
    channels.playerBonuses(playerId),
    channels.playerFreespins(playerId),
    channels.bonusCodes(playerId),
    channels.quests(playerId),
    channels.wheels(playerId),
    ...(features.loyalty ? [channels.loyaltyAccounts(playerId)] : []),
    channels.notifications(playerId),
    channels.bets(playerId),
    channels.documents(playerId),
    channels.verification(playerId),
    channels.tournaments,
    channels.globalOnline,
  ];
}
