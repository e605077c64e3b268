/**
 * Browser visitor id ("fingerprint"), sent with sign-in and sign-up for fraud
 * checks.
 *
 * Library: @fingerprintjs/fingerprintjs 3.4.2, pinned exactly. It is the last release under
 * the MIT licence (checked in node_modules/@fingerprintjs/fingerprintjs: package.json
 * `"license": "MIT"`, LICENSE is the MIT text); v4 and later are under the Business Source
 * License. Do not upgrade past 3.x.
 *
 * No data leaves the browser: the v3 open-source agent computes the id locally. Its only
 * network call is an installation-statistics request (`monitor()` in load(): an XHR to
 * m1.openfpcdn.io for 0.1 % of loads), which
 * `load({ monitoring: false })` switches off. The library's iframe uses srcdoc/about:blank
 * and sets styles through CSSOM, so it works under the strict CSP.
 *
 * The library (~14 KB gzipped) is loaded with a dynamic import once the page is idle, so
 * it is not part of any page's initial JavaScript.
 */

export const VISITOR_ID_KEY = 'visitorId';

type VisitorStorage = Pick<Storage, 'getItem' | 'setItem'>;

export interface VisitorIdDependencies {
  /** Where the id is kept between visits (`localStorage`); undefined when unavailable. */
  storage: () => VisitorStorage | undefined;
  /** Computes a fresh id. */
  compute: () => Promise<string>;
  /** Resolves when the page has loaded and is idle. */
  whenIdle: () => Promise<void>;
}

export interface VisitorIdSource {
  /** The stored id, or computes (once, shared by concurrent callers), stores and returns it. */
  getVisitorId: () => Promise<string>;
  /** The stored id without computing anything (for synchronous request building). */
  readStoredVisitorId: () => string | undefined;
  /** Computes the id in the background once the page is idle; errors are swallowed. */
  scheduleVisitorId: () => void;
}

export function createVisitorIdSource(deps: VisitorIdDependencies): VisitorIdSource {
  let pending: Promise<string> | undefined;

  const readStoredVisitorId = (): string | undefined => {
    try {
      return deps.storage()?.getItem(VISITOR_ID_KEY) || undefined;
    } catch {
      return undefined; // storage blocked by privacy settings
    }
  };

  const getVisitorId = (): Promise<string> => {
    const stored = readStoredVisitorId();
    if (stored) return Promise.resolve(stored);
    pending ??= deps.compute().then(
      (id) => {
        try {
          deps.storage()?.setItem(VISITOR_ID_KEY, id);
        } catch {
          // Not persisted: the id is recomputed next visit (it is stable for the browser).
        }
        return id;
      },
      (error: unknown) => {
        pending = undefined; // a later call may try again
        throw error;
      },
    );
    return pending;
  };

  const scheduleVisitorId = (): void => {
    deps
      .whenIdle()
      .then(getVisitorId)
      .catch((error: unknown) => console.warn('Visitor id unavailable', error));
  };

  return { getVisitorId, readStoredVisitorId, scheduleVisitorId };
}

/** Computes the id with FingerprintJS, loading the library on first use. */
export async function computeWithFingerprintJs(): Promise<string> {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  const agent = await load({ monitoring: false });
  const { visitorId } = await agent.get();
  return visitorId;
}

/**
 * After the window's load event, then the next idle period (at most `timeoutMs` later);
 * browsers without requestIdleCallback (Safari) wait `timeoutMs` instead.
 */
export function whenPageIdle(timeoutMs = 2000): Promise<void> {
  const loaded = new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        if (typeof window.requestIdleCallback === 'function') {
          window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
        } else {
          setTimeout(resolve, timeoutMs);
        }
      }),
  );
}

const browserSource = createVisitorIdSource({
  storage: () => {
    try {
      return typeof localStorage === 'undefined' ? undefined : localStorage;
    } catch {
      return undefined;
    }
  },
  compute: computeWithFingerprintJs,
  whenIdle: () => whenPageIdle(),
});

export const { getVisitorId, readStoredVisitorId, scheduleVisitorId } = browserSource;
