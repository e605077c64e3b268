import { channels } from '@croupier/contract';
import { describe, expect, it, vi } from 'vitest';
import { createLocalEventBus, encodeEvent, InvalidRealtimeEventError } from './bus';

const log = { warn: vi.fn(), error: vi.fn() };

describe('encodeEvent', () => {
  it('serialises a valid event, keeping fields beyond the schema', () => {
    const event = { event: 'online.updated', count: 4, extra: true };
    expect(encodeEvent(channels.globalOnline, event)).toEqual({
      channel: 'global:online',
      json: JSON.stringify(event),
    });
  });

  it('refuses unknown channels and events a channel does not carry', () => {
    expect(() => encodeEvent('nowhere', { event: 'online.updated', count: 1 })).toThrow(InvalidRealtimeEventError);
    expect(() => encodeEvent(channels.globalOnline, { event: 'online.updated', count: -1 })).toThrow(
      /invalid event for global:online/,
    );
    expect(() => encodeEvent(channels.tournaments, { event: 'online.updated', count: 1 })).toThrow(
      InvalidRealtimeEventError,
    );
  });
});

describe('createLocalEventBus', () => {
  it('delivers synchronously to every listener, and survives a failing one', async () => {
    const bus = createLocalEventBus(log);
    const received: [string, string][] = [];
    bus.subscribe(() => {
      throw new Error('broken listener');
    });
    const stop = bus.subscribe((channel, json) => received.push([channel, json]));
    const publishing = bus.publish(channels.globalOnline, { event: 'online.updated', count: 2 });
    expect(received).toEqual([['global:online', '{"event":"online.updated","count":2}']]);
    await publishing;
    expect(log.error).toHaveBeenCalledOnce();
    stop();
    await bus.publish(channels.globalOnline, { event: 'online.updated', count: 3 });
    expect(received).toHaveLength(1);
    expect(await bus.reportOnline(7)).toBe(7);
  });
});

describe('ended sessions on the local bus', () => {
  it('reaches every listener until it unsubscribes', async () => {
    const bus = createLocalEventBus(log);
    const seen: unknown[] = [];
    const stop = bus.onSessionsEnded((ended) => seen.push(ended));
    await bus.endSessions({ playerId: 'p1', sessionIds: ['s1'] });
    stop();
    await bus.endSessions({ playerId: 'p1', allExcept: null });
    expect(seen).toEqual([{ playerId: 'p1', sessionIds: ['s1'] }]);
  });
});
