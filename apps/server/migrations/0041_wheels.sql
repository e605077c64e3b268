-- Prize wheels (docs/wheels.md): wheels and their sectors (integer weights, a bonus or no
-- prize), the rules that grant spins, and the players' spins. A spin is granted with its own
-- server seed (committed to by its SHA-256, shown before the spin); using it stores the draw
-- (client seed, nonce, sector) in the same row, so a spin is used once and recomputable.

create table wheels (
  id uuid primary key default gen_random_uuid(),
  identity text not null unique check (identity ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  title text not null check (length(title) between 1 and 200),
  start_at timestamptz not null,
  end_at timestamptz,
  -- At most `limit_spins` spins used per `limit_period` (UTC day or week from Monday), or no limit.
  limit_spins integer check (limit_spins between 1 and 1000),
  limit_period text check (limit_period in ('day', 'week')),
  created_at timestamptz not null default now(),
  check (end_at is null or end_at > start_at),
  check ((limit_spins is null) = (limit_period is null))
);

create table wheel_sectors (
  id uuid primary key default gen_random_uuid(),
  wheel_id uuid not null references wheels (id) on delete cascade,
  -- drawing order, 0-based
  position integer not null check (position between 0 and 63),
  title text not null check (length(title) between 1 and 100),
  weight integer not null check (weight between 1 and 1000000000),
  -- the prize: a catalogue bonus, or null for "no prize"
  bonus_id uuid references bonuses (id),
  unique (wheel_id, position)
);

create table wheel_rules (
  id uuid primary key default gen_random_uuid(),
  wheel_id uuid not null references wheels (id) on delete cascade,
  kind text not null check (kind in ('daily', 'level', 'quest')),
  -- level: a loyalty level id; quest: a quest id; null: any (daily: always null)
  target_id text check (kind <> 'daily' or target_id is null),
  spins integer not null default 1 check (spins between 1 and 100),
  expire_after_seconds integer check (expire_after_seconds > 0),
  created_at timestamptz not null default now()
);
create index wheel_rules_kind on wheel_rules (kind);

create table player_wheel_spins (
  id uuid primary key default gen_random_uuid(),
  wheel_id uuid not null references wheels (id),
  player_id uuid not null references players (id),
  -- the cause: `daily:{rule}:{day}:{n}`, `level:{level}:{rule}:{n}`, `quest:{player quest}:{rule}:{n}`,
  -- `operator:{key}:{n}`; unique per wheel and player, so a replayed cause grants nothing
  source text not null check (length(source) between 1 and 300),
  rule_id uuid references wheel_rules (id) on delete set null,
  expire_at timestamptz,
  server_seed text not null,
  server_seed_hash text not null,
  created_at timestamptz not null default now(),
  -- the draw, written once when the spin is used
  used_at timestamptz,
  client_seed text,
  nonce integer not null default 0,
  sector_id uuid references wheel_sectors (id),
  sector_index integer,
  -- the weights drawn with, in order (the sectors may be edited later)
  weights integer[],
  prize text check (prize in ('none', 'given', 'unavailable')),
  unique (wheel_id, player_id, source),
  check (
    (used_at is null and client_seed is null and sector_id is null and sector_index is null and weights is null
      and prize is null)
    or (used_at is not null and client_seed is not null and sector_id is not null and sector_index is not null
      and weights is not null and prize is not null)
  )
);
create index player_wheel_spins_unused on player_wheel_spins (player_id, wheel_id) where used_at is null;
create index player_wheel_spins_used on player_wheel_spins (player_id, wheel_id, used_at) where used_at is not null;
