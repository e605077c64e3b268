/**
 * Work that runs after the response: what must not change how long an answer takes
 * (a reset e-mail only for addresses that have an account). A failure is logged; the
 * server waits for pending work when it closes, and tests wait with `settled()`.
 */
export function createBackgroundTasks(log: { error(details: object, message: string): void }) {
  const pending = new Set<Promise<void>>();
  return {
    run(label: string, task: () => Promise<void>): void {
      // Started on the next turn of the event loop: after the caller's response is on its way.
      const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${label} failed`))
        .finally(() => pending.delete(running));
      pending.add(running);
    },
    /** Resolves when nothing is pending, including work started meanwhile. */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
