import { profileEndpoints } from '@croupier/contract';
import type { QueryClient } from '@tanstack/react-query';
import { Centrifuge } from 'centrifuge';
import { call } from '../../lib/api';
import { decodeTokenClaims, session } from '../auth';
import { channelsForPlayer, realtimeUrl, type ChannelFeatures } from './channels';
import { createRealtimeController, type RealtimeClient, type RealtimeController } from './connection';
import { onlineCount } from './online';
import { publicChannels } from './public-channels';
import type { handlePublication, RealtimeSink } from './reactions';

/**
 * The heavy half of the realtime feature, loaded after the first paint by RealtimeEffects:
 * the `centrifuge` client and the connection. The event schemas and reactions (zod and
 * the contract's schemas) are another chunk, loaded when a player signs in: a guest's
 * connection subscribes nothing, so a guest never downloads them unless a widget on the
 * page watches a public channel (the winners feed).
 */

let reactions: Promise<{ handlePublication: typeof handlePublication }> | undefined;
const loadReactions = () => (reactions ??= import('./reactions'));

/** What the rendered app lends the connection: always the newest, through `current()`. */
export type RealtimeUi = Pick<RealtimeSink, 'alert' | 'openModal' | 'currentGame'> & {
  features: () => ChannelFeatures;
};

/** The `centrifuge` client behind the controller's interface. */
function centrifugeClient(options: { token: string; getToken: () => Promise<string> }): RealtimeClient {
  const centrifuge = new Centrifuge(realtimeUrl(window.location), {
    token: options.token,
    getToken: options.getToken,
    // Reconnects spread out (the default backoff, capped lower than its 20 s).
    maxReconnectDelay: 10_000,
  });
  return {
    connect: () => centrifuge.connect(),
    disconnect: () => centrifuge.disconnect(),
    setToken: (token) => centrifuge.setToken(token),
    newSubscription(channel) {
      const subscription = centrifuge.getSubscription(channel) ?? centrifuge.newSubscription(channel);
      return {
        channel,
        subscribe: () => subscription.subscribe(),
        onPublication: (listener) => subscription.on('publication', (context) => listener(context.data)),
        onSubscribed: (listener) => subscription.on('subscribed', (context) => listener(context.data)),
      };
    },
    removeSubscription: (handle) => centrifuge.removeSubscription(centrifuge.getSubscription(handle.channel)),
    onDisconnected: (listener) =>
      centrifuge.on('disconnected', (context) => listener({ code: context.code, reason: context.reason })),
  };
}

function debouncer(): RealtimeSink['debounce'] {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  return (key, delayMs, task) => {
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        task();
      }, delayMs),
    );
  };
}

export function startRealtime(options: { queryClient: QueryClient; ui: () => RealtimeUi }): RealtimeController {
  const { queryClient, ui } = options;
  const sink: RealtimeSink = {
    queryClient,
    alert: (alert) => ui().alert(alert),
    openModal: (name, props) => ui().openModal(name, props),
    currentGame: () => ui().currentGame(),
    playerId: () => controller.playerId(),
    debounce: debouncer(),
  };

  const controller = createRealtimeController({
    createClient: centrifugeClient,
    session,
    playerIdOf: (token) => {
      const sub = decodeTokenClaims(token)?.sub;
      return typeof sub === 'string' && sub !== '' ? sub : undefined;
    },
    channelsFor: (playerId) => {
      // Signing in: fetch the reactions while the connection is being made.
      void loadReactions().catch(() => undefined);
      return channelsForPlayer(playerId, ui().features());
    },
    onPublication(channel, data) {
      // One promise for all: publications are handled in the order they arrived.
      loadReactions()
        .then(({ handlePublication }) => {
          if (
            !handlePublication(channel, data, sink, onlineCount.set, (name, event) =>
              publicChannels.emit(name, event),
            ) &&
            import.meta.env.DEV
          ) {
            console.warn('realtime: publication ignored', channel, data);
          }
        })
        .catch((error: unknown) => {
          reactions = undefined;
          console.error('realtime: could not handle a publication', error);
        });
    },
    onReset: () => onlineCount.set(undefined),
    checkSession: () => {
      // A 401/403 signs the tab out through the API bridge; other failures keep the session.
      call(profileEndpoints.getProfile).catch(() => undefined);
    },
  });
  controller.start();
  // Widgets' public channels (winners feed); their events need the reactions chunk too.
  const syncPublic = () => {
    const list = publicChannels.channels();
    if (list.length > 0) void loadReactions().catch(() => undefined);
    controller.setPublicChannels(list);
  };
  publicChannels.onChange(syncPublic);
  syncPublic();
  return controller;
}
