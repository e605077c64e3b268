import type { ColumnType, Generated } from 'kysely';

/** Kysely table types. Column names are snake_case in SQL and here. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface CurrencyTable {
  code: string;
  name: string;
  symbol: string;
  type: 'fiat' | 'crypto' | 'virtual';
  subunit_to_unit: bigint;
  is_enabled: boolean;
  is_visible: boolean;
  is_base: boolean;
  position: number;
  /** numeric: minor units of this currency per one major unit of the base currency. */
  rate: string;
  rate_time: Timestamp;
  sub_currencies: ColumnType<SubCurrencyRow[], string, string>;
}
export interface SubCurrencyRow {
  code: string;
  subunitToUnit: number;
}

export interface LocaleTable {
  code: string;
  name: string;
  native_name: string;
  language_code: string;
  is_default: boolean;
  position: number;
}

export interface CountryTable {
  code: string;
  name: string;
  native_name: string;
  phone_prefix: string;
  currency: string;
  locale: string;
  additional_currencies: ColumnType<string[], string[], string[]>;
  restrict: boolean;
  restrict_type: number | null;
}

export interface DevOutboxTable {
  id: Generated<string>;
  seq: ColumnType<bigint, never, never>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  reply_to: string | null;
  category: string;
  created_at: Generated<Date>;
}

export interface CommunicationTable {
  id: Generated<string>;
  email: string;
  name: string | null;
  subject: string | null;
  message: string;
  locale: string | null;
  client_ip: string;
  user_agent: string | null;
  created_at: Generated<Date>;
}

export interface LoyaltyLevelTable {
  id: string;
  identity: string;
  name: string;
  order: number;
  /** int8 */
  points: ColumnType<bigint, bigint | number, bigint | number>;
  perks: ColumnType<string[], string[] | undefined, string[]>;
  image: string;
  created_at: Generated<Date>;
  updated_at: Date | null;
}

/** A player's loyalty points (docs/loyalty.md); written by retention only. */
export interface LoyaltyAccountTable {
  player_id: string;
  /** int8: whole points */
  points: ColumnType<bigint, bigint | undefined, bigint>;
  /** int8: the fraction below a whole point, in 10^-18 points */
  remainder_attopoints: ColumnType<bigint, bigint | undefined, bigint>;
  level_id: string;
  highest_order: number;
  currency: string | null;
  created_at: Generated<Date>;
  updated_at: Date | null;
}

/** One change of a player's points, once per (player, source). */
export interface LoyaltyPointEntryTable {
  id: Generated<string>;
  player_id: string;
  source: string;
  /** numeric(40,0), as text: signed 10^-18 points */
  attopoints: ColumnType<string, string, string>;
  round_id: string | null;
  /** int8 */
  stake_minor: ColumnType<bigint | null, bigint | null | undefined, bigint | null>;
  reversed: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Generated<Date>;
}

export interface LoyaltyRateTable {
  currency: string;
  /** int8 */
  micropoints_per_unit: ColumnType<bigint, bigint, bigint>;
  updated_at: Generated<Date>;
}

export interface LoyaltyContributionTable {
  scope: 'game' | 'provider';
  key: string;
  percent: number;
  updated_at: Generated<Date>;
}

export interface LoyaltyLevelRewardTable {
  level_id: string;
  bonus_id: string;
  updated_at: Generated<Date>;
}

export interface Database {
  loyalty_accounts: LoyaltyAccountTable;
  loyalty_point_entries: LoyaltyPointEntryTable;
  loyalty_rates: LoyaltyRateTable;
  loyalty_contributions: LoyaltyContributionTable;
  loyalty_level_rewards: LoyaltyLevelRewardTable;
}

export interface GameProviderTable {
  id: string;
  identity: string;
  name: string;
  is_enabled: Generated<boolean>;
  position: Generated<number>;
  /** Site-relative path of the 116x40 logo. */
  logo_path: string;
  created_at: Generated<Date>;
}

export interface GameCollectionTable {
  id: string;
  identity: string;
  name: string;
  /** Empty: shown everywhere; otherwise only to visitors from these countries. */
  countries: ColumnType<string[], string[] | undefined, string[]>;
  is_hidden: Generated<boolean>;
  position: Generated<number>;
  created_at: Generated<Date>;
}

export interface GameLabelTable {
  id: string;
  name: string;
  created_at: Generated<Date>;
  updated_at: Date | null;
}

/** A nullable numeric column: read as a string (exact), written as a string or a number. */
type NullableNumeric = ColumnType<string | null, string | number | null | undefined, string | number | null>;

