/**
 * Analytics funnel events (docs/web-client.md, Tracking). `track()`
 * hands each event to a sink: by default the tag manager's `window.dataLayer`. A broken
 * sink is reported once on the console and never breaks the caller.
 */

export type RegType = 'email' | 'phone' | 'social';
export type WalletOperationType = 'deposit' | 'withdraw';
/** The active account's currency type. */
export type WalletType = 'fiat' | 'crypto';

/** Fields any event may carry. */
interface EventBase {
  /** The signed-in player; filled from `setAnalyticsUser()` when not given. */
  userId?: string;
  /** Milliseconds the step's screen took to become usable. */
  loadTime?: number;
}

// Registration funnel: open → type chosen → sent → otp (phone only).
export type RegistrationEvent = EventBase &
  (
    | { event: 'registration'; funnelStep: 'open' }
    | { event: 'registration'; funnelStep: 'typeChosen' | 'sent'; regType: RegType }
    | { event: 'registration'; funnelStep: 'otp'; regType: 'phone' }
  );

interface WalletBase extends EventBase {
  event: 'wallet';
  walletOperationType?: WalletOperationType;
  walletType?: WalletType;
}

interface DepositFields {
  walletOperationType: 'deposit';
  /** Major units, as on the wire. */
  depositAmount?: number;
  depositCurrency?: string;
  /** The player's count of successful deposits (1 = first deposit). */
  successDepositNumber?: number;
  invoiceId?: string;
}

// Wallet funnel: open, network, operation type, selectBonus, declineBonuses, method,
// sent, close, promoOpen, promoSent; and depositSuccess, the one step that can carry the
// funnel's successDepositNumber (no other step marks a credited deposit).
export type WalletEvent =
  | (WalletBase & { funnelStep: 'open' | 'close' | 'network' | 'method' | 'promoOpen' | 'promoSent' })
  | (WalletBase & { funnelStep: 'operationType'; walletOperationType: WalletOperationType })
  | (WalletBase & DepositFields & { funnelStep: 'selectBonus' | 'declineBonuses' })
  | (WalletBase &
      DepositFields & { funnelStep: 'sent'; walletType: WalletType; depositAmount: number; depositCurrency: string })
  | (WalletBase &
      DepositFields & {
        funnelStep: 'depositSuccess';
        depositAmount: number;
        depositCurrency: string;
        successDepositNumber: number;
        invoiceId: string;
      })
  | (WalletBase & {
      funnelStep: 'sent';
      walletOperationType: 'withdraw';
      walletType: WalletType;
      withdrawAmount: number;
      withdrawCurrency: string;
      invoiceId?: string;
    });

export type BalancePopupEvent = EventBase & { event: 'balancePopup'; funnelStep: 'open' };

export type AnalyticsEvent = RegistrationEvent | WalletEvent | BalancePopupEvent;

/** What a sink receives: the event's own fields only, without undefined values. */
export type AnalyticsPayload = { event: AnalyticsEvent['event'] } & Partial<Record<FieldName, string | number>>;

export type AnalyticsSink = (payload: AnalyticsPayload) => void | Promise<void>;

// The funnel's field list: anything else a caller spreads in is not sent.
const FIELDS = [
  'userId',
  'funnelStep',
  'loadTime',
  'regType',
  'walletOperationType',
  'depositAmount',
  'depositCurrency',
  'successDepositNumber',
  'invoiceId',
  'walletType',
  'withdrawAmount',
  'withdrawCurrency',
] as const;
type FieldName = (typeof FIELDS)[number];

/** A sink that pushes to `target.dataLayer` (Google Tag Manager's queue), creating it if missing. */
export function createDataLayerSink(target: () => { dataLayer?: unknown[] } | undefined): AnalyticsSink {
  return (payload) => {
    const host = target();
    if (!host) return;
    host.dataLayer ??= [];
    host.dataLayer.push(payload);
  };
}

const defaultSink = createDataLayerSink(() =>
  typeof window === 'undefined' ? undefined : (window as unknown as { dataLayer?: unknown[] }),
);

let sink: AnalyticsSink = defaultSink;
let warned = false;
let currentUserId: string | undefined;

/** Replaces the sink; `undefined` restores the dataLayer sink. */
export function setAnalyticsSink(next: AnalyticsSink | undefined): void {
  sink = next ?? defaultSink;
  warned = false;
}

/** The signed-in player's id added to every event (undefined after sign-out). */
export function setAnalyticsUser(userId: string | number | undefined): void {
  currentUserId = userId === undefined ? undefined : String(userId);
}

/** Builds the payload a sink receives (exported for tests). */
export function toPayload(event: AnalyticsEvent): AnalyticsPayload {
  const source: Partial<Record<FieldName, unknown>> = { userId: currentUserId, ...event };
  const payload: AnalyticsPayload = { event: event.event };
  for (const field of FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) payload[field] = value;
  }
  return payload;
}

/** Sends a funnel event. Never throws, whatever the sink does. */
export function track(event: AnalyticsEvent): void {
  try {
    const result = sink(toPayload(event));
    if (result instanceof Promise) result.catch(report);
  } catch (error) {
    report(error);
  }
}

function report(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn('Analytics sink failed; further failures are not reported', error);
}
