/**
 * Numeric enumerations of the platform (served by `GET /api/settings/constants`). Ids
 * are part of the public contract: clients key their labels on them, so they never change.
 */

export const PlayerStatus = { ACTIVE: 1, LIMITED_DEPOSITS: 2, BLOCKED: 3, SELF_EXCLUDED: 4 } as const;
export const AccountStatus = { ACTIVE: 1, INACTIVE: 2 } as const;
export const InvoiceStatus = { PENDING: 1, SUCCESS: 2, ERROR: 3, PROCESSING: 4, PREPARING: 5 } as const;
export const InvoiceType = { DEPOSIT: 1, WITHDRAWAL: 2 } as const;
export const BetStatus = { OPEN: 1, WON: 2, LOST: 3, REFUNDED: 4, CASHED_OUT: 5 } as const;
export const DocumentStatus = { APPROVE: 1, PENDING: 2, CANCELED: 3 } as const;
export const BonusStatus = { ISSUED: 1, ACTIVE: 2, FINISHED: 3 } as const;
export const BonusResult = { ISSUED: 1, PLAYED: 2, CANCELED: 3, EXPIRED: 4, LOST: 5 } as const;
export const FreespinResult = { ISSUED: 1, PLAYED: 2, CANCELED: 3, EXPIRED: 4 } as const;
export const BonusType = { CASH: 1, PERCENTAGE: 2, FREESPINS: 3, CASHBACK: 4 } as const;
export const BonusCodeTrigger = { WALLET: 1, DEPOSIT: 3 } as const;
export const BonusCodeStatus = { SUCCESS: 2, INCORRECT: 3, NOT_AVAILABLE: 4 } as const;
export const LimitDefinition = { BET: 1, LOSS: 2, DEPOSIT: 3, SELF_EXCLUSION: 4, COOLING_OFF: 5 } as const;
export const LimitStatus = { ACTIVE: 1, PENDING: 2 } as const;
export const CashLimitPeriod = ['daily', 'weekly', 'monthly'] as const;
export type CashLimitPeriod = (typeof CashLimitPeriod)[number];
export const QuestState = {
  AVAILABLE: 1,
  ACTIVE: 2,
  COMPLETED: 3,
  COMPLETED_CLAIMED: 4,
  EXPIRED: 5,
  EXPIRED_UNCLAIMED: 6,
} as const;
export const MessageState = { UNREAD: 1, READ: 2 } as const;
/** Quest task types (docs/quests.md): 2 profile fields filled, 3 win, 4 bet, 6 deposit. */
export const QuestTaskType = { PROFILE_FIELDS: 2, WIN: 3, BET: 4, DEPOSIT: 6 } as const;
export const QuestTaskExecutionOrder = { ANY: 1, SEQUENTIAL: 2 } as const;
/** Quest reward types (docs/quests.md): 1 a catalogue bonus, 2 loyalty points, 3 wheel spins. */
export const QuestRewardType = { BONUS: 1, POINTS: 2, WHEEL_SPINS: 3 } as const;
export const TournamentState = { UPCOMING: 2, RUNNING: 3, FINISHED: 4, FINISHED_PAID: 5 } as const;
export const Platform = { MOBILE: 1, DESKTOP: 2 } as const;
export const RestrictType = { GEO_LAYOUT: 1, AUTH_BLOCKED: 2 } as const;
export const CurrencyType = ['fiat', 'crypto', 'virtual'] as const;
export type CurrencyType = (typeof CurrencyType)[number];

/** Countries the web client hides from its country pickers. */
export const EXCLUDED_COUNTRY_CODES = ['US', 'UM', 'GB', 'FR', 'NL', 'AW', 'CW', 'MF'] as const;

/**
 * Self-exclusion lasts at least six months, up to permanent (`months` null: no end);
 * cooling-off from 24 hours to 6 weeks (docs/player-protection.md, "Cooling-off and
 * self-exclusion").
 */
export const SELF_EXCLUSION_PERIODS = [
  { id: '6m', months: 6 },
  { id: '1y', months: 12 },
  { id: '3y', months: 36 },
  { id: '5y', months: 60 },
  { id: 'permanent', months: null },
] as const;
export const COOLING_OFF_PERIODS = [
  { id: '1d', days: 1 },
  { id: '3d', days: 3 },
  { id: '1w', days: 7 },
  { id: '2w', days: 14 },
  { id: '30d', days: 30 },
  { id: '6w', days: 42 },
] as const;
