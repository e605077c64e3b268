import { describe, expect, it } from 'vitest';
import { websocketOriginOf } from './web';

describe('websocketOriginOf', () => {
  it("names the site's own websocket origin, secure when the site is", () => {
    expect(websocketOriginOf('https://casino.example')).toBe('wss://casino.example');
    expect(websocketOriginOf('https://casino.example:8443/base')).toBe('wss://casino.example:8443');
    expect(websocketOriginOf('http://localhost:3000')).toBe('ws://localhost:3000');
  });
});
