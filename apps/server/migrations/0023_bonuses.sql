-- Bonuses (docs/bonuses.md): the operator's catalogue, grouped in packages, and the bonuses
-- given to players. Bonus money itself lives in the ledger (the player account's `bonus`
-- bucket); these tables hold the terms and the wagering progress.

create table bonus_packages (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  created_at timestamptz not null default now()
);

create table bonuses (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 120),
  -- 1 cash, 2 percentage of the deposit, 3 free spins, 4 cashback
  type smallint not null check (type between 1 and 4),
  -- 1 offered, 2 paused (bonuses already given run on)
  status smallint not null default 1 check (status in (1, 2)),
  trigger text not null check (trigger in ('deposit', 'code', 'registration', 'cashback', 'manual')),
  package_id uuid references bonus_packages (id),
  package_priority integer not null default 0 check (package_priority between 0 and 1000),
  available_from timestamptz,
  available_to timestamptz,
  -- The operator's terms with amounts in minor units per currency (modules/bonuses/terms.ts).
  terms jsonb not null check (jsonb_typeof(terms) = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (available_from is null or available_to is null or available_from < available_to)
);
create index bonuses_package on bonuses (package_id, package_priority) where package_id is not null;

create table player_bonuses (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id),
  bonus_id uuid not null references bonuses (id),
  -- The ledger account (one currency) whose bonus balance holds this bonus's money once active.
  account_id uuid not null references ledger_accounts (id),
  currency text not null,
  name text not null,
  bonus_type smallint not null check (bonus_type between 1 and 4),
  -- 1 issued, 2 active, 3 finished; result 1 while open, then 2 played, 3 cancelled, 4 expired, 5 lost
  status smallint not null default 1 check (status in (1, 2, 3)),
  result smallint not null default 1 check (result between 1 and 5),
  amount_minor bigint not null check (amount_minor >= 0),
  -- Wager multipliers (x) and the wagering they require in total, and what counts so far.
  wager_casino numeric(6, 2) not null default 0 check (wager_casino >= 0),
  wager_sportsbook numeric(6, 2) not null default 0 check (wager_sportsbook >= 0),
  required_casino_minor bigint not null default 0 check (required_casino_minor >= 0),
  required_sportsbook_minor bigint not null default 0 check (required_sportsbook_minor >= 0),
  wagered_casino_minor bigint not null default 0 check (wagered_casino_minor >= 0),
  wagered_sportsbook_minor bigint not null default 0 check (wagered_sportsbook_minor >= 0),
  min_bet_minor bigint check (min_bet_minor > 0),
  max_bet_minor bigint check (max_bet_minor > 0),
  -- The most this bonus may turn into real money when its wager is met (null: no cap).
  max_win_minor bigint check (max_win_minor >= 0),
  is_cancel_lock boolean not null default false,
  -- The bet-path terms as given (games and providers included or excluded, contributions).
  conditions jsonb not null default '{}'::jsonb check (jsonb_typeof(conditions) = 'object'),
  package_id uuid references bonus_packages (id),
  package_priority integer not null default 0,
  issue_session_id uuid,
  -- Why it was given, unique with the bonus: a retry of the same cause issues nothing twice
  -- (`deposit:{invoiceId}`, `manual:{key}`, `code:{playerBonusCodeId}`, `cashback:{period}`).
  source text not null check (length(source) between 1 and 200),
  converted_minor bigint check (converted_minor >= 0),
  activation_expires_at timestamptz,
  wagering_expires_at timestamptz,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  finished_at timestamptz,
  unique (bonus_id, source),
  check ((status = 3) = (result <> 1)),
  check ((status = 3) = (finished_at is not null)),
  check (status = 1 or activated_at is not null or status = 3)
);
-- At most one active bonus per account: its money is the account's bonus balance.
create unique index player_bonuses_one_active on player_bonuses (account_id) where status = 2;
create index player_bonuses_player on player_bonuses (player_id, created_at desc);
