-- Rounds of several steps (mines): the bet stores the round 'open' with its secret state,
-- and the step that ends it (a mine, a cash-out) settles it with its win in one transaction.
alter table game_rounds add column status text not null default 'settled' check (status in ('open', 'settled'));
alter table game_rounds alter column status drop default;
alter table game_rounds add column settled_at timestamptz;
update game_rounds set settled_at = created_at;
alter table game_rounds add constraint game_rounds_settled_at check ((status = 'settled') = (settled_at is not null));
alter table game_rounds add constraint game_rounds_open_game check (status = 'settled' or game = 'mines');
-- A cleared mines board with many mines pays millions x: more basis points than int4 holds.
alter table game_rounds alter column multiplier_bp type int8;

-- The player's steps of a multi-step round (mines: {"reveals": [tiles], "cashOut": bool}),
-- which recall replays; null for one-shot games.
alter table game_rounds add column actions jsonb;

-- The client seed the round was played with: the pair's client seed may change later.
alter table game_rounds add column client_seed text;
update game_rounds r set client_seed = s.client_seed from game_seed_pairs s where s.id = r.seed_pair_id;
alter table game_rounds alter column client_seed set not null;
alter table game_rounds add constraint game_rounds_client_seed check (length(client_seed) between 1 and 64);

-- One open round per owner and mode (a player's real and demo play, a guest's demo session).
create unique index game_rounds_open_player on game_rounds (player_id, is_demo)
  where status = 'open' and player_id is not null;
create unique index game_rounds_open_guest on game_rounds (session_id)
  where status = 'open' and player_id is null;
-- Seed rotation looks for open rounds of the pair.
create index game_rounds_open_pair on game_rounds (seed_pair_id) where status = 'open';
