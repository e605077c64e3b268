import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastQueue } from './toast-queue';

describe('toast queue', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const phases = (queue: ReturnType<typeof createToastQueue>) =>
    queue.getSnapshot().visible.map((toast) => `${toast.title}:${toast.phase}`);

  it('shows two notifications sent within 100 ms at least 400 ms apart', () => {
    const shownAt: number[] = [];
    const queue = createToastQueue({ onShow: (time) => shownAt.push(time) });
    queue.notify({ type: 'info', title: 'first' });
    vi.advanceTimersByTime(100);
    queue.notify({ type: 'success', title: 'second' });
    expect(phases(queue)).toEqual(['first:entering']);
    expect(queue.getSnapshot().queued).toBe(1);
    vi.advanceTimersByTime(299);
    expect(phases(queue)).toEqual(['first:shown']);
    vi.advanceTimersByTime(1);
    expect(phases(queue)).toEqual(['first:shown', 'second:entering']);
    expect(shownAt).toHaveLength(2);
    expect((shownAt[1] ?? 0) - (shownAt[0] ?? 0)).toBeGreaterThanOrEqual(400);
  });

  it('spaces a burst of notifications 400 ms apart', () => {
    const shownAt: number[] = [];
    const queue = createToastQueue({ onShow: (time) => shownAt.push(time) });
    for (let index = 0; index < 4; index += 1) queue.notify({ type: 'info', title: String(index) });
    vi.advanceTimersByTime(2000);
    expect(shownAt.map((time) => time - (shownAt[0] ?? 0))).toEqual([0, 400, 800, 1200]);
  });

  it('shows a notification at once when the last one was long ago', () => {
    const queue = createToastQueue();
    queue.notify({ type: 'info', title: 'a' });
    vi.advanceTimersByTime(5000);
    queue.notify({ type: 'info', title: 'b' });
    expect(phases(queue)).toEqual(['b:entering']);
  });

  it('animates in for 300 ms, stays 3000 ms by default, animates out for 300 ms', () => {
    const queue = createToastQueue();
    queue.notify({ type: 'warning', title: 'a' });
    expect(queue.getSnapshot().visible[0]?.durationMs).toBe(3000);
    vi.advanceTimersByTime(300);
    expect(phases(queue)).toEqual(['a:shown']);
    vi.advanceTimersByTime(2999);
    expect(phases(queue)).toEqual(['a:shown']);
    vi.advanceTimersByTime(1);
    expect(phases(queue)).toEqual(['a:leaving']);
    vi.advanceTimersByTime(300);
    expect(phases(queue)).toEqual([]);
  });

  it('honours a custom duration, and 0 keeps it until dismissed', () => {
    const queue = createToastQueue();
    queue.notify({ type: 'info', title: 'short', durationMs: 1000 });
    queue.notify({ type: 'error', title: 'sticky', durationMs: 0 });
    vi.advanceTimersByTime(300 + 1000 + 300);
    expect(phases(queue)).toEqual(['sticky:shown']);
    vi.advanceTimersByTime(60_000);
    expect(phases(queue)).toEqual(['sticky:shown']);
    const id = queue.getSnapshot().visible[0]?.id ?? 0;
    queue.dismiss(id);
    expect(phases(queue)).toEqual(['sticky:leaving']);
    vi.advanceTimersByTime(300);
    expect(phases(queue)).toEqual([]);
  });

  it('pauses the countdown while hovered and resumes with the time left', () => {
    const queue = createToastQueue();
    const id = queue.notify({ type: 'info', title: 'a' });
    vi.advanceTimersByTime(300 + 1000);
    queue.pause(id);
    expect(queue.getSnapshot().visible[0]?.paused).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(phases(queue)).toEqual(['a:shown']);
    queue.resume(id);
    vi.advanceTimersByTime(1999);
    expect(phases(queue)).toEqual(['a:shown']);
    vi.advanceTimersByTime(1);
    expect(phases(queue)).toEqual(['a:leaving']);
  });

  it('keeps a notification hovered while it animates in until the pointer leaves', () => {
    const queue = createToastQueue();
    const id = queue.notify({ type: 'info', title: 'a' });
    vi.advanceTimersByTime(100);
    queue.pause(id);
    vi.advanceTimersByTime(10_000);
    expect(phases(queue)).toEqual(['a:shown']);
    queue.resume(id);
    vi.advanceTimersByTime(3000);
    expect(phases(queue)).toEqual(['a:leaving']);
  });

  it('dismisses a queued notification before it shows', () => {
    const queue = createToastQueue();
    queue.notify({ type: 'info', title: 'a' });
    const second = queue.notify({ type: 'info', title: 'b' });
    queue.dismiss(second);
    vi.advanceTimersByTime(1000);
    expect(phases(queue)).toEqual(['a:shown']);
    expect(queue.getSnapshot().queued).toBe(0);
  });

  it('waits for a free place when the maximum is shown', () => {
    const queue = createToastQueue({ maxVisible: 2, defaultDurationMs: 0 });
    const first = queue.notify({ type: 'info', title: 'a' });
    queue.notify({ type: 'info', title: 'b' });
    queue.notify({ type: 'info', title: 'c' });
    vi.advanceTimersByTime(5000);
    expect(phases(queue)).toEqual(['a:shown', 'b:shown']);
    queue.dismiss(first);
    vi.advanceTimersByTime(0);
    expect(phases(queue)).toEqual(['a:leaving', 'b:shown', 'c:entering']);
  });

  it('clear removes everything', () => {
    const queue = createToastQueue();
    queue.notify({ type: 'info', title: 'a' });
    queue.notify({ type: 'info', title: 'b' });
    queue.clear();
    vi.advanceTimersByTime(5000);
    expect(queue.getSnapshot()).toEqual({ visible: [], queued: 0 });
  });
});
