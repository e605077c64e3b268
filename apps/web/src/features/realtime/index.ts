/**
 * Realtime: the app's one websocket connection to the gateway (Centrifuge protocol), its
 * subscriptions by session state, and what events do to the query cache and the screen.
 * The light part is here; the client and the reactions load after the first paint.
 */
export { RealtimeEffects } from './RealtimeEffects';
export { realtimeKeys } from '../../lib/query-keys';
export { useOnlineCount } from './online';
export { publicChannels } from './public-channels';
