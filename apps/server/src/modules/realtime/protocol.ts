import { MAX_CHANNEL_LENGTH } from '@croupier/contract';

/**
 * The Centrifuge client protocol, JSON flavour, version 2 (as spoken by centrifuge-js v3
 * and later), reduced to what the gateway serves. A websocket text message carries one or
 * more JSON objects separated by newlines, in both directions.
 *
 * Client → server commands: `{ id, connect: { token?, name?, version?, data?, subs? } }`,
 * `{ id, subscribe: { channel, … } }`, `{ id, unsubscribe: { channel } }`,
 * `{ id, refresh: { token } }`, and `{}` (the pong to a server ping). Replies carry the
 * command's `id` and either the result under the method's name or `error`. Pushes have
 * no id: `{ push: { channel, pub: { data } } }`. A server ping is `{}`.
 */

export type Command =
  | { method: 'pong' }
  | { method: 'connect'; id: number; token: string | undefined; name: string | undefined; version: string | undefined }
  | { method: 'subscribe'; id: number; channel: string }
  | { method: 'unsubscribe'; id: number; channel: string }
  | { method: 'refresh'; id: number; token: string }
  /** Understood but not offered: answered with an error code. */
  | { method: 'unsupported'; id: number; name: string }
  /** `send` (asynchronous message to the server): nothing to answer, ignored. */
  | { method: 'ignored' };

export type ParseResult = { ok: true; commands: Command[] } | { ok: false; problem: string };

const UNSUPPORTED = new Set(['publish', 'presence', 'presence_stats', 'history', 'rpc', 'sub_refresh']);
const MAX_ID = 0xffffffff;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function optionalString(value: unknown): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : null;
}

// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** A channel name a client may send: a bounded, printable string (no newline, which the bus frames on). */
function isChannelName(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_CHANNEL_LENGTH &&
    !CONTROL_CHARACTER.test(value)
  );
}

function parseCommand(raw: unknown): Command | string {
  if (!isRecord(raw)) return 'a command must be a JSON object';
  const keys = Object.keys(raw).filter((key) => key !== 'id');
  const id: unknown = raw.id;
  if (keys.length === 0) return id === undefined || id === 0 ? { method: 'pong' } : 'a command without a method';
  if (keys.length > 1) return `a command with several methods (${keys.join(', ')})`;
  const method = keys[0] as string;
  const params: unknown = raw[method];
  if (method === 'send') return { method: 'ignored' };
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) return `${method} without a valid id`;
  if (UNSUPPORTED.has(method)) return { method: 'unsupported', id, name: method };
  if (!isRecord(params)) return `${method} parameters must be an object`;
  switch (method) {
    case 'connect': {
      const token = optionalString(params.token);
      const name = optionalString(params.name);
      const version = optionalString(params.version);
      if (token === null || name === null || version === null)
        return 'connect: token, name and version must be strings';
      return { method, id, token: token === '' ? undefined : token, name, version };
    }
    case 'subscribe':
    case 'unsubscribe':
      if (!isChannelName(params.channel)) return `${method}: invalid channel`;
      return { method, id, channel: params.channel };
    case 'refresh':
      if (typeof params.token !== 'string' || params.token === '') return 'refresh: token required';
      return { method, id, token: params.token };
    default:
      return `unknown method ${JSON.stringify(method.slice(0, 32))}`;
  }
}

/** Parses one websocket text message; any malformed part makes the whole message a bad request. */
export function parseFrame(text: string, maxCommands: number): ParseResult {
  const commands: Command[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (commands.length >= maxCommands) return { ok: false, problem: `more than ${maxCommands} commands in a message` };
    let raw: unknown;
    try {
      raw = JSON.parse(line);
    } catch {
      return { ok: false, problem: 'not JSON' };
    }
    const command = parseCommand(raw);
    if (typeof command === 'string') return { ok: false, problem: command };
    commands.push(command);
  }
  return { ok: true, commands };
}

// Replies and pushes, serialised by hand where they are hot (one per publication per connection).

export function reply(id: number, method: string, result: object): string {
  return `{"id":${id},"${method}":${JSON.stringify(result)}}`;
}

export function errorReply(id: number, code: number, message: string, temporary = false): string {
  return JSON.stringify({ id, error: temporary ? { code, message, temporary } : { code, message } });
}

/** The push of a publication; `json` is the event's JSON, shared by every recipient. */
export function publicationPush(channel: string, json: string): string {
  return `{"push":{"channel":${JSON.stringify(channel)},"pub":{"data":${json}}}}`;
}

/** A server ping; the client answers with the same empty object. */
export const PING = '{}';
