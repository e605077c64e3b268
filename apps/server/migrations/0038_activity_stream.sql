-- The activity stream (docs/activity.md): what players do, read in commit order by the
-- engines that react to play (loyalty, quests, wheels, referrals), each exactly once.
--
-- A row's transaction id (xid8, 64-bit, never wraps) orders the stream: every id below the
-- oldest transaction still running (pg_snapshot_xmin of a snapshot) belongs to a finished
-- transaction, so a consumer that reads up to that horizon never skips a row that commits
-- later, whatever order sequence values were drawn in.

-- Game calls are activity as they are: the column is filled by its default in the insert the
-- bet path already sends, so a round pays no extra statement.
alter table game_wallet_transactions add column tx_xid xid8 not null default pg_current_xact_id();
create index game_wallet_transactions_tx_xid on game_wallet_transactions (tx_xid, id);

-- Deposits, profile changes and sign-ins: written in the transaction of the change.
create table player_activities (
  id bigint generated always as identity primary key,
  tx_xid xid8 not null default pg_current_xact_id(),
  player_id uuid not null references players (id),
  kind text not null check (kind in ('deposit', 'profile', 'sign-in')),
  data jsonb not null,
  created_at timestamptz not null default now()
);
create index player_activities_tx_xid on player_activities (tx_xid, id);
create index player_activities_player on player_activities (player_id, created_at);

-- One row per consumer: how far it has read. (cursor_xid, cursor_source, cursor_id) is the
-- last record handled; source 0 means "every record of transactions below cursor_xid".
-- The row is locked while a batch is handled, so one process at a time reads for a consumer,
-- and the cursor moves in the transaction that commits the consumer's writes.
create table activity_consumers (
  name text primary key check (length(name) between 1 and 100),
  cursor_xid xid8 not null,
  cursor_source smallint not null default 0 check (cursor_source >= 0),
  cursor_id text not null default '',
  handled_count bigint not null default 0 check (handled_count >= 0),
  failures integer not null default 0 check (failures >= 0),
  last_error text,
  retry_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
