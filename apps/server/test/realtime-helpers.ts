import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import { Centrifuge, type Options } from 'centrifuge';
import WebSocket from 'ws';
import type { App } from '../src/app';
import { createAccessTokens } from '../src/modules/auth/tokens';
import type { TestServer } from './harness';
import { players } from './players';

/** Helpers of the realtime integration tests: players with sessions, the real client, a raw protocol client. */

export const JWT_SECRET = 'realtime-test-secret-0123456789abcdef0123456789';

/** A player signed up through the API: a real, open session, as the gateway's verifier requires. */
export interface SessionPlayer {
  id: string;
  email: string;
  sessionId: string;
  /** The access token the sign-up answered with. */
  token: string;
}

const TOKEN_TTL_SECONDS = 600;

/**
 * Players with real sessions on the test server's database (the apps under test share it
 * and JWT_SECRET), and further tokens of those sessions with a chosen lifetime, issued as
 * the auth module issues them.
 */
export function sessionPlayers(t: TestServer, secret = JWT_SECRET) {
  const api = players(t);
  const tokens = createAccessTokens({ key: new TextEncoder().encode(secret), ttlSeconds: TOKEN_TTL_SECONDS });
  return {
    api,
    async create(): Promise<SessionPlayer> {
      const registered = await api.registerByEmail();
      return { id: registered.id, email: registered.email, sessionId: registered.sessionId, token: registered.token };
    },
    /** A token of the player's session expiring in `expiresInSeconds` (negative: already expired). */
    async tokenFor(player: SessionPlayer, expiresInSeconds = TOKEN_TTL_SECONDS): Promise<string> {
      const issuedAt = new Date(Date.now() + (expiresInSeconds - TOKEN_TTL_SECONDS) * 1000);
      const subject = { playerId: player.id, sessionId: player.sessionId, refreshTokenId: randomUUID() };
      return (await tokens.issue(subject, issuedAt)).token;
    },
  };
}

export async function listen(app: App): Promise<{ port: number; url: string }> {
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { port: address.port, url: `ws://127.0.0.1:${address.port}/api/connection/websocket` };
}

/** Resolves with the first value `register` hands over, or fails after `timeoutMs`. */
export function waitFor<T>(what: string, register: (done: (value: T) => void) => void, timeoutMs = 5000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), timeoutMs);
    register((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds. */
export async function eventually(what: string, check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Real `centrifuge` clients, as a browser app makes them; `closeAll` disconnects them. */
export class Clients {
  private readonly open: Centrifuge[] = [];

  constructor(private readonly url: () => string) {}

  create(options: Partial<Options> = {}): Centrifuge {
    const client = new Centrifuge(this.url(), {
      websocket: WebSocket,
      minReconnectDelay: 50,
      maxReconnectDelay: 300,
      timeout: 3000,
      ...options,
    });
    this.open.push(client);
    return client;
  }

  closeAll(): void {
    for (const client of this.open.splice(0)) client.disconnect();
  }
}

export interface Closed {
  code: number;
  reason: string;
}

/** A protocol client on a bare `ws` socket, for what the SDK never sends. */
export class RawClient {
  readonly received: Record<string, unknown>[] = [];
  readonly closed: Promise<Closed>;
  private waiters: (() => void)[] = [];

  private constructor(
    readonly socket: WebSocket,
    pong: boolean,
  ) {
    socket.on('message', (data) => {
      const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
      const text = bytes.toString('utf8');
      for (const line of text.split('\n')) {
        if (line.trim() === '') continue;
        const parsed = JSON.parse(line) as Record<string, unknown>;
        this.received.push(parsed);
        // Server pings (`{}`) are answered only when asked to.
        if (pong && Object.keys(parsed).length === 0) socket.send('{}');
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  static async open(url: string, options: { pong?: boolean } = {}): Promise<RawClient> {
    const socket = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    return new RawClient(socket, options.pong ?? false);
  }

  send(...commands: object[]): void {
    this.socket.send(commands.map((command) => JSON.stringify(command)).join('\n'));
  }

  sendText(text: string): void {
    this.socket.send(text);
  }

  /** The reply with this command id. */
  async reply(id: number, timeoutMs = 3000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((message) => message.id === id);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no reply to command ${id}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    this.socket.terminate();
  }
}

/**
 * A websocket client on a raw TCP socket that stops reading after subscribing, so that
 * the server's writes pile up: the slow consumer. `drain` resumes reading and returns
 * the close code the server sent, if any.
 */
export async function stalledSubscriber(port: number, token: string, channel: string) {
  const socket = net.connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    'GET /api/connection/websocket HTTP/1.1\r\n' +
      `Host: 127.0.0.1:${port}\r\n` +
      'Upgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  let buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
  });
  const readUntil = async (found: () => boolean) => {
    const deadline = Date.now() + 3000;
    while (!found()) {
      if (Date.now() > deadline) throw new Error('raw socket: nothing received');
      await sleep(10);
    }
  };
  await readUntil(() => buffer.includes('\r\n\r\n'));
  if (!buffer.toString('latin1').startsWith('HTTP/1.1 101')) throw new Error('raw socket: upgrade refused');
  buffer = buffer.subarray(buffer.indexOf('\r\n\r\n') + 4);
  socket.write(
    maskedTextFrame(
      `${JSON.stringify({ id: 1, connect: { token } })}\n${JSON.stringify({ id: 2, subscribe: { channel } })}`,
    ),
  );
  await readUntil(() => buffer.toString('latin1').includes('"id":2,"subscribe"'));
  socket.pause();
  return {
    socket,
    async drain(): Promise<number | undefined> {
      socket.resume();
      const deadline = Date.now() + 3000;
      let code = closeCodeIn(buffer);
      while (code === undefined && Date.now() < deadline && !socket.destroyed) {
        await sleep(10);
        code = closeCodeIn(buffer);
      }
      socket.destroy();
      return code;
    },
  };
}

function maskedTextFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  if (payload.length > 0xffff) throw new Error('test frame too long');
  const header =
    payload.length < 126
      ? Buffer.from([0x81, 0x80 | payload.length])
      : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, index) => byte ^ (mask[index % 4] as number)));
  return Buffer.concat([header, mask, masked]);
}

/** Walks the server's (unmasked) frames and returns the code of the close frame. */
function closeCodeIn(data: Buffer): number | undefined {
  let offset = 0;
  while (offset + 2 <= data.length) {
    const opcode = (data[offset] as number) & 0x0f;
    let length = (data[offset + 1] as number) & 0x7f;
    let header = 2;
    if (length === 126) {
      length = data.readUInt16BE(offset + 2);
      header = 4;
    } else if (length === 127) {
      length = Number(data.readBigUInt64BE(offset + 2));
      header = 10;
    }
    if (offset + header + length > data.length) return undefined;
    if (opcode === 0x8) return data.readUInt16BE(offset + header);
    offset += header + length;
  }
  return undefined;
}
