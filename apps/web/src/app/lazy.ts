import type { ComponentType } from 'react';

const RELOAD_FLAG = 'chunk-reload-at';

/**
 * Loads a route module. If a chunk fails to load (usually a deploy replaced the hashed
 * files), the page reloads once to pick up the new build; a second failure is shown.
 */
export function lazyPage<T extends Record<string, unknown>>(load: () => Promise<T>, exportName: keyof T) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      const module = await load();
      sessionStorage.removeItem(RELOAD_FLAG);
      return { Component: module[exportName] as ComponentType };
    } catch (error) {
      const last = Number(sessionStorage.getItem(RELOAD_FLAG) ?? 0);
      if (isChunkLoadError(error) && Date.now() - last > 10_000) {
        sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
        window.location.reload();
        return new Promise<never>(() => {});
      }
      throw error;
    }
  };
}

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    message,
  );
}
