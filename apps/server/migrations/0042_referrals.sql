-- The referral programme (docs/referrals.md): the operator's settings, the friends each
-- player brought with their link, and what each friend deposited and wagered within the
-- qualification window. Players' own codes are players.referral_code (made at registration).

-- A catalogue bonus may be the referral owner's bonus (`triggerType` 11).
alter table bonuses drop constraint bonuses_trigger_check;
alter table bonuses add constraint bonuses_trigger_check
  check (trigger in ('deposit', 'code', 'registration', 'cashback', 'manual', 'referral'));

create table referral_settings (
  id smallint primary key default 1 check (id = 1),
  enabled boolean not null default false,
  -- how many friends one owner may bring; null: no cap
  max_referral_count integer check (max_referral_count > 0),
  owner_bonus_id uuid references bonuses (id),
  qualification_days integer not null default 30 check (qualification_days between 1 and 365),
  updated_at timestamptz not null default now()
);

create table referral_thresholds (
  currency text primary key references currencies (code) on update cascade,
  deposit_minor bigint not null check (deposit_minor >= 0),
  wager_minor bigint not null check (wager_minor >= 0)
);

create table referrals (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references players (id) on delete cascade,
  -- a player is brought by one owner at most
  referred_id uuid not null unique references players (id) on delete cascade,
  code text not null check (length(code) <= 64),
  -- 1 in progress, 2 qualified, 3 unqualified (the window ended first)
  status smallint not null default 1 check (status in (1, 2, 3)),
  registered_at timestamptz not null,
  qualification_ends_at timestamptz not null,
  qualified_at timestamptz,
  created_at timestamptz not null default now(),
  check (owner_id <> referred_id),
  check (qualification_ends_at > registered_at),
  check ((status = 2) = (qualified_at is not null))
);
create index referrals_owner on referrals (owner_id, registered_at desc, id);

create table referral_progress (
  referral_id uuid not null references referrals (id) on delete cascade,
  currency text not null,
  deposited_minor bigint not null default 0 check (deposited_minor >= 0),
  wagered_minor bigint not null default 0 check (wagered_minor >= 0),
  primary key (referral_id, currency)
);
