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

export interface SchemaMigrationTable {
  version: string;
  applied_at: Generated<Date>;
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
  schema_migrations: SchemaMigrationTable;
}