export interface GameTable {
  id: string;
  identity: string;
  name: string;
  description: Generated<string>;
  provider_id: string;
  type: 'slots' | 'table' | 'instant' | 'live' | 'crash' | 'sportsbook';
  volatility: 'low' | 'medium' | 'high' | 'very-high';
  paylines: Generated<number>;
  /** Percent. */
  rtp: NullableNumeric;
  is_demo_mode: Generated<boolean>;
  is_enabled: Generated<boolean>;
  is_bonus_wagering: Generated<boolean>;
  minimum_bonus_wager_multiplier: ColumnType<string, string | number | undefined, string | number>;
  /** 1 mobile, 2 desktop. */
  platforms: ColumnType<number[], number[] | undefined, number[]>;
  restricted_countries: ColumnType<string[], string[] | undefined, string[]>;
  score: Generated<number>;
  released_at: ColumnType<Date, Date | string | undefined, Date | string>;
  position: Generated<number>;
  image_square_path: string;
  image_vertical_path: string;
  custom_image_square_path: string | null;
  custom_image_vertical_path: string | null;
  screen_width_ratio: NullableNumeric;
  screen_height_ratio: NullableNumeric;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface GameCollectionGameTable {
  collection_id: string;
  game_id: string;
  position: Generated<number>;
}

export interface GameLabelLinkTable {
  game_id: string;
  label_id: string;
  position: Generated<number>;
}

/** A `date` column: 'YYYY-MM-DD' text on both drivers (see database.ts). */
type DateText = ColumnType<string | null, string | null | undefined, string | null>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Counter = ColumnType<number, number | undefined, number>;

export type PlayerGender = 'male' | 'female';
export type RegistrationMethod = 'email' | 'phone' | 'social';

export interface PlayerTable {
  id: Generated<string>;
  external_id: ColumnType<bigint, never, never>;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  status: Counter;
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  birthdate: DateText;
  gender: PlayerGender | null;
  nationality: string | null;
  place_of_birth: string | null;
  address: string | null;
  additional_address: string | null;
  city: string | null;
  postal_code: string | null;
  profession: string | null;
  personal_id_number: string | null;
  security_question: string | null;
  security_answer: string | null;
  time_zone: string | null;
  locale: string | null;
  country: string | null;
  currency: string | null;
  confirmed_at: Date | null;
  phone_confirmed: Flag;
  receive_email_promo: Flag;
  receive_sms_promo: Flag;
  pwa_installed: Flag;
  agreed_tc: Flag;
  freshchat_restore_id: string | null;
  referral_code: string | null;
  referrer_code: string | null;
  bonus_code: string | null;
  affiliate_tag: string | null;
  fingerprint: string | null;
  registration_method: RegistrationMethod;
  registration_ip: string | null;
  registration_country: string | null;
  failed_login_count: Counter;
  lockout_count: Counter;
  locked_until: Date | null;
  last_login_at: Date | null;
  previous_login_at: Date | null;
  password_changed_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export type SignInMethod = 'password' | 'registration' | 'autologin' | 'social';
export type SessionCloseReason =
  'logout' | 'closed' | 'password_changed' | 'password_reset' | 'refresh_reuse' | 'blocked' | 'expired' | 'excluded';

export interface PlayerSessionTable {
  id: string;
  player_id: string;
  refresh_token_hash: string;
  refresh_generation: Counter;
  refresh_rotated_at: Date | null;
  sign_in_method: SignInMethod;
  ip: string;
  country: string | null;
  device_type: 'desktop' | 'mobile';
  user_agent: ColumnType<string, string | undefined, string>;
  fingerprint: string | null;
  created_at: Generated<Date>;
  last_seen_at: Generated<Date>;
  expires_at: Date;
  closed_at: Date | null;
  close_reason: SessionCloseReason | null;
}

export type OtpReasonColumn = 'registration' | 'phoneVerification' | 'changingPass';

export interface OtpCodeTable {
  id: Generated<string>;
  phone: string;
  reason: OtpReasonColumn;
  code_hash: string;
  attempts: Counter;
  client_ip: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  verified_at: Date | null;
  consumed_at: Date | null;
  invalidated_at: Date | null;
}

export interface PasswordResetTable {
  id: Generated<string>;
  player_id: string;
  code_hash: string;
  channel: 'email' | 'sms';
  client_ip: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface EmailConfirmationTable {
  id: Generated<string>;
  player_id: string;
  email: string;
  code_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface AutologinTokenTable {
  id: Generated<string>;
  player_id: string;
  token_hash: string;
  issued_by: ColumnType<string, string | undefined, string>;
  created_at: Generated<Date>;
  expires_at: Date;
  consumed_at: Date | null;
}

export interface SelfExclusionTable {
  id: Generated<string>;
  player_id: string | null;
  email_normalized: string | null;
  phone: string | null;
  starts_at: Generated<Date>;
  ends_at: Date | null;
  source: ColumnType<'player' | 'operator' | 'register', 'player' | 'operator' | 'register' | undefined, string>;
  created_at: Generated<Date>;
  /** The player's self-exclusion that wrote the entry (migration 0035). */
  limit_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Hash of the person's verified identity (limits/exclusions.ts). */
  identity_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PlayerFieldTable {
  id: number;
  scenario: 'registration' | 'profile';
  name: string;
  description: ColumnType<string, string | undefined, string>;
  editable: Flag;
  is_required: Flag;
  is_visible: Flag;
  position: Counter;
  /** jsonb: written as JSON text. */
  default_value: ColumnType<string | number | boolean | null, string | null | undefined, string | null>;
}

/** Wrong passwords for a login without a password account: it locks like an account does. */
export interface LoginFailureTable {
  login: string;
  failed_login_count: Counter;
  lockout_count: Counter;
  locked_until: Date | null;
  updated_at: Generated<Date>;
}

export type LedgerAccountKind =
  | 'player'
  | 'payment_clearing'
  | 'withdrawals_pending'
  | 'fees'
  | 'game'
  | 'bonus'
  | 'sandbox_funding'
  /** Tournament cash prizes are paid from it (migration 0044). */
  | 'tournament_prizes';
export type LedgerBucket = 'real' | 'bonus' | 'locked';
/** An int8 amount: read as bigint, written as bigint. */
type Minor = ColumnType<bigint, bigint | undefined, bigint>;

export interface LedgerAccountTable {
  id: Generated<string>;
  kind: LedgerAccountKind;
  player_id: string | null;
  operator_key: string | null;
  currency: string;
  balance_minor: Minor;
  bonus_balance_minor: Minor;
  locked_balance_minor: Minor;
  restricted_minor: Minor;
  is_hidden: Flag;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PlayerWalletTable {
  player_id: string;
  active_account_id: string;
  updated_at: Generated<Date>;
}

export interface LedgerTransactionTable {
  id: Generated<string>;
  idempotency_key: string;
  kind: string;
  request_hash: string;
  /** jsonb: written as JSON text. */
  metadata: ColumnType<Record<string, unknown>, string, never>;
  created_at: Generated<Date>;
}

export interface LedgerPostingTable {
  id: ColumnType<bigint, never, never>;
  transaction_id: string;
  account_id: string;
  bucket: LedgerBucket;
  currency: string;
  amount_minor: ColumnType<bigint, bigint, never>;
  created_at: Generated<Date>;
}

export type PaymentDirection = 'deposit' | 'withdrawal';
export type ProcessingTypeColumn = 'form' | 'qr' | 'iframe' | 'message' | 'asyncRedirect';

export interface PaymentMethodTable {
  id: string;
  direction: PaymentDirection;
  provider: string;
  type: ColumnType<'form' | 'address', 'form' | 'address' | undefined, 'form' | 'address'>;
  processing_type: ProcessingTypeColumn;
  logo: string;
  icon: string | null;
  /** jsonb: written as JSON text. */
  names: ColumnType<Record<string, string>, string | undefined, string>;
  /** jsonb array of field definitions (checked when read: see modules/payments/catalogue.ts). */
  fields: ColumnType<unknown, string | undefined, string>;
  countries: string[] | null;
  position: ColumnType<number, number | undefined, number>;
  is_enabled: Flag;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PaymentMethodCurrencyTable {
  method_id: string;
  currency: string;
  amount_min_minor: bigint;
  amount_max_minor: bigint;
  /** jsonb: [{ amountMinor: string, default: boolean }]. */
  presets: ColumnType<unknown, string | undefined, string>;
  /** jsonb: { optionId: { minMinor: string, maxMinor: string } }. */
  option_bounds: ColumnType<unknown, string | undefined, string>;
  is_enabled: Flag;
}

export interface PaymentInvoiceTable {
  id: Generated<string>;
  player_id: string;
  account_id: string;
  invoice_type: number;
  status: ColumnType<number, number | undefined, number>;
  status_result: string | null;
  method_id: string;
  provider: string;
  currency: string;
  amount_minor: ColumnType<bigint, bigint, never>;
  fields: ColumnType<Record<string, string | null>, string | undefined, string>;
  public_data: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  provider_reference: string | null;
  response: ColumnType<unknown, string | null | undefined, string | null>;
  number: number | null;
  country: string | null;
  bonus_id: string | null;
  is_bonus_decline: Flag;
  idempotency_key: string | null;
  request_hash: string | null;
  approved_by: 'auto' | 'operator' | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  processed_at: Date | null;
}

export interface PaymentWebhookEventTable {
  provider: string;
  event_id: string;
  event_type: string;
  invoice_id: string | null;
  received_at: Generated<Date>;
}

export interface TurnoverRequirementTable {
  account_id: string;
  player_id: string;
  currency: string;
  required_minor: Minor;
  wagered_minor: Minor;
  restricted_minor: Minor;
  /** numeric: read as text. */
  multiple: ColumnType<string, string | undefined, string>;
  updated_at: Generated<Date>;
}

export interface PspSandboxPaymentTable {
  id: Generated<string>;
  kind: 'deposit' | 'payout';
  merchant_reference: string;
  processing_type: string;
  amount_minor: ColumnType<bigint, bigint, never>;
  currency: string;
  amount_text: string;
  status: ColumnType<
    'open' | 'pending' | 'succeeded' | 'failed',
    'open' | 'pending' | 'succeeded' | 'failed' | undefined,
    'open' | 'pending' | 'succeeded' | 'failed'
  >;
  success_url: string | null;
  error_url: string | null;
  webhook_url: string;
  /** jsonb: the last webhook sent, `{ body, eventId }`. */
  last_event: ColumnType<{ body: string; eventId: string } | null, string | null | undefined, string | null>;
  delivered_at: Date | null;
  created_at: Generated<Date>;
  completed_at: Date | null;
}

export interface CryptoAddressCounterTable {
  network: string;
  next_index: number;
}

export interface CryptoDepositAddressTable {
  id: Generated<string>;
  player_id: string;
  network: string;
  derivation_index: number;
  address: string;
  tag: string | null;
  created_at: Generated<Date>;
}

export interface CryptoTransferTable {
  tx_id: string;
  network: string;
  address_id: string;
  currency: string;
  amount_minor: ColumnType<bigint, bigint, never>;
  invoice_id: string;
  status: ColumnType<'pending' | 'confirmed', 'pending' | 'confirmed' | undefined, 'pending' | 'confirmed'>;
  created_at: Generated<Date>;
  confirmed_at: Date | null;
}

export type CryptoPayoutStatus = 'broadcast' | 'confirmed' | 'dropped';

export interface CryptoPayoutTable {
  tx_id: string;
  invoice_id: string;
  network: string;
  address: string;
  tag: string | null;
  currency: string;
  amount_minor: ColumnType<bigint, bigint, never>;
  status: ColumnType<CryptoPayoutStatus, CryptoPayoutStatus | undefined, CryptoPayoutStatus>;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface SchemaMigrationTable {
  version: string;
  applied_at: Generated<Date>;
}

export interface GameSessionTable {
  id: Generated<string>;
  token_hash: string;
  player_id: string | null;
  game_id: string;
  provider: string;
  account_id: string | null;
  currency: string;
  is_demo: boolean;
  demo_balance_minor: ColumnType<bigint, bigint | undefined, bigint>;
  expires_at: Date;
  /** The player's sign-in session that launched it (null for a guest's demo); the game session ends with it. */
  sign_in_session_id: string | null;
  created_at: Generated<Date>;
}

export interface GameWalletTransactionTable {
  id: Generated<string>;
  provider: string;
  provider_tx_id: string;
  /** `resettle`: a correction of what a settled round paid (migration 0047); its amount is signed. */
  kind: 'bet' | 'win' | 'rollback' | 'resettle';
  session_id: string;
  round_id: string;
  amount_minor: bigint;
  currency: string;
  reference_tx_id: string | null;
  refunded: Generated<boolean>;
  rolled_back: Generated<boolean>;
  ledger_transaction_id: string | null;
  /** The part of a bet paid with bonus money. */
  bonus_minor: Minor;
  /** A provider's free round: the free-spins grant it was played from (no money moved). */
  freespin_id: Generated<string | null>;
  /** A resettle taking money back: the part the player's real balance could not cover (not collected). */
  shortfall_minor: Minor;
  /** The writing transaction's id (xid8 as text): the activity stream's order (migration 0038). */
  tx_xid: Generated<string>;
  created_at: Generated<Date>;
}

export interface GameSeedPairTable {
  id: Generated<string>;
  player_id: string | null;
  session_id: string | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: ColumnType<bigint, bigint | undefined, bigint>;
  is_active: Generated<boolean>;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export interface GameRoundTable {
  id: string;
  player_id: string | null;
  session_id: string;
  game_id: string;
  game: string;
  seed_pair_id: string;
  nonce: bigint;
  /** The client seed the round was played with (the pair's may change later). */
  client_seed: string;
  /** jsonb: written as JSON text. */
  params: ColumnType<Record<string, unknown>, string, never>;
  /** An open round's outcome is its secret state (mines), updated by each step. */
  outcome: ColumnType<Record<string, unknown>, string, string>;
  /** Steps of a multi-step round (mines); null for one-shot games. */
  actions: ColumnType<Record<string, unknown> | null, string | null, string>;
  /** See migration 0014: betting, paying and refunding owe a wallet call (remote wallet only). */
  status: GameRoundStatus;
  currency: string;
  is_demo: boolean;
  stake_minor: bigint;
  payout_minor: bigint;
  /** int8: a cleared mines board pays up to ~5 million x (5·10¹⁰ bp). */
  multiplier_bp: bigint;
  created_at: Generated<Date>;
  settled_at: Date | null;
  /** Played with a free spin of this grant (`player_freespins`): no money moved. */
  freespin_id: Generated<string | null>;
}

export type GameRoundStatus = 'betting' | 'open' | 'paying' | 'refunding' | 'settled' | 'void';

/** A wallet call a round of the in-house games still owes when they call the wallet over HTTP. */
export interface GameRoundWalletCallTable {
  round_id: string;
  /** The launch token of the session that bet; the row is deleted once the round is final. */
  session_token: string;
  /** Null while nothing is owed (an open round). */
  due_at: Date | null;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: Generated<Date>;
}

/** The operator's stake limits of a game in one currency (minor units). */
export interface GameStakeLimitTable {
  game_id: string;
  currency: string;
  min_minor: bigint;
  max_minor: bigint;
  updated_at: Generated<Date>;
}

export interface GameFavouriteTable {
  player_id: string;
  game_id: string;
  created_at: Generated<Date>;
}

export interface GameWinTable {
  id: Generated<string>;
  provider: string;
  round_id: string;
  game_id: string;
  player_id: string;
  currency: string;
  stake_minor: bigint;
  payout_minor: bigint;
  created_at: Generated<Date>;
}

export interface SportBetTable {
  id: Generated<string>;
  player_id: string;
  game_id: string;
  round_id: string;
  currency: string;
  stake_minor: bigint;
  payout_minor: ColumnType<bigint, bigint | undefined, bigint>;
  /** numeric(12,4): read as text. */
  coefficient: ColumnType<string, string | number, string | number>;
  ticket_type: number;
  status: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface SportBetItemTable {
  bet_id: string;
  position: number;
  event: string;
  stage: number;
  discipline: string;
  tournament: string;
  event_date: Timestamp;
  market: string;
  outcome: string;
  /** numeric(12,4): read as text. */
  coefficient: ColumnType<string, string | number, string | number>;
  /** jsonb: the selection's keys (contract `SelectionRef`) when the sportsbook gives them; written as JSON text. */
  selection: ColumnType<unknown, string | null | undefined, never>;
}

export type JobStatus = 'pending' | 'running' | 'done' | 'failed';

/** A durable job (modules/jobs): due at `run_at`, claimed under a lease, done exactly once. */
export interface JobTable {
  id: Generated<string>;
  kind: string;
  key: string | null;
  payload: Generated<Record<string, unknown>>;
  status: Generated<JobStatus>;
  run_at: Generated<Date>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_by: string | null;
  locked_until: Date | null;
  last_error: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}

export interface BonusPackageTable {
  id: Generated<string>;
  name: string;
  created_at: Generated<Date>;
}

export interface BonusTable {
  id: Generated<string>;
  name: string;
  type: number;
  status: Generated<number>;
  trigger: 'deposit' | 'code' | 'registration' | 'cashback' | 'manual' | 'referral';
  package_id: string | null;
  package_priority: Generated<number>;
  available_from: Date | null;
  available_to: Date | null;
  /** `BonusTerms` (modules/bonuses/terms.ts) as JSON. */
  terms: ColumnType<Record<string, unknown>, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** numeric columns arrive as strings (exact). */
type Numeric = ColumnType<string, string | undefined, string>;

export interface PlayerBonusTable {
  id: Generated<string>;
  player_id: string;
  bonus_id: string;
  account_id: string;
  currency: string;
  name: string;
  bonus_type: number;
  status: Generated<number>;
  result: Generated<number>;
  amount_minor: bigint;
  wager_casino: Numeric;
  wager_sportsbook: Numeric;
  required_casino_minor: Minor;
  required_sportsbook_minor: Minor;
  wagered_casino_minor: Minor;
  wagered_sportsbook_minor: Minor;
  min_bet_minor: bigint | null;
  max_bet_minor: bigint | null;
  max_win_minor: bigint | null;
  is_cancel_lock: Generated<boolean>;
  conditions: ColumnType<Record<string, unknown>, string | undefined, string>;
  package_id: string | null;
  package_priority: Generated<number>;
  issue_session_id: string | null;
  source: string;
  converted_minor: bigint | null;
  activation_expires_at: Date | null;
  wagering_expires_at: Date | null;
  created_at: Generated<Date>;
  activated_at: Date | null;
  finished_at: Date | null;
}

export interface Database {
  currencies: CurrencyTable;
  locales: LocaleTable;
  countries: CountryTable;
  dev_outbox: DevOutboxTable;
  communications: CommunicationTable;
  loyalty_levels: LoyaltyLevelTable;
  game_providers: GameProviderTable;
  game_collections: GameCollectionTable;
  game_labels: GameLabelTable;
  games: GameTable;
  game_collection_games: GameCollectionGameTable;
  game_label_links: GameLabelLinkTable;
  players: PlayerTable;
  player_sessions: PlayerSessionTable;
  otp_codes: OtpCodeTable;
  password_resets: PasswordResetTable;
  email_confirmations: EmailConfirmationTable;
  autologin_tokens: AutologinTokenTable;
  self_exclusions: SelfExclusionTable;
  player_fields: PlayerFieldTable;
  login_failures: LoginFailureTable;
  ledger_accounts: LedgerAccountTable;
  player_wallets: PlayerWalletTable;
  ledger_transactions: LedgerTransactionTable;
  ledger_postings: LedgerPostingTable;
  payment_methods: PaymentMethodTable;
  payment_method_currencies: PaymentMethodCurrencyTable;
  payment_invoices: PaymentInvoiceTable;
  payment_webhook_events: PaymentWebhookEventTable;
  turnover_requirements: TurnoverRequirementTable;
  psp_sandbox_payments: PspSandboxPaymentTable;
  crypto_address_counters: CryptoAddressCounterTable;
  crypto_deposit_addresses: CryptoDepositAddressTable;
  crypto_transfers: CryptoTransferTable;
  crypto_payouts: CryptoPayoutTable;
  game_sessions: GameSessionTable;
  game_wallet_transactions: GameWalletTransactionTable;
  game_seed_pairs: GameSeedPairTable;
  game_rounds: GameRoundTable;
  game_round_wallet_calls: GameRoundWalletCallTable;
  game_stake_limits: GameStakeLimitTable;
  game_favourites: GameFavouriteTable;
  game_wins: GameWinTable;
  sport_bets: SportBetTable;
  sport_bet_items: SportBetItemTable;
  schema_migrations: SchemaMigrationTable;
  jobs: JobTable;
  bonus_packages: BonusPackageTable;
  bonuses: BonusTable;
  player_bonuses: PlayerBonusTable;
}

/** An operator's bonus code (modules/bonuses/codes.ts). */
export interface BonusCodeTable {
  id: Generated<string>;
  code: string;
  bonus_id: string;
  status: Generated<number>;
  max_uses: number | null;
  max_uses_per_player: number | null;
  uses: Generated<number>;
  available_from: Date | null;
  available_to: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A code a player entered: applied (result: waiting, given, removed), incorrect or not available. */
export interface PlayerBonusCodeTable {
  id: Generated<string>;
  player_id: string;
  bonus_code_id: string | null;
  code: string;
  trigger: number;
  status: number;
  result: number | null;
  player_bonus_id: string | null;
  invoice_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

// The bonus codes' tables (declaration merging keeps this an addition to `Database` above).
export interface Database {
  bonus_codes: BonusCodeTable;
  player_bonus_codes: PlayerBonusCodeTable;
}

/** Free spins given to a player (modules/bonuses/freespins.ts, migration 0026). */
export interface PlayerFreespinTable {
  id: Generated<string>;
  player_id: string;
  bonus_id: string;
  account_id: string;
  currency: string;
  name: string;
  game_id: string;
  game_identity: string;
  provider: string;
  count: number;
  used_count: Generated<number>;
  bet_value_minor: bigint;
  won_minor: Generated<bigint>;
  /** 1 issued, 2 active, 3 finished. */
  status: Generated<number>;
  /** 1 open, 2 played, 3 cancelled, 4 expired. */
  result: Generated<number>;
  /** The catalogue bonus's terms as given (jsonb). */
  terms: ColumnType<Record<string, unknown>, string, never>;
  package_id: string | null;
  package_priority: Generated<number>;
  issue_session_id: string | null;
  source: string;
  activation_expires_at: Date | null;
  expires_at: Date | null;
  created_at: Generated<Date>;
  activated_at: Date | null;
  finished_at: Date | null;
  winnings_bonus_id: string | null;
}

/** A code that gave free spins names them. */
export interface PlayerBonusCodeTable {
  player_freespin_id: Generated<string | null>;
}

// The free spins' table (declaration merging keeps this an addition to `Database` above).
export interface Database {
  player_freespins: PlayerFreespinTable;
}

/** A player's uploaded document (modules/documents, migration 0030). */
export interface PlayerDocumentTable {
  id: Generated<string>;
  player_id: string;
  type: string;
  file_name: string;
  content_type: string;
  size_bytes: number;
  storage_key: string;
  /** 1 approved, 2 pending, 3 rejected. */
  status: Generated<number>;
  reject_reason: string | null;
  reviewed_at: Date | null;
  created_at: Generated<Date>;
}

export interface Database {
  player_documents: PlayerDocumentTable;
}

/** When the player closed the account (modules/auth/closure.ts, migration 0032); null while open. */
export interface PlayerTable {
  closed_at: Generated<Date | null>;
}

/** A player's request to close the account, with the balances the operator pays out (migration 0032). */
export interface AccountClosureTable {
  id: Generated<string>;
  player_id: string;
  reason: string;
  comment: string | null;
  /** [{ currency, realBalance, lockedBalance, bonusBalance }] (jsonb, major units). */
  balances: ColumnType<
    { currency: string; realBalance: number; lockedBalance: number; bonusBalance: number }[],
    string,
    never
  >;
  created_at: Generated<Date>;
}

export interface Database {
  account_closures: AccountClosureTable;
}

/** A responsible-gaming limit of a player (modules/limits, migration 0033). */
export interface PlayerLimitTable {
  id: Generated<string>;
  player_id: string;
  /** 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off */
  definition: number;
  period: string;
  account_id: string | null;
  currency: string | null;
  amount_minor: bigint | null;
  pending_amount_minor: bigint | null;
  pending_effective_at: Date | null;
  removal_effective_at: Date | null;
  started_at: Generated<Date>;
  ends_at: Date | null;
  return_requested_at: Date | null;
  return_at: Date | null;
  ended_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** What a running period used of a player account's bet and loss limits (modules/limits, migration 0033). */
export interface PlayerLimitUsageTable {
  account_id: string;
  /** 1 stakes, 2 net loss (stakes - wins) */
  kind: number;
  period: string;
  period_start: Date;
  used_minor: bigint;
  updated_at: Generated<Date>;
}

/** Set by the limits module through the wallet: the account has a bet or loss limit (migration 0033). */
export interface LedgerAccountTable {
  limits_apply: Generated<boolean>;
}

export interface Database {
  player_limits: PlayerLimitTable;
  player_limit_usage: PlayerLimitUsageTable;
}

/** A player's reality-check interval and session-time limit (modules/play-sessions, migration 0034). */
export interface PlayerPlaySettingsTable {
  player_id: string;
  reality_check_minutes: number | null;
  session_limit_minutes: number | null;
  updated_at: Generated<Date>;
}

/** Set by the play-sessions module at launch and on acknowledgement (migration 0034). */
export interface GameSessionTable {
  /** Bets are refused from this time until the reality check is acknowledged; null: none. */
  reality_check_due_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Bets are refused from this time on (session-time limit); null: no limit. */
  play_ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface Database {
  player_play_settings: PlayerPlaySettingsTable;
}

/** The status restored when a player's last exclusion ends (modules/auth/exclusion-repository.ts, migration 0036). */
export interface PlayerTable {
  status_before_exclusion: Generated<number | null>;
}

/** A messenger message to one player (modules/messenger, migration 0037). */
/** Activity recorded beside the game calls: deposits, profile changes, sign-ins (docs/activity.md). */
export interface PlayerActivityTable {
  id: Generated<string>;
  tx_xid: Generated<string>;
  player_id: string;
  kind: 'deposit' | 'profile' | 'sign-in';
  data: Record<string, unknown>;
  created_at: Generated<Date>;
}

/** A consumer's position in the activity stream. */
export interface ActivityConsumerTable {
  name: string;
  cursor_xid: string;
  cursor_source: Generated<number>;
  cursor_id: Generated<string>;
  handled_count: ColumnType<bigint, bigint | undefined, bigint>;
  failures: Generated<number>;
  last_error: string | null;
  retry_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PlayerMessageTable {
  id: Generated<string>;
  player_id: string;
  /** 1 unread, 2 read */
  state: Counter;
  title: string;
  body: string;
  link_url: string | null;
  link_label: string | null;
  /** 'operator' or the system event that wrote it. */
  kind: string;
  /** A system message's event key (unique per player). */
  source_key: string | null;
  read_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Date | null;
}

export interface Database {
  player_messages: PlayerMessageTable;
  player_activities: PlayerActivityTable;
  activity_consumers: ActivityConsumerTable;
}

/** Tournaments (docs/tournaments.md). */
export interface TournamentTable {
  id: Generated<string>;
  identity: string;
  title: string;
  description: Generated<string>;
  /** TournamentScoring: 1 total wagered, 2 biggest multiplier, 3 net win, 4 points per round. */
  scoring: number;
  start_at: ColumnType<Date, Date | string, Date | string>;
  end_at: ColumnType<Date, Date | string, Date | string>;
  confirmation_required: Generated<boolean>;
  base_currency: string;
  game_collections: ColumnType<string[], string[] | undefined, string[]>;
  game_collections_excluded: Generated<boolean>;
  completed_at: Date | null;
  created_at: Generated<Date>;
  /** The series of a recurring tournament (migration 0044), else null. */
  series_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The series' recurrence while it goes on; null when not recurring or stopped. */
  recurrence: ColumnType<
    TournamentRecurrence | null,
    TournamentRecurrence | null | undefined,
    TournamentRecurrence | null
  >;
}

export type TournamentRecurrence = 'daily' | 'weekly';

export interface TournamentCurrencyTable {
  tournament_id: string;
  currency: string;
  /** numeric: base-currency units per unit (read as a string). */
  rate: ColumnType<string, string, string>;
  min_bet_minor: bigint | null;
  min_bet_inclusive: Generated<boolean>;
  max_bet_minor: bigint | null;
  max_bet_inclusive: Generated<boolean>;
}

export interface TournamentPrizeTable {
  tournament_id: string;
  place: number;
  title: string;
  /** TournamentPrizeType: 1 bonus, 2 cash, 3 free spins. */
  type: Generated<number>;
  /** Null for cash. */
  bonus_id: string | null;
}

export interface TournamentEntryTable {
  tournament_id: string;
  player_id: string;
  /** Hundredths of a point. */
  points: ColumnType<bigint, bigint | undefined, bigint>;
  reached_at: ColumnType<Date, Date | undefined, Date>;
  joined_at: Generated<Date>;
  currency: string | null;
  rounds: Generated<number>;
  updated_at: Date | null;
}

export interface TournamentAwardTable {
  tournament_id: string;
  place: number;
  player_id: string;
  points: bigint;
  currency: string;
  bonus_id: string | null;
  /** Null when the prize was given; the refusal otherwise (the place stays awarded). */
  issue_error: string | null;
  created_at: Generated<Date>;
  prize_type: Generated<number>;
  /** Cash paid, in `currency` (null for bonuses and a refused cash prize). */
  amount_minor: bigint | null;
  ledger_transaction_id: string | null;
}

/** A cash prize's amount per currency (migration 0044). */
export interface TournamentPrizeAmountTable {
  tournament_id: string;
  place: number;
  currency: string;
  amount_minor: bigint;
}

/** A recurring schedule (migration 0044): its occurrences are tournaments with its `series_id`. */
export interface TournamentSeriesTable {
  id: Generated<string>;
  identity: string;
  recurrence: TournamentRecurrence;
  stopped_at: Date | null;
  created_at: Generated<Date>;
}

export interface Database {
  tournaments: TournamentTable;
  tournament_currencies: TournamentCurrencyTable;
  tournament_prizes: TournamentPrizeTable;
  tournament_entries: TournamentEntryTable;
  tournament_awards: TournamentAwardTable;
  tournament_prize_amounts: TournamentPrizeAmountTable;
  tournament_series: TournamentSeriesTable;
}

// --- referrals (migration 0042; modules/referrals) ---

/** The programme's settings: one row (`id` 1). */
export interface ReferralSettingsTable {
  id: Generated<number>;
  enabled: boolean;
  max_referral_count: number | null;
  owner_bonus_id: string | null;
  qualification_days: number;
  updated_at: Generated<Date>;
}

/** Qualification thresholds per currency, minor units. */
export interface ReferralThresholdTable {
  currency: string;
  deposit_minor: bigint;
  wager_minor: bigint;
}

/** A friend a player brought: 1 in progress, 2 qualified, 3 unqualified. */
export interface ReferralTable {
  id: Generated<string>;
  owner_id: string;
  referred_id: string;
  code: string;
  status: Generated<number>;
  registered_at: Date;
  qualification_ends_at: Date;
  qualified_at: Date | null;
  created_at: Generated<Date>;
}

/** What a referred friend deposited and wagered within the window, per currency. */
export interface ReferralProgressTable {
  referral_id: string;
  currency: string;
  deposited_minor: ColumnType<bigint, bigint | undefined, bigint>;
  wagered_minor: ColumnType<bigint, bigint | undefined, bigint>;
}

export interface Database {
  referral_settings: ReferralSettingsTable;
  referral_thresholds: ReferralThresholdTable;
  referrals: ReferralTable;
  referral_progress: ReferralProgressTable;
}

/** Prize wheels (modules/wheels, migration 0041, docs/wheels.md). */
export interface WheelTable {
  id: Generated<string>;
  identity: string;
  title: string;
  start_at: ColumnType<Date, Date | string, Date | string>;
  end_at: ColumnType<Date | null, Date | string | null, Date | string | null>;
  limit_spins: number | null;
  /** 'day' or 'week' (UTC), with `limit_spins`. */
  limit_period: string | null;
  created_at: Generated<Date>;
}

export interface WheelSectorTable {
  id: Generated<string>;
  wheel_id: string;
  position: number;
  title: string;
  weight: number;
  /** The prize bonus; null for "no prize". */
  bonus_id: string | null;
}

export interface WheelRuleTable {
  id: Generated<string>;
  wheel_id: string;
  /** 'daily', 'level' or 'quest'. */
  kind: string;
  target_id: string | null;
  spins: Generated<number>;
  expire_after_seconds: number | null;
  created_at: Generated<Date>;
}

export interface PlayerWheelSpinTable {
  id: Generated<string>;
  wheel_id: string;
  player_id: string;
  source: string;
  rule_id: string | null;
  expire_at: Date | null;
  server_seed: string;
  server_seed_hash: string;
  created_at: Generated<Date>;
  used_at: Date | null;
  client_seed: string | null;
  nonce: Generated<number>;
  sector_id: string | null;
  sector_index: number | null;
  weights: number[] | null;
  /** 'none', 'given' or 'unavailable', once used. */
  prize: string | null;
}

export interface Database {
  wheels: WheelTable;
  wheel_sectors: WheelSectorTable;
  wheel_rules: WheelRuleTable;
  player_wheel_spins: PlayerWheelSpinTable;
}

// --- quests (migration 0040; modules/quests, docs/quests.md) ---

export interface QuestTable {
  id: Generated<string>;
  identity: string;
  name: string;
  description: Generated<string>;
  sort_order: Generated<number>;
  /** 1 any order, 2 sequential. */
  task_execution_order: number;
  start_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  end_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  duration_seconds: number | null;
  enabled: Generated<boolean>;
  /** QuestRewardDefinition[] (jsonb). */
  rewards: ColumnType<unknown, string, string>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface QuestTaskTable {
  id: Generated<string>;
  quest_id: string;
  execution_order: number;
  /** 2 profile fields, 3 win, 4 bet, 6 deposit. */
  type: number;
  quantity: number;
  name: string;
  description: Generated<string>;
  /** By type (jsonb; amounts in major units). */
  conditions: ColumnType<unknown, string, string>;
}

export interface PlayerQuestTable {
  id: Generated<string>;
  quest_id: string;
  player_id: string;
  status: ColumnType<'active' | 'completed' | 'expired' | 'cancelled', 'active' | undefined, string>;
  activated_at: ColumnType<Date, Date | undefined, Date>;
  ends_at: Date | null;
  finished_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PlayerQuestTaskTable {
  player_quest_id: string;
  task_id: string;
  progress: Generated<number>;
  completed_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface PlayerQuestTaskRoundTable {
  player_quest_id: string;
  task_id: string;
  round_id: string;
  bets: number;
}

export interface Database {
  quests: QuestTable;
  quest_tasks: QuestTaskTable;
  player_quests: PlayerQuestTable;
  player_quest_tasks: PlayerQuestTaskTable;
  player_quest_task_rounds: PlayerQuestTaskRoundTable;
}

// --- sportsbook catalogue (migration 0045; modules/sportsbook/ingest) ---

/** Per feed, the last message applied. */
export interface SbFeedStateTable {
  feed: string;
  sequence: bigint;
  updated_at: Generated<Date>;
}

export interface SbSportTable {
  id: string;
  key: 'football' | 'tennis' | 'basketball' | 'esports';
  name: string;
}

export interface SbCompetitionTable {
  id: string;
  sport_id: string;
  name: string;
  region: string;
}

export interface SbEventTable {
  id: string;
  feed: string;
  sport_id: string;
  competition_id: string;
  home_id: string;
  home_name: string;
  away_id: string;
  away_name: string;
  starts_at: Date;
  status: 'scheduled' | 'live' | 'ended' | 'cancelled';
  /** The feed's LiveScore. */
  score: ColumnType<unknown, string | null, string | null>;
  clock_period: number | null;
  clock_seconds: number | null;
  clock_running: boolean | null;
  best_of: number | null;
  /** The feed result's `outcome`. */
  result: ColumnType<unknown, string | null, string | null>;
  result_version: number | null;
  removed_at: Date | null;
  updated_sequence: bigint;
}

export interface SbMarketTable {
  id: string;
  event_id: string;
  type: string;
  /** Line × 4. */
  line_quarters: number | null;
  /** The set or map of set_winner / map_winner. */
  number: number | null;
  status: 'open' | 'suspended' | 'closed' | 'settled';
  updated_sequence: bigint;
}

export interface SbOutcomeTable {
  id: string;
  market_id: string;
  key: string;
  position: number;
  odds_milli: number;
  active: boolean;
}

export interface Database {
  sb_feed_state: SbFeedStateTable;
  sb_sports: SbSportTable;
  sb_competitions: SbCompetitionTable;
  sb_events: SbEventTable;
  sb_markets: SbMarketTable;
  sb_outcomes: SbOutcomeTable;
  sb_tickets: SbTicketTable;
  sb_ticket_legs: SbTicketLegTable;
  sb_event_exposure: SbEventExposureTable;
}

export type SbTicketStatus = 'open' | 'won' | 'lost' | 'void' | 'cashed_out';
export type SbLegResolution = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';

/** A sportsbook ticket (modules/sportsbook/betting): one round of the sportsbook game. */
export interface SbTicketTable {
  id: string;
  player_id: string;
  session_id: string;
  game_id: string;
  request_id: string;
  currency: string;
  stake_minor: bigint;
  odds_milli: bigint;
  type: 'single' | 'combo';
  status: ColumnType<SbTicketStatus, SbTicketStatus | undefined, SbTicketStatus>;
  payout_minor: bigint | null;
  settlements: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface SbTicketLegTable {
  ticket_id: string;
  position: number;
  event_id: string;
  market_id: string;
  outcome_id: string;
  odds_milli: bigint;
  live: boolean;
  resolution: SbLegResolution | null;
  result_version: number | null;
}

export interface SbEventExposureTable {
  event_id: string;
  currency: string;
  exposure_minor: bigint;
}
