import {
  localizedTextSchema,
  PAYMENT_FIELD_TYPES,
  toMajorAmount,
  type PaymentField,
  type PaymentMethod,
  type PaymentMethodType,
  type ProcessingType,
} from '@croupier/contract';
import { z } from 'zod';

/**
 * The payment method catalogue as stored (`payment_methods`, `payment_method_currencies`)
 * and as the API presents it. Field definitions are jsonb written by the seed or an
 * operator; they are checked when read, so that a broken definition fails loudly instead
 * of letting a field through unvalidated.
 */

/** Profile values a field may be pre-filled with. */
export const PREFILL_SOURCES = ['phone', 'email', 'firstName', 'lastName'] as const;
export type PrefillSource = (typeof PREFILL_SOURCES)[number];

const storedOptionSchema = z.object({
  id: z.string().max(100),
  name: z.string().max(200),
  /** Wallet-address pattern of a network option. */
  regex: z.string().max(500).optional(),
  /** Wallet-address pattern of a currencyWithdraw option. */
  regexp: z.string().max(500).optional(),
});

export const storedFieldSchema = z.object({
  key: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/),
  fieldType: z.enum(PAYMENT_FIELD_TYPES).default('text'),
  regexp: z.string().max(500).default(''),
  labels: localizedTextSchema.default({}),
  hints: localizedTextSchema.default({}),
  isRequired: z.boolean().default(false),
  position: z.number().int().default(0),
  /** Longest accepted value (characters). */
  maxLength: z.number().int().min(1).max(2000).default(200),
  prefill: z.enum(PREFILL_SOURCES).optional(),
  options: z.array(storedOptionSchema).optional(),
});
export type StoredField = z.infer<typeof storedFieldSchema>;
export type StoredFieldInput = z.input<typeof storedFieldSchema>;

export const storedFieldsSchema = z.array(storedFieldSchema);

const minorText = z.string().regex(/^\d{1,19}$/);
export const storedPresetsSchema = z.array(z.object({ amountMinor: minorText, default: z.boolean() }));
export const storedOptionBoundsSchema = z.record(z.string(), z.object({ minMinor: minorText, maxMinor: minorText }));

export interface AmountBoundsMinor {
  minMinor: bigint;
  maxMinor: bigint;
}

/** A method offered in one currency, as the services use it. */
export interface MethodInCurrency {
  id: string;
  direction: 'deposit' | 'withdrawal';
  provider: string;
  type: PaymentMethodType;
  processingType: ProcessingType;
  logo: string;
  icon: string | null;
  names: Record<string, string>;
  fields: StoredField[];
  countries: string[] | null;
  position: number;
  currency: string;
  bounds: AmountBoundsMinor;
  presets: { amountMinor: bigint; default: boolean }[];
  /** Bounds of select options in this currency (override the method's when that option is chosen). */
  optionBounds: ReadonlyMap<string, AmountBoundsMinor>;
}

/** The row of the join of a method and one of its currencies. */
export interface MethodCurrencyRow {
  id: string;
  direction: 'deposit' | 'withdrawal';
  provider: string;
  type: PaymentMethodType;
  processing_type: ProcessingType;
  logo: string;
  icon: string | null;
  names: Record<string, string>;
  fields: unknown;
  countries: string[] | null;
  position: number;
  currency: string;
  amount_min_minor: bigint;
  amount_max_minor: bigint;
  presets: unknown;
  option_bounds: unknown;
}

export function toMethodInCurrency(row: MethodCurrencyRow): MethodInCurrency {
  const fields = storedFieldsSchema.safeParse(row.fields);
  const presets = storedPresetsSchema.safeParse(row.presets);
  const optionBounds = storedOptionBoundsSchema.safeParse(row.option_bounds);
  if (!fields.success || !presets.success || !optionBounds.success) {
    throw new Error(`payment method ${row.id} (${row.currency}) has a malformed definition`);
  }
  return {
    id: row.id,
    direction: row.direction,
    provider: row.provider,
    type: row.type,
    processingType: row.processing_type,
    logo: row.logo,
    icon: row.icon,
    names: row.names,
    fields: [...fields.data].sort((a, b) => a.position - b.position),
    countries: row.countries,
    position: row.position,
    currency: row.currency,
    bounds: { minMinor: row.amount_min_minor, maxMinor: row.amount_max_minor },
    presets: presets.data.map((p) => ({ amountMinor: BigInt(p.amountMinor), default: p.default })),
    optionBounds: new Map(
      Object.entries(optionBounds.data).map(([id, b]) => [
        id,
        { minMinor: BigInt(b.minMinor), maxMinor: BigInt(b.maxMinor) },
      ]),
    ),
  };
}

/** Whether a method is offered in a country (null: unknown country, only methods offered everywhere). */
export function isOfferedIn(method: Pick<MethodInCurrency, 'countries'>, country: string | null): boolean {
  if (method.countries === null) return true;
  return country !== null && method.countries.includes(country);
}

/** The profile values fields may be pre-filled with. */
export type PrefillValues = Partial<Record<PrefillSource, string | null>>;

export interface PresentOptions {
  subunitToUnit: bigint;
  /** Prefix of logo URLs: PUBLIC_URL without a trailing slash, or '' for root-relative paths. */
  assetBase: string;
  prefill: PrefillValues;
}

export function logoUrl(assetBase: string, logo: string): string {
  return `${assetBase}/api/payment/logos/${logo}`;
}

/** The API's PaymentMethod for the method's currency. */
export function toPaymentMethod(method: MethodInCurrency, options: PresentOptions): PaymentMethod {
  const currency = { subunitToUnit: options.subunitToUnit };
  const major = (minor: bigint) => toMajorAmount(minor, currency);
  const { minMinor, maxMinor } = method.bounds;
  const presets = method.presets.filter((p) => p.amountMinor >= minMinor && p.amountMinor <= maxMinor);
  const fields = method.fields.map((field): PaymentField => ({
    key: field.key,
    fieldType: field.fieldType,
    type: 'string',
    regexp: field.regexp,
    labels: field.labels,
    hints: field.hints,
    isRequired: field.isRequired,
    position: field.position,
    value: (field.prefill ? options.prefill[field.prefill] : null) ?? null,
    ...(field.options
      ? {
          options: field.options.map((option) => {
            const bounds = method.optionBounds.get(option.id) ?? method.bounds;
            return {
              id: option.id,
              name: option.name,
              minAmount: major(bounds.minMinor),
              maxAmount: major(bounds.maxMinor),
              ...(option.regex !== undefined ? { regex: option.regex } : {}),
              ...(option.regexp !== undefined ? { regexp: option.regexp } : {}),
            };
          }),
        }
      : {}),
  }));
  return {
    method: method.id,
    type: method.type,
    processingType: method.processingType,
    amountMin: major(minMinor),
    amountMax: major(maxMinor),
    presets: presets.map((p) => ({ amount: major(p.amountMinor), default: p.default })),
    logo: logoUrl(options.assetBase, method.logo),
    icon: method.icon,
    names: method.names,
    fields,
  };
}
