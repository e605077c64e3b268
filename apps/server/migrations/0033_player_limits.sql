-- Responsible-gaming limits (docs/player-protection.md, "Limits"): the player's bet, loss
-- and deposit limits per account (currency) and period, and their cooling-off and
-- self-exclusion periods. One row per limit; a row that no longer applies keeps its
-- history with `ended_at`.

create table player_limits (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id) on delete cascade,
  -- 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off
  definition smallint not null check (definition between 1 and 5),
  -- cash limits: daily | weekly | monthly; cooling-off and self-exclusion: the period id chosen
  period text not null check (period ~ '^[a-z0-9]{1,16}$'),
  -- cash limits: the player's account (and its currency) the limit applies to
  account_id uuid references ledger_accounts (id) on delete cascade,
  currency text references currencies (code),
  -- cash limits: the amount in force, in minor units
  amount_minor int8 check (amount_minor > 0),
  -- an increase waits 24 hours: the amount it sets and when it does
  pending_amount_minor int8 check (pending_amount_minor > 0),
  pending_effective_at timestamptz,
  -- a removal waits 24 hours too (the API's cancelProcess)
  removal_effective_at timestamptz,
  started_at timestamptz not null default now(),
  -- cooling-off and self-exclusion: when it ends; null for a permanent exclusion and cash limits
  ends_at timestamptz,
  -- self-exclusion: the player's deliberate request to play again after it ended, and when play resumes
  return_requested_at timestamptz,
  return_at timestamptz,
  -- the row no longer applies (a removal took effect, an exclusion is over)
  ended_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (
    (definition in (1, 2, 3) and account_id is not null and currency is not null and amount_minor is not null
      and period in ('daily', 'weekly', 'monthly') and ends_at is null)
    or (definition in (4, 5) and account_id is null and currency is null and amount_minor is null
      and pending_amount_minor is null and removal_effective_at is null)
  ),
  check ((pending_amount_minor is null) = (pending_effective_at is null)),
  check (pending_amount_minor is null or pending_amount_minor > amount_minor),
  check (ends_at is null or ends_at > started_at),
  check (definition <> 5 or ends_at is not null),
  check ((return_at is null) or (definition = 4 and return_requested_at is not null and return_at > return_requested_at))
);

-- One live cash limit per definition, period and account (the API's "one per period and currency").
create unique index player_limits_one_cash on player_limits (player_id, definition, period, account_id)
  where ended_at is null and definition in (1, 2, 3);
create index player_limits_live on player_limits (player_id) where ended_at is null;
-- The job that ends cooling-offs and lets players back after a self-exclusion.
create index player_limits_exclusions_due on player_limits (coalesce(return_at, ends_at))
  where ended_at is null and definition in (4, 5);

-- What the running periods used, per player account, kept only while the account has a bet
-- or loss limit (ledger_accounts.limits_apply): stakes (kind 1) and net loss = stakes -
-- wins (kind 2, may be negative). Seeded from the game history when a limit is set.
create table player_limit_usage (
  account_id uuid not null references ledger_accounts (id) on delete cascade,
  kind smallint not null check (kind in (1, 2)),
  period text not null check (period in ('daily', 'weekly', 'monthly')),
  -- the period's start (UTC calendar day, ISO week from Monday, month)
  period_start timestamptz not null,
  used_minor int8 not null,
  updated_at timestamptz not null default now(),
  primary key (account_id, kind, period, period_start)
);

-- The bet path's switch (docs/player-protection.md, "Limits on the bet path"): a player
-- account with a bet or loss limit. The ledger returns it with the balances it locked, so
-- accounts without one pay nothing and a limit set meanwhile is seen under the account's lock.
alter table ledger_accounts add column limits_apply boolean not null default false;
