-- Crypto deposits: one deposit address per player and network, derived from the
-- operator's extended public key at child 0/{derivation_index}, and the incoming
-- transfers seen on those addresses. The money itself moves through payment invoices and
-- the ledger (0007, 0008), like any other deposit.

-- The next free derivation index per network; taken with an atomic upsert, so that
-- concurrent allocations never share an index (gaps are harmless).
create table crypto_address_counters (
  network text primary key check (network ~ '^[a-z0-9]{2,16}$'),
  next_index integer not null check (next_index >= 0)
);

create table crypto_deposit_addresses (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id) on delete restrict,
  network text not null check (network ~ '^[a-z0-9]{2,16}$'),
  -- the non-hardened child index under the external chain (0/{index}) of the network's key
  derivation_index integer not null check (derivation_index >= 0),
  address text not null check (length(address) between 10 and 128),
  -- destination tag or memo, for chains that share one address between players
  tag text check (tag ~ '^[0-9A-Za-z]{1,32}$'),
  created_at timestamptz not null default now(),
  unique (player_id, network),
  unique (network, derivation_index),
  unique (network, address, tag)
);

-- A transfer to one of our addresses (the chain watcher's view; the sandbox chain
-- writes them outside production). Its invoice is created pending when it is seen and
-- succeeds when it is confirmed.
create table crypto_transfers (
  tx_id text primary key check (tx_id ~ '^[0-9A-Za-z:_-]{8,128}$'),
  network text not null,
  address_id uuid not null references crypto_deposit_addresses (id),
  currency text not null,
  amount_minor int8 not null check (amount_minor > 0),
  invoice_id uuid not null unique references payment_invoices (id),
  status text not null default 'pending' check (status in ('pending', 'confirmed')),
  created_at timestamptz not null default now(),
  confirmed_at timestamptz
);
create index crypto_transfers_address on crypto_transfers (address_id, created_at desc);
