-- A round of an in-house game played with a free spin: no money moved (the grant's bet
-- value is its stake); history and recall show it as a free spin.
alter table game_rounds add column freespin_id uuid references player_freespins (id);
create index game_rounds_freespins on game_rounds (player_id, created_at desc) where freespin_id is not null;
