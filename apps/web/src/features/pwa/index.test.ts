import { describe, expect, it, vi } from 'vitest';
import { isInstalledApp, PWA_REPORTED_KEY, reportInstalledApp } from './index';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('isInstalledApp', () => {
  it('reads the display mode and iOS navigator.standalone', () => {
    const media = (matching: string[]) => (query: string) => ({
      matches: matching.some((mode) => query.includes(`(display-mode: ${mode})`)),
    });
    expect(isInstalledApp({ matchMedia: media(['standalone']) })).toBe(true);
    expect(isInstalledApp({ matchMedia: media(['window-controls-overlay']) })).toBe(true);
    expect(isInstalledApp({ matchMedia: () => ({ matches: false }) })).toBe(false);
    expect(isInstalledApp({ matchMedia: () => ({ matches: false }), navigator: { standalone: true } })).toBe(true);
    expect(isInstalledApp({ navigator: {} })).toBe(false);
    expect(isInstalledApp(undefined)).toBe(false);
  });
});

describe('reportInstalledApp', () => {
  it('reports once per device when installed and signed in', async () => {
    const storage = memoryStorage();
    const update = vi.fn(() => Promise.resolve({}));
    const options = { token: 'jwt', update, installed: true, storage };
    await expect(reportInstalledApp(options)).resolves.toBe(true);
    await expect(reportInstalledApp(options)).resolves.toBe(false);
    expect(update).toHaveBeenCalledTimes(1);
    expect(update).toHaveBeenCalledWith({ pwaInstalled: true });
    expect(storage.map.get(PWA_REPORTED_KEY)).toBe('1');
  });

  it('sends one request for concurrent calls (StrictMode effects)', async () => {
    const update = vi.fn(() => Promise.resolve());
    const options = { token: 'jwt', update, installed: true, storage: memoryStorage() };
    await Promise.all([reportInstalledApp(options), reportInstalledApp(options)]);
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('does nothing for guests or in a browser tab', async () => {
    const update = vi.fn(() => Promise.resolve());
    await expect(
      reportInstalledApp({ token: undefined, update, installed: true, storage: memoryStorage() }),
    ).resolves.toBe(false);
    await expect(
      reportInstalledApp({ token: 'jwt', update, installed: false, storage: memoryStorage() }),
    ).resolves.toBe(false);
    expect(update).not.toHaveBeenCalled();
  });

  it('tries again at the next start when the update failed', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const storage = memoryStorage();
    const update = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({});
    const options = { token: 'jwt', update, installed: true, storage };
    await expect(reportInstalledApp(options)).resolves.toBe(false);
    expect(storage.map.has(PWA_REPORTED_KEY)).toBe(false);
    await expect(reportInstalledApp(options)).resolves.toBe(true);
    expect(update).toHaveBeenCalledTimes(2);
    vi.restoreAllMocks();
  });
});
