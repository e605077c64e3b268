import { describe, expect, it, vi } from 'vitest';
import { createVisitorIdSource, VISITOR_ID_KEY } from './fingerprint';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('visitor id', () => {
  it('returns the stored id without loading the library', async () => {
    const storage = memoryStorage({ [VISITOR_ID_KEY]: 'stored-id' });
    const compute = vi.fn(() => Promise.resolve('fresh'));
    const source = createVisitorIdSource({ storage: () => storage, compute, whenIdle: () => Promise.resolve() });
    await expect(source.getVisitorId()).resolves.toBe('stored-id');
    expect(source.readStoredVisitorId()).toBe('stored-id');
    expect(compute).not.toHaveBeenCalled();
  });

  it('computes once for concurrent callers and stores the id', async () => {
    const storage = memoryStorage();
    const compute = vi.fn(() => Promise.resolve('abc123'));
    const source = createVisitorIdSource({ storage: () => storage, compute, whenIdle: () => Promise.resolve() });
    expect(source.readStoredVisitorId()).toBeUndefined();
    await expect(Promise.all([source.getVisitorId(), source.getVisitorId()])).resolves.toEqual(['abc123', 'abc123']);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(storage.map.get(VISITOR_ID_KEY)).toBe('abc123');
  });

  it('retries after a failure and works without storage', async () => {
    const compute = vi.fn().mockRejectedValueOnce(new Error('blocked')).mockResolvedValueOnce('later');
    const source = createVisitorIdSource({
      storage: () => {
        throw new Error('SecurityError');
      },
      compute,
      whenIdle: () => Promise.resolve(),
    });
    await expect(source.getVisitorId()).rejects.toThrow('blocked');
    await expect(source.getVisitorId()).resolves.toBe('later');
  });

  it('schedules the computation for when the page is idle', async () => {
    const storage = memoryStorage();
    let idle!: () => void;
    const compute = vi.fn(() => Promise.resolve('idle-id'));
    const source = createVisitorIdSource({
      storage: () => storage,
      compute,
      whenIdle: () => new Promise<void>((resolve) => (idle = resolve)),
    });
    source.scheduleVisitorId();
    await Promise.resolve();
    expect(compute).not.toHaveBeenCalled();
    idle();
    await vi.waitFor(() => expect(storage.map.get(VISITOR_ID_KEY)).toBe('idle-id'));
  });
});
