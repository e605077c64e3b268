import { describe, expect, it } from 'vitest';
import { errorReply, parseFrame, publicationPush, reply } from './protocol';

describe('parseFrame', () => {
  it('reads several newline-separated commands, skipping blank lines', () => {
    const frame = [
      JSON.stringify({ id: 1, connect: { token: 't', name: 'js', version: '5.8.0', subs: {} } }),
      '',
      JSON.stringify({ id: 2, subscribe: { channel: 'tournaments', flag: 1 } }),
      JSON.stringify({ id: 3, unsubscribe: { channel: 'tournaments' } }),
      JSON.stringify({ id: 4, refresh: { token: 'new' } }),
      '{}',
    ].join('\n');
    expect(parseFrame(frame, 10)).toEqual({
      ok: true,
      commands: [
        { method: 'connect', id: 1, token: 't', name: 'js', version: '5.8.0' },
        { method: 'subscribe', id: 2, channel: 'tournaments' },
        { method: 'unsubscribe', id: 3, channel: 'tournaments' },
        { method: 'refresh', id: 4, token: 'new' },
        { method: 'pong' },
      ],
    });
  });

  it('treats an empty token as none (a guest)', () => {
    expect(parseFrame('{"id":1,"connect":{"token":""}}', 10)).toMatchObject({ commands: [{ token: undefined }] });
    expect(parseFrame('{"id":1,"connect":{}}', 10)).toMatchObject({
      commands: [{ method: 'connect', token: undefined }],
    });
  });

  it('marks methods it does not offer, and ignores send', () => {
    expect(parseFrame('{"id":7,"history":{"channel":"x","limit":11}}\n{"send":{"data":{}}}', 10)).toEqual({
      ok: true,
      commands: [{ method: 'unsupported', id: 7, name: 'history' }, { method: 'ignored' }],
    });
  });

  it.each([
    ['not JSON', '{"id":1,'],
    ['an array', '[]'],
    ['a string', '"connect"'],
    ['null', 'null'],
    ['no id', '{"connect":{}}'],
    ['a zero id', '{"id":0,"subscribe":{"channel":"a"}}'],
    ['a fractional id', '{"id":1.5,"connect":{}}'],
    ['an id over uint32', `{"id":${2 ** 32},"connect":{}}`],
    ['an id without a method', '{"id":3}'],
    ['two methods', '{"id":1,"connect":{},"subscribe":{"channel":"a"}}'],
    ['an unknown method', '{"id":1,"teleport":{}}'],
    ['parameters that are not an object', '{"id":1,"connect":"x"}'],
    ['a non-string token', '{"id":1,"connect":{"token":5}}'],
    ['a missing channel', '{"id":1,"subscribe":{}}'],
    ['an empty channel', '{"id":1,"subscribe":{"channel":""}}'],
    ['a control character in a channel', '{"id":1,"subscribe":{"channel":"a\\u0000b"}}'],
    ['a channel too long', `{"id":1,"subscribe":{"channel":"${'a'.repeat(256)}"}}`],
    ['a refresh without token', '{"id":1,"refresh":{}}'],
    ['one bad line among good ones', '{"id":1,"connect":{}}\n{"id":2,'],
  ])('refuses %s', (_name, frame) => {
    expect(parseFrame(frame, 10).ok).toBe(false);
  });

  it('bounds the number of commands in one message', () => {
    const frame = Array.from({ length: 11 }, (_, i) =>
      JSON.stringify({ id: i + 1, subscribe: { channel: `c${i}` } }),
    ).join('\n');
    expect(parseFrame(frame, 10)).toEqual({ ok: false, problem: 'more than 10 commands in a message' });
  });
});

describe('replies', () => {
  it('serialises replies, errors and pushes as the client reads them', () => {
    expect(JSON.parse(reply(3, 'subscribe', {}))).toEqual({ id: 3, subscribe: {} });
    expect(JSON.parse(errorReply(2, 103, 'permission denied'))).toEqual({
      id: 2,
      error: { code: 103, message: 'permission denied' },
    });
    expect(JSON.parse(errorReply(2, 100, 'internal server error', true))).toEqual({
      id: 2,
      error: { code: 100, message: 'internal server error', temporary: true },
    });
    expect(JSON.parse(publicationPush('wallet:accounts#"x"', '{"event":"a"}'))).toEqual({
      push: { channel: 'wallet:accounts#"x"', pub: { data: { event: 'a' } } },
    });
  });
});
