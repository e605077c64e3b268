-- Tournaments (docs/tournaments.md): definitions, the currencies they score (bet bounds and
-- rates to the base currency), the prize table, the players' entries (the database
-- leaderboard: points, and when they were reached for ties) and the prizes awarded once.

create table tournaments (
  id uuid primary key default gen_random_uuid(),
  identity text not null unique check (identity ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
  title text not null check (length(title) between 1 and 200),
  description text not null default '' check (length(description) <= 5000),
  -- TournamentScoring: 1 total wagered, 2 biggest multiplier, 3 net win, 4 points per round
  scoring smallint not null check (scoring between 1 and 4),
  start_at timestamptz not null,
  end_at timestamptz not null,
  confirmation_required boolean not null default true,
  base_currency text not null references currencies (code),
  -- Collection identities; excluded: the games of these collections do not count.
  game_collections text[] not null default '{}',
  game_collections_excluded boolean not null default false,
  -- Set once by the finish job, in the transaction that awards the prizes.
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  check (end_at > start_at)
);
create index tournaments_window on tournaments (end_at, start_at);

create table tournament_currencies (
  tournament_id uuid not null references tournaments (id) on delete cascade,
  currency text not null references currencies (code),
  -- Base-currency units per unit of this currency.
  rate numeric(30, 12) not null check (rate > 0),
  min_bet_minor bigint check (min_bet_minor >= 0),
  min_bet_inclusive boolean not null default true,
  max_bet_minor bigint check (max_bet_minor > 0),
  max_bet_inclusive boolean not null default true,
  primary key (tournament_id, currency)
);

create table tournament_prizes (
  tournament_id uuid not null references tournaments (id) on delete cascade,
  place integer not null check (place between 1 and 1000),
  title text not null check (length(title) between 1 and 200),
  -- TournamentPrizeType: 1 a bonus of the bonus engine
  type smallint not null default 1 check (type = 1),
  bonus_id uuid not null references bonuses (id),
  primary key (tournament_id, place)
);

create table tournament_entries (
  tournament_id uuid not null references tournaments (id) on delete cascade,
  player_id uuid not null references players (id),
  -- Hundredths of a point (money scorings: base-currency hundredths; multiplier: hundredths of x).
  points bigint not null default 0,
  -- When the points were last changed: equal points rank who got there first.
  reached_at timestamptz not null default now(),
  joined_at timestamptz not null default now(),
  -- The currency of the player's last scored round (a prize is given in it).
  currency text references currencies (code),
  rounds integer not null default 0 check (rounds >= 0),
  updated_at timestamptz,
  primary key (tournament_id, player_id)
);
create index tournament_entries_rank on tournament_entries (tournament_id, points desc, reached_at, player_id);

create table tournament_awards (
  tournament_id uuid not null references tournaments (id),
  place integer not null,
  player_id uuid not null references players (id),
  points bigint not null,
  currency text not null references currencies (code),
  bonus_id uuid not null references bonuses (id),
  -- Null when the bonus was granted; the bonus engine's refusal otherwise (the place stays awarded).
  issue_error text,
  created_at timestamptz not null default now(),
  primary key (tournament_id, place),
  unique (tournament_id, player_id)
);
