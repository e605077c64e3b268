-- Free spins (docs/bonuses.md, "Free spins"): a free-spins bonus (type 3) given to a player
-- is a grant of spins on one game at a fixed bet value, not a player bonus: it holds no
-- money, so several may be active at once. Spins move no money; what they win is counted
-- here and, when the grant finishes, becomes a player bonus to wager (`winnings_bonus_id`).

create table player_freespins (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id),
  bonus_id uuid not null references bonuses (id),
  -- The ledger account of the currency the spins are played in (its winnings bonus goes there).
  account_id uuid not null references ledger_accounts (id),
  currency text not null,
  name text not null check (length(name) between 1 and 120),
  -- The game the spins are played on: catalogue id, identity and provider identity.
  game_id uuid not null references games (id),
  game_identity text not null,
  provider text not null,
  count integer not null check (count between 1 and 1000),
  used_count integer not null default 0 check (used_count >= 0),
  -- The stake of one spin, and what the spins played so far have won (minor units).
  bet_value_minor bigint not null check (bet_value_minor > 0),
  won_minor bigint not null default 0 check (won_minor >= 0),
  -- 1 issued, 2 active, 3 finished; result 1 while open, then 2 played, 3 cancelled, 4 expired
  status smallint not null default 1 check (status in (1, 2, 3)),
  result smallint not null default 1 check (result between 1 and 4),
  -- The catalogue bonus's terms as given: the winnings bonus is issued with them.
  terms jsonb not null check (jsonb_typeof(terms) = 'object'),
  package_id uuid references bonus_packages (id),
  package_priority integer not null default 0,
  issue_session_id uuid,
  -- Why it was given, unique with the bonus as for player bonuses (`code:{id}`, `manual:{key}`…).
  source text not null check (length(source) between 1 and 200),
  activation_expires_at timestamptz,
  -- Once active: the spins' deadline (the terms' duration, else their wagering days).
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  activated_at timestamptz,
  finished_at timestamptz,
  -- The player bonus the winnings became (`player_bonuses.source` is `freespins:{id}`).
  winnings_bonus_id uuid references player_bonuses (id),
  unique (bonus_id, source),
  check (used_count <= count),
  check ((status = 3) = (result <> 1)),
  check ((status = 3) = (finished_at is not null)),
  check (status = 1 or activated_at is not null or status = 3),
  check (result <> 2 or used_count = count),
  check (winnings_bonus_id is null or (status = 3 and won_minor > 0))
);
create index player_freespins_player on player_freespins (player_id, created_at desc);
-- The game frame's question: an account's active grants on a game.
create index player_freespins_active on player_freespins (account_id, game_id) where status = 2;

-- A code may give free spins instead of a player bonus.
alter table player_bonus_codes add column player_freespin_id uuid references player_freespins (id);
alter table player_bonus_codes drop constraint player_bonus_codes_check2;
alter table player_bonus_codes add constraint player_bonus_codes_given check (
  (result = 2) = (player_bonus_id is not null or player_freespin_id is not null)
  and (player_bonus_id is null or player_freespin_id is null)
);
