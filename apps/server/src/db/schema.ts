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

export interface SchemaMigrationTable {
  version: string;
  applied_at: Generated<Date>;
}

export interface Database {
  currencies: CurrencyTable;
  locales: LocaleTable;
  countries: CountryTable;
  schema_migrations: SchemaMigrationTable;
}
