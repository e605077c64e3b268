import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { createLocalEventBus } from './bus';
import { Gateway, type GatewaySettings } from './gateway';
import type { TokenVerification } from './token-verifier';

/** A socket the gateway can drive, recording what it was sent. */
class FakeSocket extends EventEmitter {
  readyState: 0 | 1 | 2 | 3 = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  closed: { code: number; reason: string } | undefined;

  send(data: string): void {
    this.sent.push(data);
  }

  close(code: number, reason: string): void {
    this.closed ??= { code, reason };
    this.readyState = 2;
  }

  terminate(): void {
    this.readyState = 3;
  }

  /** Everything sent, one protocol message per entry. */
  messages(): unknown[] {
    return this.sent.flatMap((frame) => frame.split('\n')).map((line) => JSON.parse(line) as unknown);
  }

  receive(...commands: object[]): void {
    this.emit('message', Buffer.from(commands.map((command) => JSON.stringify(command)).join('\n')), false);
  }
}

const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
let verification: TokenVerification = { ok: false, reason: 'invalid' };
const verifier = { verify: vi.fn(async () => verification) };

function gatewayWith(settings: Partial<GatewaySettings>) {
  const bus = createLocalEventBus(log);
  const gateway = new Gateway(bus, verifier, log, { tickMs: 100, ...settings });
  gateway.start();
  const open = () => {
    const socket = new FakeSocket();
    gateway.accept(socket as unknown as WebSocket, { ip: '192.0.2.1' });
    return socket;
  };
  return { bus, gateway, open };
}

/** Lets the token check settle and the batched writes go out. */
async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(1);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Gateway timers', () => {
  it('closes a connection that stops answering pings, also when pings come faster than the pong timeout', async () => {
    const { gateway, open } = gatewayWith({ pingIntervalMs: 500, pongTimeoutMs: 2000 });
    const socket = open();
    socket.receive({ id: 1, connect: {} });
    await settle();
    expect(socket.messages()[0]).toMatchObject({ id: 1, connect: { ping: 1, pong: true } });
    await vi.advanceTimersByTimeAsync(1900);
    // Several pings went out unanswered, but the oldest is not 2 s old yet.
    expect(socket.messages().filter((message) => JSON.stringify(message) === '{}').length).toBeGreaterThan(2);
    expect(socket.closed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(800);
    expect(socket.closed).toEqual({ code: 3012, reason: 'no pong' });
    expect(gateway.stats().connections).toBe(0);
  });

  it('keeps a connection that answers', async () => {
    const { open } = gatewayWith({ pingIntervalMs: 500, pongTimeoutMs: 300 });
    const socket = open();
    socket.receive({ id: 1, connect: {} });
    for (let i = 0; i < 10; i += 1) {
      await vi.advanceTimersByTimeAsync(250);
      socket.receive({});
    }
    expect(socket.closed).toBeUndefined();
  });

  it('closes a signed-in connection whose token is not refreshed, after the grace', async () => {
    verification = { ok: true, playerId: 'p1', sessionId: 's1', expiresAt: Date.now() + 3000 };
    const { open } = gatewayWith({ expiredCloseDelayMs: 1000, pingIntervalMs: 60_000 });
    const socket = open();
    socket.receive({ id: 1, connect: { token: 't' } });
    await settle();
    expect(socket.messages()[0]).toMatchObject({ id: 1, connect: { expires: true, ttl: 3 } });
    await vi.advanceTimersByTimeAsync(3800);
    expect(socket.closed).toBeUndefined();
    await vi.advanceTimersByTimeAsync(400);
    expect(socket.closed).toEqual({ code: 3005, reason: 'connection expired' });
  });

  it('extends the expiry on refresh', async () => {
    verification = { ok: true, playerId: 'p1', sessionId: 's1', expiresAt: Date.now() + 3000 };
    const { open } = gatewayWith({ expiredCloseDelayMs: 0, pingIntervalMs: 60_000 });
    const socket = open();
    socket.receive({ id: 1, connect: { token: 't' } });
    await settle();
    verification = { ok: true, playerId: 'p1', sessionId: 's1', expiresAt: Date.now() + 60_000 };
    socket.receive({ id: 2, refresh: { token: 'new' } });
    await settle();
    expect(socket.messages()[1]).toMatchObject({ id: 2, refresh: { expires: true, ttl: 60 } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.closed).toBeUndefined();
  });

  it('holds the commands after a connect until its token is checked', async () => {
    let resolve: (value: TokenVerification) => void = () => {};
    verifier.verify.mockImplementationOnce(() => new Promise((done) => (resolve = done)));
    const { open } = gatewayWith({});
    const socket = open();
    socket.receive({ id: 1, connect: { token: 't' } }, { id: 2, subscribe: { channel: 'wallet:accounts#p9' } });
    await settle();
    expect(socket.sent).toEqual([]);
    resolve({ ok: true, playerId: 'p9', sessionId: 's', expiresAt: Date.now() + 60_000 });
    await settle();
    expect(socket.messages()).toMatchObject([
      { id: 1, connect: {} },
      { id: 2, subscribe: {} },
    ]);
    // Both replies went out in one websocket message.
    expect(socket.sent).toHaveLength(1);
  });

  it('disconnects a client whose socket buffer is over the limit (3008)', async () => {
    const { bus, open } = gatewayWith({ maxQueueBytes: 10_000 });
    const socket = open();
    socket.receive({ id: 1, connect: {} }, { id: 2, subscribe: { channel: 'tournaments' } });
    await settle();
    socket.bufferedAmount = 9_950;
    await bus.publish('tournaments', {
      event: 'tournament.completed',
      tournament: { id: 't', title: 'T', identity: 't', state: 4, endAt: '2025-01-01T00:00:00Z', prizes: [] },
    });
    expect(socket.closed).toEqual({ code: 3008, reason: 'slow' });
  });

  it('closes every connection with 3001 at shutdown, after flushing what was queued', async () => {
    const { gateway, open } = gatewayWith({ shutdownGraceMs: 100 });
    const sockets = [open(), open()];
    for (const socket of sockets) socket.receive({ id: 1, connect: {} });
    const closing = gateway.close();
    await vi.advanceTimersByTimeAsync(150);
    await closing;
    for (const socket of sockets) {
      expect(socket.messages()[0]).toMatchObject({ id: 1, connect: {} });
      expect(socket.closed).toEqual({ code: 3001, reason: 'shutdown' });
      expect(socket.readyState).toBe(3);
    }
    const late = open();
    expect(late.closed).toEqual({ code: 3001, reason: 'shutdown' });
  });
});

