import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newestPerChannel, publicNickname, WindowThrottle, winnerChannels } from './winners-feed';

describe('publicNickname', () => {
  it("shows the player's own nickname, trimmed", () => {
    expect(publicNickname('LuckyLuke', 'luke@example.com')).toBe('LuckyLuke');
    expect(publicNickname('  Ace ', null)).toBe('Ace');
  });

  it("hides a nickname that is the e-mail's local part (the registration default) or an address", () => {
    expect(publicNickname('luke', 'luke@example.com')).toBeNull();
    expect(publicNickname('LUKE', 'Luke@example.com')).toBeNull();
    expect(publicNickname('luke@example.com', 'other@example.com')).toBeNull();
    expect(publicNickname('someone@else.org', null)).toBeNull();
  });

  it('gives null without a nickname', () => {
    expect(publicNickname(null, 'luke@example.com')).toBeNull();
    expect(publicNickname('   ', null)).toBeNull();
  });
});

describe('winnerChannels', () => {
  const countries = ['AT', 'DE', 'UA'];

  it("goes to every platform the game is offered on and every country where it isn't restricted", () => {
    expect(winnerChannels({ platforms: [1, 2], restrictedCountries: ['DE'] }, countries)).toEqual([
      'game:winners:mobile:AT',
      'game:winners:mobile:UA',
      'game:winners:desktop:AT',
      'game:winners:desktop:UA',
    ]);
    expect(winnerChannels({ platforms: [2], restrictedCountries: [] }, countries)).toEqual([
      'game:winners:desktop:AT',
      'game:winners:desktop:DE',
      'game:winners:desktop:UA',
    ]);
  });

  it('goes nowhere for a game restricted everywhere', () => {
    expect(winnerChannels({ platforms: [1, 2], restrictedCountries: countries }, countries)).toEqual([]);
  });
});

describe('newestPerChannel', () => {
  it('gives each channel the newest winner meant for it', () => {
    const old = { createdAt: 1, name: 'old' };
    const mid = { createdAt: 2, name: 'mid' };
    const latest = { createdAt: 3, name: 'latest' };
    const chosen = newestPerChannel([
      { winner: old, channels: ['a', 'b', 'c'] },
      { winner: latest, channels: ['a'] },
      { winner: mid, channels: ['b'] },
    ]);
    expect(Object.fromEntries([...chosen].map(([channel, w]) => [channel, w.name]))).toEqual({
      a: 'latest',
      b: 'mid',
      c: 'old',
    });
  });
});

describe('WindowThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('flushes the first request at once and later ones together when the window ends', async () => {
    const flushedAt: number[] = [];
    const throttle = new WindowThrottle(3000, async () => {
      flushedAt.push(Date.now());
    });
    const start = Date.now();
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(flushedAt.map((at) => at - start)).toEqual([0]);

    await vi.advanceTimersByTimeAsync(1000);
    throttle.request();
    await vi.advanceTimersByTimeAsync(500);
    throttle.request();
    await vi.advanceTimersByTimeAsync(1400);
    expect(flushedAt).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(flushedAt.map((at) => at - start)).toEqual([0, 3000]);

    // Quiet for longer than a window: the next request flushes at once again.
    await vi.advanceTimersByTimeAsync(10_000);
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    expect(flushedAt.map((at) => at - start)).toEqual([0, 3000, 13_000]);
    throttle.stop();
  });

  it('never runs two flushes at a time, and a request during a flush waits for the window', async () => {
    let release: () => void = () => undefined;
    let running = 0;
    let maxRunning = 0;
    const flushedAt: number[] = [];
    const throttle = new WindowThrottle(3000, async () => {
      running += 1;
      maxRunning = Math.max(maxRunning, running);
      flushedAt.push(Date.now());
      await new Promise<void>((resolve) => (release = resolve));
      running -= 1;
    });
    const start = Date.now();
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    throttle.request();
    await vi.advanceTimersByTimeAsync(5000);
    expect(flushedAt).toHaveLength(1);
    release();
    await vi.advanceTimersByTimeAsync(0);
    // The window had passed while the first flush ran: the waiting request goes at once.
    expect(flushedAt.map((at) => at - start)).toEqual([0, 5000]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(maxRunning).toBe(1);
    throttle.stop();
  });

  it('does nothing once stopped', async () => {
    const flush = vi.fn(async () => undefined);
    const throttle = new WindowThrottle(3000, flush);
    throttle.request();
    throttle.stop();
    throttle.request();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(flush).not.toHaveBeenCalled();
  });
});
