import {
  BetStatus,
  BonusResult,
  BonusStatus,
  BonusType,
  CashLimitPeriod,
  COOLING_OFF_PERIODS,
  DocumentStatus,
  FreespinResult,
  InvoiceStatus,
  InvoiceType,
  LimitDefinition,
  LimitStatus,
  PlayerStatus,
  SELF_EXCLUSION_PERIODS,
  type Constants,
  type StatusItem,
} from '@croupier/contract';
import type { Config } from '../../config';

/** `{ ACTIVE: 1 }` → `[{ id: 1, name: 'active' }]`: stable ids, snake-case names. */
function list(enumeration: Record<string, number | string>): StatusItem[] {
  return Object.entries(enumeration).map(([key, id]) => ({ id, name: key.toLowerCase() }));
}

const names = (items: readonly string[]): StatusItem[] => items.map((id) => ({ id, name: id }));

let timeZonesCache: { id: string; name: string }[] | undefined;
function timeZones(): { id: string; name: string }[] {
  timeZonesCache ??= Intl.supportedValuesOf('timeZone').map((id) => ({ id, name: id.replace(/_/g, ' ') }));
  return timeZonesCache;
}

/** The constants object of `GET /api/settings/constants` (the enumerations clients key on). */
export function buildConstants(config: Config, referralEnabled = false): Constants {
  const features = config.features;
  return {
    player: {
      scenarios: names(['registration', 'profile']),
      timeZone: timeZones(),
      playerStatuses: list(PlayerStatus),
      document: {
        status: list(DocumentStatus),
        type: [
          { id: 'identity_front', name: 'Identity document (front)', section: 'identity' },
          { id: 'identity_back', name: 'Identity document (back)', section: 'identity' },
          { id: 'identity_selfie_id', name: 'Selfie with identity document', section: 'identity' },
          { id: 'address', name: 'Proof of address', section: 'address' },
          { id: 'payment', name: 'Payment method (front)', section: 'payment' },
          { id: 'payment_back', name: 'Payment method (back)', section: 'payment' },
          { id: 'other', name: 'Other document', section: 'other' },
        ],
      },
      limit: {
        definition: list(LimitDefinition),
        status: list(LimitStatus),
        allPeriod: names([
          ...CashLimitPeriod,
          ...COOLING_OFF_PERIODS.map((p) => p.id),
          ...SELF_EXCLUSION_PERIODS.map((p) => p.id),
        ]),
        cashPeriod: names(CashLimitPeriod),
        coolingOffPeriod: names(COOLING_OFF_PERIODS.map((p) => p.id)),
        selfExclusionPeriod: names(SELF_EXCLUSION_PERIODS.map((p) => p.id)),
      },
      registration: { email: features.registration.email, phone: features.registration.phone },
      otp: { enabled: features.registration.phone, reason: ['registration', 'phoneVerification', 'changingPass'] },
      socialAuth: features.socialAuth.filter((provider) => provider !== 'telegram' || features.telegram !== undefined),
      ...(features.telegram ? { telegram: { bot: features.telegram.bot, auth_url: features.telegram.authUrl } } : {}),
      referral: {
        enabled: referralEnabled,
        segmentTypes: [],
        qualificationStatuses: list({ IN_PROGRESS: 1, QUALIFIED: 2, UNQUALIFIED: 3 }),
      },
    },
    payment: { invoiceStatuses: list(InvoiceStatus), invoiceTypes: list(InvoiceType) },
    game: {
      bet: {
        status: list(BetStatus),
        transactionType: list({ BET: 1, WIN: 2, ROLLBACK: 3 }),
        amountType: list({ REAL: 1, BONUS: 2 }),
      },
      spin: { transactionType: list({ BET: 1, WIN: 2, ROLLBACK: 3 }) },
      bonus: {
        triggerType: list({
          DEPOSIT: 1,
          REGISTRATION: 2,
          BONUS_CODE: 3,
          QUEST: 4,
          TOURNAMENT: 5,
          CASHBACK: 6,
          REFERRAL_OWNER: 11,
        }),
        type: list(BonusType),
        status: list({ ACTIVE: 1, INACTIVE: 2 }),
        wagerSportsbookTicketType: list({ SINGLE: 1, COMBO: 2 }),
        wagerSportsbookStage: list({ PREMATCH: 1, LIVE: 2 }),
        payoutBalanceType: list({ REAL: 1, BONUS: 2 }),
        wagerCategory: list({ CASINO: 1, SPORTSBOOK: 2 }),
        depositBonusDeclineDefault: features.depositBonusDeclineDefault,
      },
      playerBonus: { status: list(BonusStatus), result: list(BonusResult) },
      playerFreespin: { status: list(BonusStatus), result: list(FreespinResult) },
    },
  };
}
