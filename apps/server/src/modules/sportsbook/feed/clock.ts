/**
 * The time source the simulated feed runs on: the real clock in the server, a manual one
 * in tests (which then play whole matches in milliseconds of CPU).
 */
export interface FeedClock {
  now(): number;
  /** Calls `callback` every `intervalMs`; returns the cancel. */
  every(intervalMs: number, callback: () => void): () => void;
}

export const systemClock: FeedClock = {
  now: () => Date.now(),
  every(intervalMs, callback) {
    const timer = setInterval(callback, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  },
};

export interface ManualClock extends FeedClock {
  /** Moves time on by `ms`, running every timer that falls due, in time order. */
  advance(ms: number): void;
}

export function createManualClock(startMs: number): ManualClock {
  let nowMs = startMs;
  let nextId = 0;
  const timers = new Map<number, { intervalMs: number; dueMs: number; callback: () => void }>();
  return {
    now: () => nowMs,
    every(intervalMs, callback) {
      if (!(intervalMs > 0)) throw new RangeError('interval must be positive');
      const id = nextId++;
      timers.set(id, { intervalMs, dueMs: nowMs + intervalMs, callback });
      return () => timers.delete(id);
    },
    advance(ms) {
      const endMs = nowMs + ms;
      for (;;) {
        let next: { id: number; dueMs: number } | null = null;
        for (const [id, timer] of timers) {
          if (timer.dueMs <= endMs && (!next || timer.dueMs < next.dueMs)) next = { id, dueMs: timer.dueMs };
        }
        if (!next) break;
        const timer = timers.get(next.id)!;
        nowMs = timer.dueMs;
        timer.dueMs += timer.intervalMs;
        timer.callback();
      }
      nowMs = endMs;
    },
  };
}

/** mulberry32: small, fast and seedable, so a seed replays the same feed. */
export function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
