import { describe, expect, it } from 'vitest';
import { canSubscribe, channelAccess, channels, PLAYER_CHANNEL_NAMESPACES, playerChannels } from './channels';
import { shouldReconnect } from './protocol';

const PLAYER = '0b6f3c1e-5d2a-4c3b-9a8e-1f2d3c4b5a69';

describe('channels', () => {
  it('builds the names the reference client subscribes to', () => {
    expect(channels.walletAccounts(PLAYER)).toBe(`wallet:accounts#${PLAYER}`);
    expect(channels.bonusCodes(PLAYER)).toBe(`bonus:player-bonus-codes#${PLAYER}`);
    expect(channels.tournamentPlayer('t1', PLAYER)).toBe(`tournaments:t1#${PLAYER}`);
    expect(channels.gameWinners('mobile', 'UA')).toBe('game:winners:mobile:UA');
    expect(channels.activityBoard('main')).toBe('activity-board:boards#main');
    expect(playerChannels(PLAYER)).toHaveLength(PLAYER_CHANNEL_NAMESPACES.length);
  });

  it('grants per-player channels to their player only', () => {
    for (const channel of [...playerChannels(PLAYER), channels.tournamentPlayer('spring-race', PLAYER)]) {
      expect(channelAccess(channel)).toEqual({ kind: 'player', playerId: PLAYER });
      expect(canSubscribe(channel, PLAYER)).toBe('ok');
      expect(canSubscribe(channel, 'someone-else')).toBe('denied');
      expect(canSubscribe(channel, undefined)).toBe('denied');
    }
  });

  it('opens the public channels to guests', () => {
    for (const channel of [
      channels.tournaments,
      channels.globalOnline,
      channels.tournament('spring-race'),
      channels.gameWinners('desktop', 'DE'),
      // The activity board's `#` carries a board id, not a player id.
      channels.activityBoard('main'),
      channels.sportsbookEvents,
      // Feed event ids hold colons.
      channels.sportsbookEvent('sim:e12'),
    ]) {
      expect(channelAccess(channel)).toEqual({ kind: 'public' });
      expect(canSubscribe(channel, undefined)).toBe('ok');
    }
  });

  it('knows no other channel', () => {
    for (const channel of [
      '',
      'wallet:accounts',
      'wallet:accounts#',
      `wallet:accounts#${PLAYER}#x`,
      'wallet:others#1',
      'game:winners:tablet:DE',
      'game:winners:mobile:de',
      'tournaments:',
      'global:offline',
      `wallet:accounts#${'a'.repeat(300)}`,
      'wallet:accounts#a b',
      'sportsbook:events:',
      `sportsbook:events:sim:e1#${PLAYER}`,
    ]) {
      expect(channelAccess(channel), channel).toBeNull();
      expect(canSubscribe(channel, PLAYER)).toBe('unknown');
    }
  });
});

describe('shouldReconnect', () => {
  it('follows the protocol: 3500–3999 and 4500–4999 are final', () => {
    expect([3000, 3001, 3005, 3008, 3499, 4000, 4499, 1006].map(shouldReconnect)).toEqual(Array(8).fill(true));
    expect([3500, 3501, 3999, 4500, 4999].map(shouldReconnect)).toEqual(Array(5).fill(false));
  });
});
