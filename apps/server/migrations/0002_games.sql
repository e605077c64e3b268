-- Games catalogue: providers (studios), collections (lobby shelves), games, labels
-- (badges) and the links between them. Identities are URL slugs; ids are uuids, which
-- the seed derives from the identities so that demo rows have the same id everywhere.
-- Country lists hold upper-case ISO 3166-1 alpha-2 codes; image paths are site-relative.

create table game_providers (
  id uuid primary key,
  identity text not null unique check (identity ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(identity) <= 128),
  name text not null check (length(btrim(name)) between 1 and 100),
  is_enabled boolean not null default true,
  position int not null default 0,
  logo_path text not null check (logo_path like '/%'),
  created_at timestamptz not null default now()
);

create table game_collections (
  id uuid primary key,
  identity text not null unique check (identity ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(identity) <= 128),
  name text not null check (length(btrim(name)) between 1 and 100),
  -- empty: shown everywhere; otherwise only to visitors from these countries
  countries text[] not null default '{}' check (array_to_string(countries, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'),
  -- hidden collections are not listed but their games can still be queried
  is_hidden boolean not null default false,
  position int not null default 0,
  created_at timestamptz not null default now()
);
create index game_collections_position on game_collections (position);

create table game_labels (
  id uuid primary key,
  name text not null unique check (name ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(name) <= 32),
  created_at timestamptz not null default now(),
  updated_at timestamptz
);

create table games (
  id uuid primary key,
  identity text not null unique check (identity ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(identity) <= 128),
  name text not null check (length(btrim(name)) between 1 and 100),
  description text not null default '' check (length(description) <= 2000),
  provider_id uuid not null references game_providers (id),
  type text not null check (type in ('slots', 'table', 'instant', 'live', 'crash', 'sportsbook')),
  volatility text not null check (volatility in ('low', 'medium', 'high', 'very-high')),
  -- 0 for games without lines; "ways" games count their ways
  paylines int not null default 0 check (paylines >= 0),
  -- declared return to player, in percent
  rtp numeric(5, 2) check (rtp > 0 and rtp <= 100),
  is_demo_mode boolean not null default true,
  is_enabled boolean not null default true,
  is_bonus_wagering boolean not null default true,
  minimum_bonus_wager_multiplier numeric(8, 2) not null default 1 check (minimum_bonus_wager_multiplier >= 0),
  -- 1 mobile, 2 desktop
  platforms smallint[] not null default '{1,2}' check (cardinality(platforms) > 0 and platforms <@ array[1, 2]::smallint[]),
  restricted_countries text[] not null default '{}'
    check (array_to_string(restricted_countries, ',') ~ '^([A-Z]{2}(,[A-Z]{2})*)?$'),
  -- popularity, higher first
  score int not null default 0 check (score >= 0),
  released_at timestamptz not null default now(),
  position int not null default 0,
  image_square_path text not null check (image_square_path like '/%'),
  image_vertical_path text not null check (image_vertical_path like '/%'),
  -- the operator's own artwork, preferred by clients; null falls back to the provider's
  custom_image_square_path text check (custom_image_square_path like '/%'),
  custom_image_vertical_path text check (custom_image_vertical_path like '/%'),
  screen_width_ratio numeric(6, 3) check (screen_width_ratio > 0),
  screen_height_ratio numeric(6, 3) check (screen_height_ratio > 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index games_provider on games (provider_id);
-- The lobby's orderings, over enabled games only. A name search is a substring ILIKE:
-- a scan of a catalogue of a few thousand rows is cheap and needs no extension.
create index games_enabled_position on games (position, lower(name)) where is_enabled;
create index games_enabled_score on games (score desc) where is_enabled;
create index games_enabled_released on games (released_at desc) where is_enabled;
create index games_enabled_name on games (lower(name)) where is_enabled;

create table game_collection_games (
  collection_id uuid not null references game_collections (id) on delete cascade,
  game_id uuid not null references games (id) on delete cascade,
  position int not null default 0,
  primary key (collection_id, game_id)
);
create index game_collection_games_order on game_collection_games (collection_id, position);
create index game_collection_games_game on game_collection_games (game_id);

create table game_label_links (
  game_id uuid not null references games (id) on delete cascade,
  label_id uuid not null references game_labels (id) on delete cascade,
  position int not null default 0,
  primary key (game_id, label_id)
);
create index game_label_links_label on game_label_links (label_id);
