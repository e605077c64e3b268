/**
 * A value loaded on demand and kept for `ttlMs` in this process (reference data that
 * changes rarely). Concurrent callers share one load; a failed load is not kept.
 */
export function cached<T>(load: () => Promise<T>, ttlMs: number) {
  let entry: { value: Promise<T>; expiresAt: number; settled?: { value: T } } | undefined;
  return {
    get(): Promise<T> {
      const now = Date.now();
      if (!entry || entry.expiresAt <= now) {
        const value = load();
        const current: NonNullable<typeof entry> = { value, expiresAt: now + ttlMs };
        entry = current;
        value.then(
          (loaded) => {
            current.settled = { value: loaded };
          },
          () => {
            if (entry === current) entry = undefined;
          },
        );
      }
      return entry.value;
    },
    /** The value if it is loaded and still fresh, without waiting or loading (a hot path's check). */
    peek(): T | undefined {
      return entry && entry.expiresAt > Date.now() ? entry.settled?.value : undefined;
    },
    clear(): void {
      entry = undefined;
    },
  };
}
