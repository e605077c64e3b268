import { z } from 'zod';
import { queryArray, queryInt } from '../common/query';

/**
 * Payments and the turn-over wager (docs/bonuses.md): payment methods with their
 * dynamic fields, deposit and withdrawal requests, invoices and their statistics.
 * Amounts are major-unit numbers of the invoice's currency, as everywhere on the wire.
 */

export const PAYMENT_METHOD_TYPES = ['form', 'address'] as const;
export type PaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

export const PROCESSING_TYPES = ['form', 'qr', 'iframe', 'message', 'asyncRedirect'] as const;
export type ProcessingType = (typeof PROCESSING_TYPES)[number];

export const PAYMENT_FIELD_TYPES = ['text', 'select', 'textarea'] as const;
export type PaymentFieldType = (typeof PAYMENT_FIELD_TYPES)[number];

/** The method id of the cash-agent withdrawal (the client shows a special icon for it). */
export const CASH_AGENT_WITHDRAWAL_METHOD = '0x.withdrawal.cash_agent';

/** Locale code → text; a client falls back to `en`. */
export const localizedTextSchema = z.record(z.string(), z.string());
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** An option of a select field: a network, a wallet brand, a cash agent… */
export const paymentFieldOptionSchema = z.object({
  /** May be empty for a "no network" option. */
  id: z.string(),
  name: z.string(),
  /** Bounds of the amount when this option is selected (override the method's), major units. */
  minAmount: z.number(),
  maxAmount: z.number(),
  /** Wallet-address pattern of a network option (`crypto_network`). */
  regex: z.string().optional(),
  /** Wallet-address pattern of a `currencyWithdraw` option. */
  regexp: z.string().optional(),
});
export type PaymentFieldOption = z.infer<typeof paymentFieldOptionSchema>;

/** One dynamic form field of a payment method. */
export const paymentFieldSchema = z.object({
  /** Key in the request's `fields`. Special: phone, cpf_number, wallet_id, crypto_network, currencyWithdraw, tag. */
  key: z.string(),
  fieldType: z.enum(PAYMENT_FIELD_TYPES),
  /** Value type (always `string` here). */
  type: z.string(),
  /** Validation pattern; empty: none (phone and cpf_number have their own rules). */
  regexp: z.string(),
  labels: localizedTextSchema,
  /** Placeholders. */
  hints: localizedTextSchema,
  isRequired: z.boolean(),
  position: z.number().int(),
  /** Pre-filled value (from the profile); fields that already hold a valid value are hidden by default. */
  value: z.string().nullable(),
  options: z.array(paymentFieldOptionSchema).optional(),
});
export type PaymentField = z.infer<typeof paymentFieldSchema>;

export const paymentPresetSchema = z.object({ amount: z.number(), default: z.boolean() });

