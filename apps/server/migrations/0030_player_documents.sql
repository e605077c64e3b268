-- Player documents for manual identity checks (docs/player-protection.md, "Documents"):
-- the files players upload and the operator's review. The bytes live in the document
-- storage (a private directory by default) under `storage_key`, a random id; the name
-- the player's file had is kept for display only.

create table player_documents (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id),
  type text not null check (
    type in ('identity_front', 'identity_back', 'identity_selfie_id', 'address', 'payment', 'payment_back', 'other')
  ),
  file_name text not null check (length(file_name) between 1 and 255),
  -- Recognised from the file's first bytes, never taken from the upload's declared type.
  content_type text not null check (
    content_type in ('image/jpeg', 'image/png', 'application/pdf', 'image/webp', 'image/heic')
  ),
  size_bytes integer not null check (size_bytes > 0),
  storage_key text not null unique,
  -- 1 approved, 2 pending, 3 rejected (DocumentStatus)
  status smallint not null default 2 check (status in (1, 2, 3)),
  reject_reason text check (length(reject_reason) between 1 and 500),
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  -- A reason exactly when rejected; a review time exactly when reviewed.
  check ((status = 3) = (reject_reason is not null)),
  check ((status = 2) = (reviewed_at is null))
);
create index player_documents_player on player_documents (player_id, created_at desc);
-- The operator's queue: oldest pending first.
create index player_documents_status on player_documents (status, created_at);
