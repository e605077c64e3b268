-- Settings: currencies with their rates, locales and countries.

create table currencies (
  code text primary key check (code ~ '^[A-Za-z0-9]{2,10}$'),
  name text not null,
  symbol text not null,
  type text not null check (type in ('fiat', 'crypto', 'virtual')),
  subunit_to_unit int8 not null check (subunit_to_unit > 0),
  is_enabled boolean not null default true,
  is_visible boolean not null default true,
  is_base boolean not null default false,
  position int not null default 0,
  -- minor units of this currency worth one major unit of the base currency
  rate numeric(38, 12) not null check (rate > 0),
  rate_time timestamptz not null default now(),
  sub_currencies jsonb not null default '[]'::jsonb
);
-- exactly one base currency at most; the seed provides it
create unique index currencies_one_base on currencies (is_base) where is_base;

create table locales (
  code text primary key check (code ~ '^[a-z]{2}(-[A-Z]{2})?$'),
  name text not null,
  native_name text not null,
  language_code text not null,
  is_default boolean not null default false,
  position int not null default 0
);
create unique index locales_one_default on locales (is_default) where is_default;

create table countries (
  code char(2) primary key check (code ~ '^[A-Z]{2}$'),
  name text not null,
  native_name text not null,
  phone_prefix text not null check (phone_prefix ~ '^[0-9]{0,4}$'),
  currency text not null references currencies (code),
  locale text not null references locales (code),
  additional_currencies text[] not null default '{}',
  restrict boolean not null default false,
  restrict_type smallint check (restrict_type in (1, 2)),
  check (restrict or restrict_type is null)
);
