-- The sportsbook's tickets (docs/sportsbook.md, "Betting"). A ticket is one round of the
-- sportsbook game: its stake is the game wallet's bet `{id}:bet`, its settlement a win,
-- a rollback (void) or a resettlement of that round. The player's history reads the
-- games module's sport_bets, written beside these rows in the same transactions.
create table sb_tickets (
  id uuid primary key,
  player_id uuid not null references players (id) on delete restrict,
  -- the game session the stake was taken on (the wallet's round belongs to it), and its game
  session_id uuid not null,
  game_id uuid not null,
  -- the client's id of the placement: a repeat answers the same ticket
  request_id uuid not null,
  currency text not null references currencies (code),
  stake_minor int8 not null check (stake_minor > 0),
  -- the product of the legs' prices, decimal odds × 1000
  odds_milli int8 not null check (odds_milli > 1000),
  type text not null check (type in ('single', 'combo')),
  status text not null default 'open' check (status in ('open', 'won', 'lost', 'void', 'cashed_out')),
  -- what the ticket has paid so far (null while open); a resettlement changes it
  payout_minor int8 check (payout_minor >= 0),
  -- settlements applied: 1 after the first, one more per resettlement that moved money
  settlements integer not null default 0 check (settlements >= 0),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  unique (player_id, request_id),
  check ((status = 'open') = (payout_minor is null)),
  check ((status = 'open') = (settled_at is null))
);
create index sb_tickets_player_idx on sb_tickets (player_id, created_at desc, id desc);
create index sb_tickets_player_open_idx on sb_tickets (player_id, created_at desc, id desc) where status = 'open';

create table sb_ticket_legs (
  ticket_id uuid not null references sb_tickets (id) on delete cascade,
  position smallint not null check (position between 0 and 19),
  event_id text not null references sb_events (id),
  market_id text not null references sb_markets (id),
  outcome_id text not null references sb_outcomes (id),
  odds_milli int8 not null check (odds_milli > 1000),
  -- taken while the event was live
  live boolean not null,
  resolution text check (resolution in ('won', 'lost', 'void', 'half_won', 'half_lost')),
  -- the event result version the resolution comes from
  result_version integer check (result_version >= 1),
  primary key (ticket_id, position),
  check ((resolution is null) = (result_version is null))
);
-- Settlement walks an event's legs still to settle (or settled on an older result).
create index sb_ticket_legs_event_idx on sb_ticket_legs (event_id, ticket_id);

-- The house's exposure per event and currency: for each open ticket, its potential return
-- less its stake, charged to every event it has a pending leg on (a placement checks the
-- limit under this row's lock; a settlement or a cash-out releases it).
create table sb_event_exposure (
  event_id text not null references sb_events (id),
  currency text not null references currencies (code),
  exposure_minor int8 not null check (exposure_minor >= 0),
  primary key (event_id, currency)
);
