import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createDataLayerSink,
  setAnalyticsSink,
  setAnalyticsUser,
  toPayload,
  track,
  type AnalyticsEvent,
  type AnalyticsPayload,
} from './analytics';

afterEach(() => {
  setAnalyticsSink(undefined);
  setAnalyticsUser(undefined);
  vi.restoreAllMocks();
});

describe('analytics payloads', () => {
  it('carries the event name and the listed fields only, without undefined values', () => {
    const event = {
      event: 'wallet',
      funnelStep: 'sent',
      walletOperationType: 'deposit',
      walletType: 'fiat',
      depositAmount: 25,
      depositCurrency: 'EUR',
      successDepositNumber: 1,
      invoiceId: 'inv-1',
      loadTime: undefined,
      password: 'never sent',
    } as AnalyticsEvent;
    expect(toPayload(event)).toEqual({
      event: 'wallet',
      funnelStep: 'sent',
      walletOperationType: 'deposit',
      walletType: 'fiat',
      depositAmount: 25,
      depositCurrency: 'EUR',
      successDepositNumber: 1,
      invoiceId: 'inv-1',
    });
  });

  it('adds the signed-in player unless the event names one', () => {
    setAnalyticsUser(1234);
    expect(toPayload({ event: 'balancePopup', funnelStep: 'open' })).toEqual({
      event: 'balancePopup',
      funnelStep: 'open',
      userId: '1234',
    });
    expect(toPayload({ event: 'registration', funnelStep: 'otp', regType: 'phone', userId: 'u-9' })).toMatchObject({
      userId: 'u-9',
    });
  });

  it('types each funnel step', () => {
    const events: AnalyticsEvent[] = [
      { event: 'registration', funnelStep: 'open', loadTime: 120 },
      { event: 'registration', funnelStep: 'typeChosen', regType: 'email' },
      { event: 'wallet', funnelStep: 'operationType', walletOperationType: 'withdraw' },
      { event: 'wallet', funnelStep: 'selectBonus', walletOperationType: 'deposit' },
      {
        event: 'wallet',
        funnelStep: 'sent',
        walletOperationType: 'withdraw',
        walletType: 'crypto',
        withdrawAmount: 10,
        withdrawCurrency: 'BTC',
      },
      {
        event: 'wallet',
        funnelStep: 'depositSuccess',
        walletOperationType: 'deposit',
        depositAmount: 25,
        depositCurrency: 'EUR',
        successDepositNumber: 1,
        invoiceId: 'inv-1',
      },
    ];
    // @ts-expect-error a withdrawal has no deposit amount
    events.push({ event: 'wallet', funnelStep: 'sent', walletOperationType: 'withdraw', depositAmount: 1 });
    events.push(
      // @ts-expect-error the withdrawal `sent` step names the wallet type
      {
        event: 'wallet',
        funnelStep: 'sent',
        walletOperationType: 'withdraw',
        withdrawAmount: 1,
        withdrawCurrency: 'EUR',
      },
    );
    events.push(
      // @ts-expect-error the deposit `sent` step names the wallet type too
      { event: 'wallet', funnelStep: 'sent', walletOperationType: 'deposit', depositAmount: 1, depositCurrency: 'EUR' },
    );
    events.push(
      // @ts-expect-error a credited deposit carries its ordinal
      { event: 'wallet', funnelStep: 'depositSuccess', walletOperationType: 'deposit', depositAmount: 1 },
    );
    expect(events).toHaveLength(10);
  });
});

describe('track', () => {
  it('pushes to dataLayer by default, creating it when missing', () => {
    const host: { dataLayer?: unknown[] } = {};
    setAnalyticsSink(createDataLayerSink(() => host));
    track({ event: 'registration', funnelStep: 'sent', regType: 'phone' });
    track({ event: 'wallet', funnelStep: 'close' });
    expect(host.dataLayer).toEqual([
      { event: 'registration', funnelStep: 'sent', regType: 'phone' },
      { event: 'wallet', funnelStep: 'close' },
    ]);
  });

  it('keeps an existing dataLayer (a tag manager may already have replaced its push)', () => {
    const seen: unknown[] = [];
    const layer: unknown[] = [{ 'gtm.start': 1 }];
    layer.push = (...items: unknown[]) => seen.push(...items);
    const host = { dataLayer: layer };
    setAnalyticsSink(createDataLayerSink(() => host));
    track({ event: 'wallet', funnelStep: 'promoOpen' });
    expect(host.dataLayer).toBe(layer);
    expect(seen).toEqual([{ event: 'wallet', funnelStep: 'promoOpen' }]);
  });

  it('uses a configured sink', () => {
    const received: AnalyticsPayload[] = [];
    setAnalyticsSink((payload) => void received.push(payload));
    track({ event: 'wallet', funnelStep: 'declineBonuses', walletOperationType: 'deposit' });
    expect(received).toEqual([{ event: 'wallet', funnelStep: 'declineBonuses', walletOperationType: 'deposit' }]);
  });

  it('isolates a failing sink, warning once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setAnalyticsSink(() => {
      throw new Error('sink down');
    });
    expect(() => track({ event: 'wallet', funnelStep: 'open' })).not.toThrow();
    expect(() => track({ event: 'wallet', funnelStep: 'open' })).not.toThrow();
    expect(warn).toHaveBeenCalledTimes(1);

    setAnalyticsSink(() => Promise.reject(new Error('async sink down')));
    track({ event: 'wallet', funnelStep: 'method' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
