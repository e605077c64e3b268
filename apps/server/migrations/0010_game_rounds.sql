-- Games: launch sessions, the game wallet's record of provider transactions, the players'
-- provably fair seed pairs and the rounds of the in-house games.

-- A launched game: the short-lived token the game (or its provider) presents on every
-- callback. Only its SHA-256 is kept. Demo sessions have no player account and play
-- with their own balance, outside the ledger.
create table game_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  -- null: a guest's demo session
  player_id uuid references players (id) on delete restrict,
  game_id uuid not null references games (id),
  provider text not null check (provider ~ '^[a-z0-9][a-z0-9_.-]{0,63}$'),
  -- the ledger account bets are taken from (real mode only)
  account_id uuid references ledger_accounts (id),
  currency text not null references currencies (code),
  is_demo boolean not null,
  demo_balance_minor int8 not null default 0 check (demo_balance_minor >= 0),
  -- bets need an unexpired token; wins and rollbacks are accepted after expiry
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  check (is_demo or (player_id is not null and account_id is not null)),
  check (not is_demo or account_id is null)
);
create index game_sessions_player on game_sessions (player_id, created_at desc) where player_id is not null;

-- Every bet, win and rollback a provider sent, once: the provider's transaction id is the
-- idempotency key (kept, never deleted: providers retry for a day, audits ask for months).
create table game_wallet_transactions (
  id uuid primary key default gen_random_uuid(),
  provider text not null,
  provider_tx_id text not null check (length(provider_tx_id) between 1 and 200),
  kind text not null check (kind in ('bet', 'win', 'rollback')),
  session_id uuid not null references game_sessions (id),
  round_id text not null check (length(round_id) between 1 and 200),
  amount_minor int8 not null check (amount_minor >= 0),
  currency text not null,
  -- rollback: the bet it undoes (which may not have arrived, or never will)
  reference_tx_id text,
  -- rollback: whether the referenced bet existed and was refunded
  refunded boolean not null default false,
  -- bet: set when a later rollback refunded it
  rolled_back boolean not null default false,
  -- null for demo sessions and for amounts of zero
  ledger_transaction_id uuid references ledger_transactions (id),
  created_at timestamptz not null default now(),
  unique (provider, provider_tx_id),
  check ((kind = 'rollback') = (reference_tx_id is not null))
);
-- one rollback per bet id: a bet that arrives after its rollback is refused
create unique index game_wallet_transactions_rollback on game_wallet_transactions (provider, reference_tx_id)
  where kind = 'rollback';
create index game_wallet_transactions_round on game_wallet_transactions (provider, round_id);

-- A player's seed pair for the in-house games: the server seed stays secret (only its
-- SHA-256 is shown) until the player rotates, which reveals it and opens a new pair.
-- A guest's demo session has a pair of its own.
create table game_seed_pairs (
  id uuid primary key default gen_random_uuid(),
  player_id uuid references players (id) on delete restrict,
  session_id uuid references game_sessions (id),
  server_seed text not null check (server_seed ~ '^[0-9a-f]{64}$'),
  server_seed_hash text not null check (server_seed_hash ~ '^[0-9a-f]{64}$'),
  client_seed text not null check (length(client_seed) between 1 and 64),
  -- rounds played on the pair; the next round uses this value and increments it
  nonce int8 not null default 0 check (nonce >= 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  revealed_at timestamptz,
  check (is_active = (revealed_at is null)),
  check ((player_id is null) <> (session_id is null))
);
create unique index game_seed_pairs_active on game_seed_pairs (player_id) where is_active and player_id is not null;
create unique index game_seed_pairs_session on game_seed_pairs (session_id) where session_id is not null;

-- A round of an in-house game, written in the transaction that moved its money.
create table game_rounds (
  id uuid primary key,
  -- null: a guest's demo round
  player_id uuid references players (id) on delete restrict,
  session_id uuid not null references game_sessions (id),
  game_id uuid not null references games (id),
  game text not null check (game in ('dice', 'limbo', 'mines', 'plinko', 'roulette', 'slot')),
  seed_pair_id uuid not null references game_seed_pairs (id),
  nonce int8 not null check (nonce >= 0),
  params jsonb not null,
  outcome jsonb not null,
  currency text not null,
  is_demo boolean not null,
  stake_minor int8 not null check (stake_minor > 0),
  payout_minor int8 not null check (payout_minor >= 0),
  multiplier_bp int not null check (multiplier_bp >= 0),
  created_at timestamptz not null default now(),
  unique (seed_pair_id, nonce)
);
create index game_rounds_player on game_rounds (player_id, created_at desc, id) where player_id is not null;