describe('Gateway ended sessions', () => {
  async function signedIn(open: () => FakeSocket, playerId: string, sessionId: string): Promise<FakeSocket> {
    verification = { ok: true, playerId, sessionId, expiresAt: Date.now() + 60_000 };
    const socket = open();
    socket.receive({ id: 1, connect: { token: 't' } });
    await settle();
    return socket;
  }

  it("closes the ended sessions' connections with 4501, whatever process the notice came through", async () => {
    const { bus, gateway, open } = gatewayWith({ pingIntervalMs: 60_000 });
    const first = await signedIn(open, 'p1', 's1');
    const second = await signedIn(open, 'p1', 's2');
    const third = await signedIn(open, 'p1', 's3');
    const otherPlayer = await signedIn(open, 'p2', 's1');
    const guest = open();
    guest.receive({ id: 1, connect: {} });
    await settle();

    await bus.endSessions({ playerId: 'p1', sessionIds: ['s1'] });
    expect(first.closed).toEqual({ code: 4501, reason: 'session ended' });
    expect([second, third, otherPlayer, guest].map((socket) => socket.closed)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);

    // A password change: every session but the current one.
    expect(gateway.disconnectSessions({ playerId: 'p1', allExcept: 's2' })).toBe(1);
    expect(third.closed?.code).toBe(4501);
    expect(second.closed).toBeUndefined();
    // Blocking: all of them.
    await bus.endSessions({ playerId: 'p1', allExcept: null });
    expect(second.closed?.code).toBe(4501);
    expect(otherPlayer.closed).toBeUndefined();
    expect(gateway.stats()).toMatchObject({ connections: 2, players: 1 });
  });
});
