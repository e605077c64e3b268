import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createModalController } from './controller';

const guest = { isLoggedIn: false, authBlocked: false };
const player = { isLoggedIn: true, authBlocked: false };

describe('modal controller', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const states = (controller: ReturnType<typeof createModalController>) =>
    controller.getSnapshot().stack.map((entry) => `${entry.name}:${entry.state}`);

  it('runs the lifecycle open → opened (250 ms) → closing → closed (250 ms)', () => {
    const controller = createModalController();
    const result = controller.open('success', guest);
    expect(result).toMatchObject({ opened: true, name: 'success' });
    expect(states(controller)).toEqual(['success:open']);
    vi.advanceTimersByTime(249);
    expect(states(controller)).toEqual(['success:open']);
    vi.advanceTimersByTime(1);
    expect(states(controller)).toEqual(['success:opened']);

    expect(controller.close('success')).toBe(true);
    expect(states(controller)).toEqual(['success:closing']);
    vi.advanceTimersByTime(249);
    expect(states(controller)).toEqual(['success:closing']);
    vi.advanceTimersByTime(1);
    expect(states(controller)).toEqual([]);
  });

  it('closes a modal still opening without it becoming opened', () => {
    const controller = createModalController();
    controller.open('success', guest);
    vi.advanceTimersByTime(100);
    controller.close();
    expect(states(controller)).toEqual(['success:closing']);
    vi.advanceTimersByTime(200);
    expect(states(controller)).toEqual(['success:closing']);
    vi.advanceTimersByTime(50);
    expect(states(controller)).toEqual([]);
  });

  it('notifies subscribers with a new snapshot on each change', () => {
    const controller = createModalController();
    const listener = vi.fn();
    controller.subscribe(listener);
    const before = controller.getSnapshot();
    controller.open('success', guest);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(controller.getSnapshot()).not.toBe(before);
    const after = controller.getSnapshot();
    controller.close('wallet'); // not open: nothing changes
    expect(controller.getSnapshot()).toBe(after);
  });

  it('stacks modals and closes the top one first', () => {
    const controller = createModalController();
    controller.open('wallet', player);
    controller.open('cancel-deposit', player);
    vi.advanceTimersByTime(250);
    expect(states(controller)).toEqual(['wallet:opened', 'cancel-deposit:opened']);
    controller.close();
    expect(states(controller)).toEqual(['wallet:opened', 'cancel-deposit:closing']);
    controller.close();
    expect(states(controller)).toEqual(['wallet:closing', 'cancel-deposit:closing']);
    vi.advanceTimersByTime(250);
    expect(states(controller)).toEqual([]);
  });

  it('passes props and updates them when the modal is asked for again', () => {
    const controller = createModalController();
    controller.open('wallet', player, { props: { tab: 'deposit' } });
    controller.open('wallet', player, { props: { tab: 'withdraw' } });
    const { stack } = controller.getSnapshot();
    expect(stack).toHaveLength(1);
    expect(stack[0]?.props).toEqual({ tab: 'withdraw' });
  });

  it('opens sign-in for a guest asking for a logged-in-only modal and keeps the request', () => {
    const controller = createModalController();
    const result = controller.open('wallet', guest, { props: { tab: 'withdraw' } });
    expect(result).toMatchObject({ opened: true, name: 'sign-in', pendingAfterSignIn: 'wallet' });
    expect(states(controller)).toEqual(['sign-in:open']);
    expect(controller.getSnapshot().stack[0]?.props).toEqual({});
    expect(controller.getSnapshot().pendingAfterSignIn).toEqual({ name: 'wallet', props: { tab: 'withdraw' } });
    expect(controller.takePendingAfterSignIn()).toEqual({ name: 'wallet', props: { tab: 'withdraw' } });
    expect(controller.getSnapshot().pendingAfterSignIn).toBeNull();
  });

  it('does not open a guest-only modal for a logged-in player', () => {
    const controller = createModalController();
    expect(controller.open('sign-up', player)).toEqual({ opened: false, name: 'sign-up' });
    expect(states(controller)).toEqual([]);
  });

  it('opens geo-restricted-type for sign-up from a blocked country', () => {
    const controller = createModalController();
    expect(controller.open('sign-up', { isLoggedIn: false, authBlocked: true })).toMatchObject({
      opened: true,
      name: 'geo-restricted-type',
    });
    expect(states(controller)).toEqual(['geo-restricted-type:open']);
  });

  it('asks the close guard unless forced', () => {
    const controller = createModalController();
    const { stack } = controller.getSnapshot();
    expect(stack).toEqual([]);
    const result = controller.open('wallet', player);
    if (!result.opened) throw new Error('wallet did not open');
    const guard = vi.fn(() => false);
    controller.setCloseGuard(result.id, guard);
    expect(controller.close('wallet')).toBe(false);
    expect(guard).toHaveBeenCalledTimes(1);
    expect(states(controller)).toEqual(['wallet:open']);
    expect(controller.close('wallet', { force: true })).toBe(true);
    expect(states(controller)).toEqual(['wallet:closing']);
  });

  it('closeAll closes every modal past their guards', () => {
    const controller = createModalController();
    const result = controller.open('wallet', player);
    if (result.opened) controller.setCloseGuard(result.id, () => false);
    controller.open('success', player);
    controller.closeAll();
    expect(states(controller)).toEqual(['wallet:closing', 'success:closing']);
  });

  it('closes the modals a new signed-in state may not see', () => {
    const controller = createModalController();
    controller.open('sign-in', guest);
    controller.open('success', guest);
    controller.closeDisallowed(true);
    expect(states(controller)).toEqual(['sign-in:closing', 'success:open']);
  });

  it('reports entries that start closing with their query keys', () => {
    const controller = createModalController();
    const closing = vi.fn();
    controller.onClosing(closing);
    controller.open('reset-pass', guest, { queryKeys: ['reset-pass', 'resetCode'] });
    controller.close();
    expect(closing).toHaveBeenCalledTimes(1);
    expect(closing.mock.calls[0]?.[0]).toMatchObject({ name: 'reset-pass', queryKeys: ['reset-pass', 'resetCode'] });
  });

  it('clears its timers on dispose', () => {
    const controller = createModalController();
    controller.open('success', guest);
    controller.dispose();
    vi.advanceTimersByTime(1000);
    expect(states(controller)).toEqual(['success:open']);
  });
});
