-- The operator's stake limits per game and currency (minor units of that currency), set
-- through the operator API. A bet outside them is refused (BET_OUT_OF_LIMITS) whichever
-- provider sends it; in-house games without a row keep their built-in bounds.
create table game_stake_limits (
  game_id uuid not null references games (id) on delete cascade,
  currency text not null references currencies (code),
  min_minor int8 not null check (min_minor > 0),
  max_minor int8 not null,
  updated_at timestamptz not null default now(),
  primary key (game_id, currency),
  check (max_minor >= min_minor)
);
