-- The in-house games may run apart from the wallet and call it over signed HTTP like a
-- third-party provider. A round then passes through states that record which wallet call
-- it still owes, so that a lost answer or a crash is finished later, never forgotten:
--   betting   the stake is being taken (a bet that got no answer is rolled back)
--   open      a round of several steps (mines) waiting for the player
--   paying    the outcome is final and the win is being credited (retried until answered)
--   refunding the bet's fate is unknown and its rollback is being sent
--   settled   paid; void: the bet was refused or rolled back (no money moved)
alter table game_rounds drop constraint game_rounds_status_check;
alter table game_rounds add constraint game_rounds_status_check
  check (status in ('betting', 'open', 'paying', 'refunding', 'settled', 'void'));
alter table game_rounds drop constraint game_rounds_open_game;
alter table game_rounds add constraint game_rounds_open_game check (status <> 'open' or game = 'mines');

-- The wallet calls a round still owes, with the launch token they are made with (the
-- session that bet, which a later step may not have). The row lives from the bet until
-- the round is settled or void, then is deleted: tokens are not kept longer than needed.
create table game_round_wallet_calls (
  round_id uuid primary key references game_rounds (id) on delete cascade,
  session_token text not null check (length(session_token) between 1 and 200),
  -- when the owed call is next sent; null while nothing is owed (an open round)
  due_at timestamptz,
  attempts int4 not null default 0 check (attempts >= 0),
  last_error text,
  created_at timestamptz not null default now()
);
create index game_round_wallet_calls_due on game_round_wallet_calls (due_at) where due_at is not null;
