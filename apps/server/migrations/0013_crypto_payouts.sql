-- Crypto withdrawals: the transfer our payout sends for an approved withdrawal invoice.
-- One per invoice (approving again re-sends the same one: the invoice id is the
-- idempotency key). The money moves through the invoice and the ledger (0008); this is
-- the chain side: where it went and whether the chain has confirmed it.
create table crypto_payouts (
  tx_id text primary key check (tx_id ~ '^[0-9A-Za-z:_-]{8,128}$'),
  invoice_id uuid not null unique references payment_invoices (id),
  network text not null check (network ~ '^[a-z0-9]{2,16}$'),
  address text not null check (length(address) between 10 and 128),
  -- destination tag for shared-address chains (XRP: an unsigned 32-bit integer)
  tag text check (tag ~ '^[0-9]{1,10}$'),
  currency text not null,
  amount_minor int8 not null check (amount_minor > 0),
  status text not null default 'broadcast' check (status in ('broadcast', 'confirmed', 'dropped')),
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((status = 'broadcast') = (settled_at is null))
);
create index crypto_payouts_recent on crypto_payouts (created_at desc);
