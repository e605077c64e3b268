import { afterEach, describe, expect, it, vi } from 'vitest';
import { cached } from './cached';

afterEach(() => {
  vi.useRealTimers();
});

describe('cached', () => {
  it('shares one load between callers until the time to live runs out', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const value = cached(async () => ++loads, 1000);
    expect(await Promise.all([value.get(), value.get()])).toEqual([1, 1]);
    vi.advanceTimersByTime(999);
    expect(await value.get()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(await value.get()).toBe(2);
    value.clear();
    expect(await value.get()).toBe(3);
  });

  it('does not keep a failed load', async () => {
    let calls = 0;
    const value = cached(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database down');
      return 'ok';
    }, 60_000);
    await expect(value.get()).rejects.toThrow('database down');
    expect(await value.get()).toBe('ok');
  });

  it('peeks at the loaded value while it is fresh, without loading', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const value = cached(async () => (calls += 1), 1000);
    expect(value.peek()).toBeUndefined();
    expect(calls).toBe(0);
    const loading = value.get();
    expect(value.peek()).toBeUndefined(); // still loading
    await loading;
    expect(value.peek()).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(value.peek()).toBeUndefined();
    expect(calls).toBe(1);
    await value.get();
    value.clear();
    expect(value.peek()).toBeUndefined();
  });
});
