-- Loyalty points and levels (docs/loyalty.md): the player's account, the points ledger that
-- makes awards idempotent and rollbacks exact, and the operator's configuration (rates per
-- currency, contributions per game or provider, a bonus per level).

-- One row per player who has earned (or lost) points. `points` are whole points (what the
-- player sees and what the thresholds compare); `remainder_attopoints` is the fraction not yet
-- a whole point, in 10^-18 points, so that many small stakes add up exactly.
create table loyalty_accounts (
  player_id uuid primary key references players (id),
  points int8 not null default 0 check (points >= 0),
  remainder_attopoints int8 not null default 0
    check (remainder_attopoints >= 0 and remainder_attopoints < 1000000000000000000),
  level_id uuid not null references loyalty_levels (id),
  -- the highest level order ever reached: levels below it never give their reward or event again
  highest_order int not null,
  -- the currency of the last stake that earned points (a level's bonus is given in it)
  currency text,
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

-- Every change of a player's points, keyed by its cause: `bet:{activity id}` for a stake,
-- `rollback:{activity id}` for its undoing, or the caller's source (`quest:…`). A cause is
-- counted once per player. A bet's entry keeps its round and stake so that its rollback
-- takes back exactly what it gave, whatever the rates are by then.
create table loyalty_point_entries (
  id bigint generated always as identity primary key,
  player_id uuid not null references players (id),
  source text not null check (length(source) between 1 and 200),
  -- signed: positive for an award, negative for a rollback
  attopoints numeric(40, 0) not null,
  round_id text,
  stake_minor int8,
  reversed boolean not null default false,
  created_at timestamptz not null default now(),
  unique (player_id, source)
);
create index loyalty_point_entries_round on loyalty_point_entries (player_id, round_id) where round_id is not null;

-- Points per 1 major unit of real money staked, in millionths of a point. A currency without a
-- row earns nothing.
create table loyalty_rates (
  currency text primary key,
  micropoints_per_unit int8 not null check (micropoints_per_unit >= 0),
  updated_at timestamptz not null default now()
);

-- A game's (by identity) or a provider's share of a stake that counts, in percent; a game's
-- row wins over its provider's; neither: 100 %.
create table loyalty_contributions (
  scope text not null check (scope in ('game', 'provider')),
  key text not null check (length(key) between 1 and 100),
  percent int not null check (percent between 0 and 100),
  updated_at timestamptz not null default now(),
  primary key (scope, key)
);

-- The catalogue bonus a level gives when a player first reaches it.
create table loyalty_level_rewards (
  level_id uuid primary key references loyalty_levels (id) on delete cascade,
  bonus_id uuid not null,
  updated_at timestamptz not null default now()
);
