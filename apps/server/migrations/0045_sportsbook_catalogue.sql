-- The sportsbook's catalogue as the feed describes it (docs/sportsbook.md, "Catalogue and
-- ingest"): sports, competitions, events, markets and outcomes keyed by the feed's own ids,
-- and per feed the last message applied. Written only by the ingestor (modules/sportsbook).

create table sb_feed_state (
  feed text primary key check (feed ~ '^[a-z0-9][a-z0-9_-]{0,39}$'),
  -- The last message applied (or the snapshot's sequence after a resync).
  sequence bigint not null check (sequence >= 0),
  updated_at timestamptz not null default now()
);

create table sb_sports (
  id text primary key check (length(id) between 1 and 100),
  key text not null check (key in ('football', 'tennis', 'basketball', 'esports')),
  name text not null
);

create table sb_competitions (
  id text primary key check (length(id) between 1 and 100),
  sport_id text not null references sb_sports (id),
  name text not null,
  region text not null
);

create table sb_events (
  id text primary key check (length(id) between 1 and 100),
  feed text not null references sb_feed_state (feed),
  sport_id text not null references sb_sports (id),
  competition_id text not null references sb_competitions (id),
  home_id text not null,
  home_name text not null,
  away_id text not null,
  away_name text not null,
  starts_at timestamptz not null,
  status text not null check (status in ('scheduled', 'live', 'ended', 'cancelled')),
  -- The feed's LiveScore (by sport), null before the start.
  score jsonb,
  clock_period integer check (clock_period >= 1),
  -- Match seconds as the feed gives them (fractions possible).
  clock_seconds double precision check (clock_seconds >= 0),
  clock_running boolean,
  best_of integer check (best_of >= 1),
  -- The feed's result outcome ({status, score?}) and its version (each correction adds one).
  result jsonb,
  result_version integer check (result_version >= 1),
  -- Dropped from the feed: kept (bets will point at it) but no longer offered.
  removed_at timestamptz,
  -- The message (or snapshot) sequence that last wrote the row.
  updated_sequence bigint not null check (updated_sequence >= 0),
  check ((clock_period is null) = (clock_running is null)),
  check (clock_seconds is null or clock_period is not null),
  check ((result is null) = (result_version is null))
);
create index sb_events_listing_idx on sb_events (sport_id, status, starts_at) where removed_at is null;
create index sb_events_competition_idx on sb_events (competition_id);

-- Lines as quarters (line × 4), as the settlement rules count them; `number` is the set or map.
create table sb_markets (
  id text primary key check (length(id) between 1 and 100),
  event_id text not null references sb_events (id) on delete cascade,
  type text not null check (type in ('match_result', 'match_winner', 'double_chance', 'draw_no_bet', 'total',
    'asian_handicap', 'both_teams_to_score', 'correct_score', 'set_winner', 'total_games', 'map_winner', 'total_maps')),
  line_quarters integer,
  number integer check (number >= 1),
  status text not null check (status in ('open', 'suspended', 'closed', 'settled')),
  updated_sequence bigint not null check (updated_sequence >= 0),
  check ((line_quarters is not null) = (type in ('total', 'asian_handicap', 'total_games', 'total_maps'))),
  check ((number is not null) = (type in ('set_winner', 'map_winner')))
);
create index sb_markets_event_idx on sb_markets (event_id);

create table sb_outcomes (
  id text primary key check (length(id) between 1 and 100),
  market_id text not null references sb_markets (id) on delete cascade,
  key text not null check (length(key) between 1 and 40),
  -- The feed's order of the outcomes within the market.
  position smallint not null check (position >= 0),
  -- Decimal odds × 1000 (packages/contract odds).
  odds_milli integer not null check (odds_milli > 1000),
  active boolean not null,
  unique (market_id, key)
);