/** A payment method as `GET /api/payment/methods/deposit|withdrawal` lists it. */
export const paymentMethodSchema = z.object({
  /** Method id, sent back as `method`. */
  method: z.string(),
  /** 'form' (fiat-style form) or 'address' (crypto: the deposit answers an address). */
  type: z.enum(PAYMENT_METHOD_TYPES),
  processingType: z.enum(PROCESSING_TYPES),
  /** Bounds in major units of the requested currency. */
  amountMin: z.number(),
  amountMax: z.number(),
  /** Quick amounts within the bounds, major units. */
  presets: z.array(paymentPresetSchema),
  /** Absolute URL (with PUBLIC_URL) or a root-relative path of an SVG. */
  logo: z.string(),
  icon: z.string().nullable(),
  names: localizedTextSchema,
  fields: z.array(paymentFieldSchema),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const countryCodeParam = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { error: 'Enter a two-letter country code.' })
  .transform((value) => value.toUpperCase());

const currencyCodeParam = z
  .string()
  .regex(/^[A-Za-z0-9]{2,10}$/, { error: 'This currency is not available.' })
  .transform((value) => value.toUpperCase());

/** Query of the methods lists: the active account's currency, and the region the player picked. */
export const paymentMethodsQuerySchema = z.object({
  currency: currencyCodeParam.optional(),
  country: countryCodeParam.optional(),
});
export type PaymentMethodsQuery = z.infer<typeof paymentMethodsQuerySchema>;

/** Values of dynamic fields: key → text (or null for an unset select). */
export const paymentFieldValuesSchema = z
  .record(z.string().min(1).max(64), z.union([z.string().max(2000), z.null()]))
  .refine((values) => Object.keys(values).length <= 50, { error: 'Too many fields.' });

const redirectUrl = z.string().max(2000).nullable().optional();

/**
 * `POST /api/payment/invoices/deposit`. `amount` is checked by the server against the
 * currency's precision and the method's bounds (a 422 on `amount` says what is wrong),
 * so the schema takes any JSON value for it.
 */
export const depositRequestSchema = z.object({
  method: z.string().min(1).max(100),
  currency: currencyCodeParam,
  amount: z.unknown().describe('major units (a JSON number)'),
  accountId: z.string().min(1).max(100),
  country: countryCodeParam.nullable().optional(),
  redirectSuccessUrl: redirectUrl,
  redirectErrorUrl: redirectUrl,
  redirectUrl,
  bonusId: z.string().max(100).nullable().optional(),
  isBonusDecline: z.boolean().optional(),
  fields: paymentFieldValuesSchema.nullable().optional(),
});
export type DepositRequest = z.infer<typeof depositRequestSchema>;

/** What the client does next, by the method's processing type. */
export const depositResponseSchema = z.object({
  invoiceId: z.string(),
  /** Payment page URL (form: a new window; iframe: embedded); the client appends `fields` as query parameters. */
  action: z.string(),
  fields: z.record(z.string(), z.string()),
  /** QR payload (processing type qr). */
  qr: z.string().optional(),
  /** Crypto deposit address (type address). */
  address: z.string().optional(),
  /** Crypto destination tag or memo. */
  tag: z.string().optional(),
  method: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  processingType: z.enum(PROCESSING_TYPES),
});
export type DepositResponse = z.infer<typeof depositResponseSchema>;

/** `POST /api/payment/invoices/withdrawal`; 422 field errors are keyed by the field `key`. */
export const withdrawRequestSchema = z.object({
  method: z.string().min(1).max(100),
  currency: currencyCodeParam,
  amount: z.unknown().describe('major units (a JSON number)'),
  accountId: z.string().min(1).max(100),
  country: countryCodeParam.nullable().optional(),
  fields: paymentFieldValuesSchema.nullable().optional(),
});
export type WithdrawRequest = z.infer<typeof withdrawRequestSchema>;

export const withdrawResponseSchema = z.object({
  invoiceId: z.string(),
  method: z.string(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  /** The invoice status right after the request: 1 pending (awaits approval), 4 processing (approved). */
  status: z.number().int(),
  message: z.string().optional(),
});
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

/** Public data of an invoice: a QR of an asynchronous deposit, a cash agent's codes… */
export const invoicePublicDataSchema = z.object({
  qr: z.string().optional(),
  url: z.string().optional(),
  securityCode: z.string().optional(),
  clientId: z.string().optional(),
  agentNumber: z.string().optional(),
  transactionId: z.string().optional(),
});
export type InvoicePublicData = z.infer<typeof invoicePublicDataSchema>;

/** An invoice of the history list. */
export const invoiceSchema = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  transactionAmount: z.number(),
  transactionCurrency: z.string(),
  /** 1 pending, 2 success, 3 error or declined, 4 processing, 5 preparing (InvoiceStatus). */
  status: z.number().int(),
  /** Why the invoice ended as it did: paid, declined, rejected, failed… */
  statusResult: z.string().nullable(),
  paymentMethod: z.string(),
  /** 1 deposit, 2 withdrawal (InvoiceType). */
  invoiceType: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  publicData: invoicePublicDataSchema.nullable(),
  /** Ordinal of the player's successful deposit; null otherwise. */
  number: z.number().int().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceParamsSchema = z.object({ invoiceId: z.string().min(1).max(100) });

const isoDateTime = z.string().refine((value) => !Number.isNaN(Date.parse(value)), {
  error: 'Enter an ISO 8601 date and time.',
});

/** `GET /api/payment/invoices`: filters (omitted = all) and paging. */
export const invoicesQuerySchema = z.object({
  page: queryInt.min(1).max(100_000).default(1),
  perPage: queryInt.min(1).max(100).default(10),
  dateFrom: isoDateTime.optional(),
  dateTo: isoDateTime.optional(),
  type: queryArray(queryInt.min(1).max(2)).optional(),
  status: queryArray(queryInt.min(1).max(5)).optional(),
  currency: queryArray(currencyCodeParam).optional(),
});
export type InvoicesQuery = z.infer<typeof invoicesQuerySchema>;

const nullableAmount = z.number().nullable();
const nullableDate = z.string().nullable();

/** Per currency. Purchases and virtual payouts do not exist here: 0 and null. */
export const invoiceStatisticsSchema = z.object({
  currency: z.string(),
  depositsCount: z.number().int(),
  withdrawalsCount: z.number().int(),
  purchasesCount: z.number().int(),
  virtualPayoutsCount: z.number().int(),
  depositsSum: z.number(),
  withdrawalsSum: z.number(),
  purchasesSum: z.number(),
  virtualPayoutsSum: z.number(),
  lastDepositAmount: nullableAmount,
  lastWithdrawalAmount: nullableAmount,
  lastPurchaseAmount: nullableAmount,
  lastVirtualPayoutAmount: nullableAmount,
  lastDepositProcessedAt: nullableDate,
  lastWithdrawalProcessedAt: nullableDate,
  lastPurchaseProcessedAt: nullableDate,
  lastVirtualPayoutProcessedAt: nullableDate,
  depositsSumBaseCurrency: z.number(),
  withdrawalsSumBaseCurrency: z.number(),
  purchasesSumBaseCurrency: z.number(),
  virtualPayoutsSumBaseCurrency: z.number(),
  lastDepositAmountBaseCurrency: nullableAmount,
  lastWithdrawalAmountBaseCurrency: nullableAmount,
  lastPurchaseAmountBaseCurrency: nullableAmount,
  lastVirtualPayoutAmountBaseCurrency: nullableAmount,
});
export type InvoiceStatistics = z.infer<typeof invoiceStatisticsSchema>;

/** `GET /api/risk/reasons/turn-over-wager` (docs/bonuses.md, turn-over wager). */
export const turnOverWagerQuerySchema = z.object({ currency: currencyCodeParam });

export const turnOverWagerSchema = z.object({
  /** Turnover required in all (major units). */
  total: z.number(),
  /** The wager multiplier, shown as-is. */
  turnOverWager: z.number(),
  /** Still to wager; above 0 the withdraw form gives way to a progress panel. */
  turnOverWagerAmount: z.number(),
  currency: z.string(),
});
export type TurnOverWager = z.infer<typeof turnOverWagerSchema>;

// ---- operator API ----

/** A withdrawal as the operator API shows it: the invoice with whose it is and where it goes. */
export const adminWithdrawalSchema = invoiceSchema.extend({
  playerId: z.string(),
  accountId: z.string(),
  provider: z.string(),
  fields: z.record(z.string(), z.string().nullable()),
  approvedBy: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;

export const adminWithdrawalsQuerySchema = z.object({
  page: queryInt.min(1).max(100_000).default(1),
  perPage: queryInt.min(1).max(100).default(20),
  status: queryArray(queryInt.min(1).max(5)).optional(),
});

export const adminRejectBodySchema = z.object({ reason: z.string().trim().min(1).max(200).optional() }).optional();
