/**
 * Public channels a rendered widget wants (the winners feed), kept apart
 * from the player's channels: any visitor subscribes to them, and they stay subscribed
 * across sign-in and sign-out. A widget `watch`es a channel and gets its events, already
 * checked against the channel's schema by the reactions; the connection follows the list.
 * Light on purpose (no contract code): the home page imports it.
 */
type Listener = (event: unknown) => void;

const watchers = new Map<string, Set<Listener>>();
const changes = new Set<() => void>();

const notifyChanged = () => changes.forEach((listener) => listener());

export const publicChannels = {
  /** Starts receiving a channel's events; the returned function stops. */
  watch(channel: string, listener: Listener): () => void {
    let set = watchers.get(channel);
    const added = !set;
    if (!set) {
      set = new Set();
      watchers.set(channel, set);
    }
    set.add(listener);
    if (added) notifyChanged();
    return () => {
      const current = watchers.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      watchers.delete(channel);
      notifyChanged();
    };
  },
  /** The channels watched now. */
  channels: (): string[] => [...watchers.keys()],
  /** Hands a checked event to the channel's watchers. */
  emit(channel: string, event: unknown): void {
    watchers.get(channel)?.forEach((listener) => listener(event));
  },
  /** Called when the list of channels changes. */
  onChange(listener: () => void): () => void {
    changes.add(listener);
    return () => changes.delete(listener);
  },
};
