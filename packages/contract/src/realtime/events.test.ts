import { describe, expect, expectTypeOf, it } from 'vitest';
import { channels } from './channels';
import type { WalletAccount } from './entities';
import { channelEventSchema, parseChannelEvent, realtimeEventSchema, type ChannelEvent } from './events';

const PLAYER = 'p-1';
const account: WalletAccount = {
  id: 'a-1',
  currency: 'EUR',
  status: 1,
  balance: 12.5,
  realBalance: 10,
  bonusBalance: 2.5,
  lockedBalance: 0,
  withdrawalBalance: 10,
};
const level = { id: 'l1', name: 'Bronze', order: 1, points: 0, identity: 'bronze', perks: [], image: '/l1.png' };

describe('channel events', () => {
  it('accepts the events a channel carries', () => {
    expect(parseChannelEvent(channels.walletAccounts(PLAYER), { event: 'account.balance.updated', account })).toEqual({
      success: true,
      event: { event: 'account.balance.updated', account },
    });
    const invoice = {
      id: 'i-1',
      playerId: PLAYER,
      amount: 50,
      currency: 'EUR',
      paymentMethod: 'card',
      status: 2,
      createdAt: '2025-01-01T10:00:00Z',
      number: 1,
      publicData: null,
    };
    expect(
      parseChannelEvent(channels.paymentInvoices(PLAYER), { event: 'invoice.deposit.updated', invoice }).success,
    ).toBe(true);
    expect(
      parseChannelEvent(channels.loyaltyAccounts(PLAYER), {
        event: 'account.balance.updated',
        playerAccount: { points: 10, currentLevel: level, nextLevel: null },
      }).success,
    ).toBe(true);
    expect(parseChannelEvent(channels.globalOnline, { event: 'online.updated', count: 3 }).success).toBe(true);
  });

  it('refuses an event of another channel, a malformed payload and an unknown channel', () => {
    const wrongChannel = parseChannelEvent(channels.walletAccounts(PLAYER), { event: 'quest.updated', quest: {} });
    expect(wrongChannel.success).toBe(false);
    // The wallet's balance event carries `account`, the loyalty one `playerAccount`.
    expect(
      parseChannelEvent(channels.walletAccounts(PLAYER), {
        event: 'account.balance.updated',
        playerAccount: { points: 1, currentLevel: level, nextLevel: null },
      }).success,
    ).toBe(false);
    const malformed = parseChannelEvent(channels.walletAccounts(PLAYER), {
      event: 'account.balance.updated',
      account: { ...account, balance: '12.5' },
    });
    expect(malformed).toMatchObject({ success: false, error: expect.stringContaining('balance') as string });
    expect(parseChannelEvent('casino:nothing', { event: 'x' })).toEqual({
      success: false,
      error: 'unknown channel "casino:nothing"',
    });
    expect(channelEventSchema('casino:nothing')).toBeNull();
  });

  it('discriminates every event of the contract by name', () => {
    expect(realtimeEventSchema.safeParse({ event: 'account.balance.updated', account }).success).toBe(true);
    expect(
      realtimeEventSchema.safeParse({
        event: 'account.balance.updated',
        playerAccount: { points: 1, currentLevel: level, nextLevel: null },
      }).success,
    ).toBe(true);
    expect(realtimeEventSchema.safeParse({ event: 'account.balance.updated' }).success).toBe(false);
    expect(
      realtimeEventSchema.safeParse({
        event: 'game.bet.restricted',
        gameId: 'g1',
        gameIdentity: 'book',
        playerBonus: {
          id: 'b',
          name: 'B',
          bonusType: 1,
          status: 2,
          result: 1,
          amount: 5,
          currency: 'EUR',
          maxBetAmount: null,
        },
      }).success,
    ).toBe(true);
    expect(realtimeEventSchema.safeParse({ event: 'player.kyc.updated' }).success).toBe(false);
  });

  it('types a publication by its channel', () => {
    expectTypeOf<ChannelEvent<ReturnType<typeof channels.walletAccounts>>>().toEqualTypeOf<{
      event: 'account.balance.updated';
      account: WalletAccount;
    }>();
    expectTypeOf<ChannelEvent<'global:online'>['event']>().toEqualTypeOf<'online.updated'>();
    expectTypeOf<
      ChannelEvent<`tournaments:${string}#${string}`>['event']
    >().toEqualTypeOf<'tournament.player-entry.updated'>();
    expectTypeOf<ChannelEvent<`tournaments:${string}`>['event']>().toEqualTypeOf<'tournament.leaderboard.updated'>();
    expectTypeOf<ChannelEvent<`retention:accounts#${string}`>['event']>().toEqualTypeOf<
      'account.level.updated' | 'account.balance.updated'
    >();
    expectTypeOf<ChannelEvent<string>>().toBeNever();
  });
});
