-- The messenger (docs/messenger.md): messages to one player each, from the operator or
-- written by the system on an event (a document reviewed, …) in the player's locale at
-- the time it was sent. A segment send is one row per player.

create table player_messages (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id),
  -- 1 unread, 2 read (MessageState)
  state smallint not null default 1 check (state in (1, 2)),
  title text not null check (length(title) between 1 and 200),
  body text not null check (length(body) between 1 and 5000),
  link_url text check (length(link_url) <= 500),
  link_label text check (length(link_label) <= 100),
  -- 'operator' or the system event that wrote it ('document.approved', …)
  kind text not null,
  -- A system message's event key: the same event never writes a second message.
  source_key text,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz,
  check ((state = 2) = (read_at is not null)),
  check ((link_url is null) = (link_label is null))
);
create index player_messages_player on player_messages (player_id, created_at desc, id desc);
create index player_messages_unread on player_messages (player_id) where state = 1;
create unique index player_messages_source on player_messages (player_id, source_key) where source_key is not null;
