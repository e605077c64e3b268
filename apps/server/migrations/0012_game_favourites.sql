-- The player's side of the catalogue: favourite games, the winners feed and the
-- sportsbook tickets of the bet history.

-- A player's favourite games, listed newest first. The service caps the list per player.
create table game_favourites (
  player_id uuid not null references players (id) on delete cascade,
  game_id uuid not null references games (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (player_id, game_id)
);
create index game_favourites_recent on game_favourites (player_id, created_at desc);

-- Recently played reads the player's launches grouped by game (game_sessions_player
-- serves the player's rows; this one lets the grouping read game ids from the index).
create index game_sessions_player_game on game_sessions (player_id, game_id, created_at desc)
  where player_id is not null;

-- Real-money rounds that paid more than they staked, written by the game wallet in the
-- transaction that credited the win: the source of the public winners feed. One row per
-- round (a provider may pay a round in several wins: the row keeps their sum). Only the
-- latest row of each game is read, so old rows may be pruned freely.
create table game_wins (
  id uuid primary key default gen_random_uuid(),
  provider text not null,
  round_id text not null check (length(round_id) between 1 and 200),
  game_id uuid not null references games (id) on delete cascade,
  player_id uuid not null references players (id) on delete cascade,
  currency text not null references currencies (code),
  -- the round's bets that were not rolled back (0 for a win without a bet, e.g. free spins)
  stake_minor int8 not null check (stake_minor >= 0),
  payout_minor int8 not null check (payout_minor > stake_minor),
  created_at timestamptz not null default now(),
  -- a provider's round ids are its own; the player is part of the key so that two players'
  -- rounds can never be merged, whatever ids a provider sends
  unique (provider, player_id, round_id)
);
create index game_wins_latest on game_wins (game_id, created_at desc, id desc);

-- Sportsbook tickets (the bet history). No sportsbook writes them yet: the table is the
-- contract a sportsbook integration fills. Statuses are the constants game.bet.status
-- (1 open, 2 won, 3 lost, 4 refunded, 5 cashed out); ticket types 1 single, 2 combo.
create table sport_bets (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id) on delete restrict,
  -- the sportsbook's own ticket (round) id, unique per sportsbook game
  game_id uuid not null references games (id),
  round_id text not null check (length(round_id) between 1 and 200),
  currency text not null references currencies (code),
  stake_minor int8 not null check (stake_minor > 0),
  -- what the ticket paid (0 while open or lost)
  payout_minor int8 not null default 0 check (payout_minor >= 0),
  -- total odds, the product of the items' odds for a combo
  coefficient numeric(12, 4) not null check (coefficient >= 1),
  ticket_type smallint not null check (ticket_type in (1, 2)),
  status smallint not null default 1 check (status between 1 and 5),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (game_id, round_id),
  check ((status = 1) = (settled_at is null)),
  check (status <> 1 or payout_minor = 0)
);
create index sport_bets_player on sport_bets (player_id, created_at desc, id desc);
create index sport_bets_player_open on sport_bets (player_id, created_at desc, id desc) where status = 1;

-- The selections of a ticket, in ticket order.
create table sport_bet_items (
  bet_id uuid not null references sport_bets (id) on delete cascade,
  position smallint not null check (position >= 0),
  event text not null check (length(event) between 1 and 300),
  -- 1 prematch, 2 live (constants game.bonus.wagerSportsbookStage)
  stage smallint not null check (stage in (1, 2)),
  discipline text not null check (length(discipline) between 1 and 100),
  tournament text not null check (length(tournament) between 1 and 300),
  event_date timestamptz not null,
  market text not null check (length(market) between 1 and 300),
  outcome text not null check (length(outcome) between 1 and 300),
  coefficient numeric(12, 4) not null check (coefficient >= 1),
  primary key (bet_id, position)
);
