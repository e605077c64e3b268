/**
 * Installable web app: service worker registration and installed-app detection
 * (at app start, checked only when a session token exists).
 * The worker itself is public/sw.js (hand-written, routing rules in public/sw-routes.js).
 */

/** localStorage key remembering that this device has reported the installed app. */
export const PWA_REPORTED_KEY = 'pwaInstalledReported';

/**
 * Registers /sw.js in production builds once the page has loaded, so that the worker's
 * precache never competes with the first page's own requests. Development (Vite's
 * server) runs without a worker: a cache-first worker would fight hot reloading.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => {
    // updateViaCache 'none': the browser checks sw.js and sw-routes.js bypassing the HTTP cache.
    navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** What installed-app detection reads; `window` in the browser, a fake in tests. */
export interface DisplayEnvironment {
  matchMedia?: (query: string) => { matches: boolean };
  navigator?: { standalone?: boolean };
}

// Launched from the home screen or app list. `minimal-ui` is the fallback a browser uses
// when it lacks `standalone`; `window-controls-overlay` is a desktop install's title bar
// mode. A browser tab is `browser`, and F11 full screen is not counted as installed.
const INSTALLED_DISPLAY_MODES =
  '(display-mode: standalone), (display-mode: minimal-ui), (display-mode: window-controls-overlay)';

/** True when the site runs as an installed app (display mode, or iOS home-screen `navigator.standalone`). */
export function isInstalledApp(env: DisplayEnvironment | undefined = browserEnvironment()): boolean {
  if (!env) return false;
  try {
    if (env.matchMedia?.(INSTALLED_DISPLAY_MODES).matches) return true;
  } catch {
    // Very old engines throw on unknown media features: treat as not installed.
  }
  return env.navigator?.standalone === true;
}

function browserEnvironment(): DisplayEnvironment | undefined {
  if (typeof window === 'undefined') return undefined;
  return {
    matchMedia: (query) => window.matchMedia(query),
    navigator: window.navigator as Navigator & { standalone?: boolean },
  };
}

export interface ReportInstalledAppOptions {
  /** The session token; nothing is reported for guests. */
  token: string | undefined;
  /** Saves the flag on the player's profile (the profile API arrives with a later issue). */
  update: (patch: { pwaInstalled: true }) => Promise<unknown>;
  /** Defaults to `isInstalledApp()`. */
  installed?: boolean;
  /** Defaults to `localStorage`. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

// One report at a time: React StrictMode runs mount effects twice.
let inFlight: Promise<boolean> | undefined;

/**
 * When the app runs installed and a player is signed in, tells the server once per
 * device (remembered in localStorage after the update succeeded; a failure is retried at
 * the next start). Resolves true when it sent the update now. Never rejects.
 */
export function reportInstalledApp(options: ReportInstalledAppOptions): Promise<boolean> {
  inFlight ??= report(options).finally(() => {
    inFlight = undefined;
  });
  return inFlight;
}

async function report(options: ReportInstalledAppOptions): Promise<boolean> {
  if (!options.token) return false;
  if (!(options.installed ?? isInstalledApp())) return false;
  const storage = options.storage ?? defaultStorage();
  if (safeGet(storage, PWA_REPORTED_KEY) === '1') return false;
  try {
    await options.update({ pwaInstalled: true });
  } catch (error) {
    console.warn('Reporting the installed app failed', error);
    return false;
  }
  try {
    storage?.setItem(PWA_REPORTED_KEY, '1');
  } catch {
    // Storage full or blocked: the next start reports again, which is harmless.
  }
  return true;
}

function defaultStorage(): Pick<Storage, 'getItem' | 'setItem'> | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // access denied (privacy settings)
  }
}

function safeGet(storage: Pick<Storage, 'getItem'> | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
