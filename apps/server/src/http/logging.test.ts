import { describe, expect, it } from 'vitest';
import { loggableUrl, readableLine } from './logging';

describe('loggableUrl', () => {
  it('hides the values of token, code and state parameters', () => {
    expect(loggableUrl('/play/dice?token=abc.def&lang=en')).toBe('/play/dice?token=[hidden]&lang=en');
    expect(loggableUrl('/auth/social/google/callback?code=x&state=y')).toBe(
      '/auth/social/google/callback?code=[hidden]&state=[hidden]',
    );
  });

  it('leaves other URLs alone', () => {
    expect(loggableUrl('/api/game/games?page=2')).toBe('/api/game/games?page=2');
    expect(loggableUrl('/api/settings')).toBe('/api/settings');
  });
});

describe('readableLine', () => {
  const time = Date.UTC(2026, 0, 2, 3, 4, 5);

  it('prints a warning as a sentence with its details', () => {
    const line = readableLine(
      JSON.stringify({ level: 40, time, pid: 1, hostname: 'h', msg: 'web app not built', distDir: '/x' }),
      false,
    );
    expect(line).toMatch(/^\d\d:\d\d:\d\d WARN {2}web app not built \(distDir=\/x\)\n$/);
  });

  it('prints an error with its stack on the following lines', () => {
    const line = readableLine(
      JSON.stringify({ level: 50, time, msg: 'request failed', reqId: 'r1', err: { stack: 'Error: boom\n  at x' } }),
      false,
    );
    expect(line).toContain('ERROR request failed\nError: boom\n  at x');
    expect(line).not.toContain('reqId');
  });

  it('passes through what is not JSON', () => {
    expect(readableLine('plain text', false)).toBe('plain text\n');
  });
});
