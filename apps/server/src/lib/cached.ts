/**
 * A value loaded on demand and kept for `ttlMs` in this process (reference data that
 * changes rarely). Concurrent callers share one load; a failed load is not kept.
 */
export function cached<T>(load: () => Promise<T>, ttlMs: number) {
  let entry: { value: Promise<T>; expiresAt: number } | undefined;
  return {
    get(): Promise<T> {
      const now = Date.now();
      if (!entry || entry.expiresAt <= now) {
        const value = load();
        const current = { value, expiresAt: now + ttlMs };
        entry = current;
        value.catch(() => {
          if (entry === current) entry = undefined;
        });
      }
      return entry.value;
    },
    clear(): void {
      entry = undefined;
    },
  };
}
