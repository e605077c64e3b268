import { z } from 'zod';
import { CurrencyType } from './enums';

export const currencySchema = z.object({
  code: z.string(),
  name: z.string(),
  symbol: z.string(),
  type: z.enum(CurrencyType),
  isEnabled: z.boolean(),
  isBase: z.boolean(),
  subunitToUnit: z.number().int().positive(),
  rate: z.object({
    /** Minor units of this currency worth one major unit of the base currency. */
    rate: z.number().positive(),
    rateTime: z.string(),
  }),
  subCurrencies: z.array(z.object({ code: z.string(), subunitToUnit: z.number().int().positive() })),
});
export type Currency = z.infer<typeof currencySchema>;

export const currenciesQuerySchema = z.object({
  visible: z.enum(['0', '1']).optional(),
});

export const localeSchema = z.object({
  code: z.string(),
  name: z.string(),
  nativeName: z.string(),
  languageCode: z.string(),
  isDefault: z.boolean(),
});
export type Locale = z.infer<typeof localeSchema>;

export const countrySchema = z.object({
  code: z.string().length(2),
  name: z.string(),
  nativeName: z.string(),
  phonePrefix: z.string(),
  currency: z.string(),
  locale: z.string(),
  additionalCurrency: z.array(z.string()),
  restrict: z.boolean(),
  /** 1: geo-restricted layout; 2: sign-in and sign-up blocked. Only when `restrict`. */
  restrictType: z.union([z.literal(1), z.literal(2)]).nullable(),
});
export type Country = z.infer<typeof countrySchema>;

const statusItem = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });
export type StatusItem = z.infer<typeof statusItem>;
const statusList = z.array(statusItem);

export const constantsSchema = z.object({
  player: z.object({
    scenarios: statusList,
    timeZone: z.array(z.object({ id: z.string(), name: z.string() })),
    playerStatuses: statusList,
    document: z.object({
      status: statusList,
      type: z.array(z.object({ id: z.string(), name: z.string(), section: z.string() })),
    }),
    limit: z.object({
      definition: statusList,
      status: statusList,
      allPeriod: statusList,
      cashPeriod: statusList,
      coolingOffPeriod: statusList,
      selfExclusionPeriod: statusList,
    }),
    registration: z.object({ email: z.boolean(), phone: z.boolean() }),
    otp: z.object({ enabled: z.boolean(), reason: z.array(z.string()) }),
    socialAuth: z.array(z.string()),
    telegram: z.object({ bot: z.string(), auth_url: z.string() }).optional(),
    referral: z.object({
      enabled: z.boolean(),
      segmentTypes: statusList,
      qualificationStatuses: statusList,
    }),
  }),
  payment: z.object({ invoiceStatuses: statusList, invoiceTypes: statusList }),
  game: z.object({
    bet: z.object({ status: statusList, transactionType: statusList, amountType: statusList }),
    spin: z.object({ transactionType: statusList }),
    bonus: z.object({
      triggerType: statusList,
      type: statusList,
      status: statusList,
      wagerSportsbookTicketType: statusList,
      wagerSportsbookStage: statusList,
      payoutBalanceType: statusList,
      wagerCategory: statusList,
      depositBonusDeclineDefault: z.boolean(),
    }),
    playerBonus: z.object({ status: statusList, result: statusList }),
    playerFreespin: z.object({ status: statusList, result: statusList }),
  }),
});
export type Constants = z.infer<typeof constantsSchema>;

/** What the web app needs at start, beyond the cached settings lists. */
export const playerInitSchema = z.object({
  /** The visitor's country (ISO alpha-2) from the edge header, or null if unknown. */
  country: z.string().nullable(),
  /** The restriction that applies to that country, if any. */
  restrictType: z.union([z.literal(1), z.literal(2)]).nullable(),
  /** The locale suggested for the visitor: their country's locale, else the default. */
  locale: z.string(),
  /** Server time, so that countdowns can correct for a skewed local clock. */
  serverTime: z.string(),
  features: z.object({
    loyalty: z.boolean(),
    sportsbook: z.boolean(),
    guestChat: z.boolean(),
    chat: z.boolean(),
    /** The live chat widget, when configured: its id and script URL (`{widgetId}` is replaced). */
    chatWidget: z.object({ widgetId: z.string(), scriptUrl: z.string() }).nullable(),
    /** Lifetime of the affiliateTag cookie set from the `stag` URL parameter. */
    affiliateCookieDays: z.number().int().positive(),
    /** Wallet forms also show dynamic fields already prefilled with a valid value. */
    walletShowFilledFields: z.boolean(),
  }),
});
export type PlayerInit = z.infer<typeof playerInitSchema>;
