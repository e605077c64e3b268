-- Payments: the catalogue of payment methods, the player's invoices (deposits and
-- withdrawals), the provider webhooks already applied, the turn-over wager that deposits
-- put on withdrawals, and the state of the built-in sandbox payment provider.
--
-- Money itself never lives here: every movement is a ledger transaction (0007) whose
-- idempotency key names the invoice (deposit:{id}, withdrawal:hold:{id}, …). An invoice's
-- status changes in the same database transaction as the ledger postings it causes.

-- A payment method: how a player pays in or is paid out, through which provider.
create table payment_methods (
  -- the id clients send back as `method` (0x.withdrawal.cash_agent is the cash agent)
  id text primary key check (id ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$'),
  direction text not null check (direction in ('deposit', 'withdrawal')),
  -- the PaymentProvider adapter that carries it out; also the key of its clearing account
  provider text not null check (provider ~ '^[a-z0-9][a-z0-9_.-]{0,63}$'),
  -- 'form' (fiat) or 'address' (crypto deposit answering an address)
  type text not null default 'form' check (type in ('form', 'address')),
  processing_type text not null check (processing_type in ('form', 'qr', 'iframe', 'message', 'asyncRedirect')),
  -- file name of the logo served at /api/payment/logos/{logo}
  logo text not null check (logo ~ '^[a-z0-9][a-z0-9_-]{0,63}\.svg$'),
  icon text,
  -- locale code -> name
  names jsonb not null default '{}'::jsonb check (jsonb_typeof(names) = 'object'),
  -- the dynamic form: [{ key, fieldType, regexp, labels, hints, isRequired, position, prefill, options }]
  fields jsonb not null default '[]'::jsonb check (jsonb_typeof(fields) = 'array'),
  -- ISO country codes where the method is offered; null: everywhere
  countries text[] check (countries is null or cardinality(countries) > 0),
  position integer not null default 0,
  is_enabled boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The currencies a method accepts, each with its own bounds and quick amounts.
create table payment_method_currencies (
  method_id text not null references payment_methods (id) on delete cascade,
  currency text not null references currencies (code),
  amount_min_minor int8 not null check (amount_min_minor > 0),
  amount_max_minor int8 not null,
  -- [{ "amountMinor": "2000", "default": false }] (amounts as text: exact beyond 2^53)
  presets jsonb not null default '[]'::jsonb check (jsonb_typeof(presets) = 'array'),
  -- bounds of select options in this currency: { "<optionId>": { "minMinor": "…", "maxMinor": "…" } }
  option_bounds jsonb not null default '{}'::jsonb check (jsonb_typeof(option_bounds) = 'object'),
  is_enabled boolean not null default true,
  primary key (method_id, currency),
  check (amount_max_minor >= amount_min_minor)
);
create index payment_method_currencies_currency on payment_method_currencies (currency);

create table payment_invoices (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id) on delete restrict,
  account_id uuid not null,
  -- 1 deposit, 2 withdrawal (InvoiceType)
  invoice_type smallint not null check (invoice_type in (1, 2)),
  -- 1 pending, 2 success, 3 error or declined, 4 processing, 5 preparing (InvoiceStatus)
  status smallint not null default 1 check (status between 1 and 5),
  -- why it ended so: paid, failed, declined, rejected, provider_error, payout_failed
  status_result text check (status_result ~ '^[a-z_]{1,32}$'),
  method_id text not null references payment_methods (id),
  provider text not null,
  currency text not null,
  amount_minor int8 not null check (amount_minor > 0),
  -- the method's field values as the player sent them (known keys only)
  fields jsonb not null default '{}'::jsonb check (jsonb_typeof(fields) = 'object'),
  -- what the player may see: a QR, a cash agent's codes…
  public_data jsonb check (public_data is null or jsonb_typeof(public_data) = 'object'),
  provider_reference text,
  -- the answer of the create call, replayed to a retry with the same idempotency key
  response jsonb,
  -- ordinal of the player's successful deposit (set when it succeeds)
  number integer check (number > 0),
  country text check (country ~ '^[A-Z]{2}$'),
  bonus_id text,
  is_bonus_decline boolean not null default false,
  -- the client's Idempotency-Key (scoped to the player) and the SHA-256 of its request
  idempotency_key text check (idempotency_key ~ '^[\x21-\x7e]{1,100}$'),
  request_hash text check (request_hash ~ '^[0-9a-f]{64}$'),
  -- withdrawals: who approved the payout ('auto' or 'operator')
  approved_by text check (approved_by in ('auto', 'operator')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  processed_at timestamptz,
  -- the account is the player's own, in the invoice's currency
  foreign key (player_id, account_id) references ledger_accounts (player_id, id),
  foreign key (account_id, currency) references ledger_accounts (id, currency),
  unique (player_id, idempotency_key),
  check ((idempotency_key is null) = (request_hash is null)),
  check (invoice_type = 1 or number is null)
);
create index payment_invoices_player_created on payment_invoices (player_id, created_at desc, id desc);
create unique index payment_invoices_player_number on payment_invoices (player_id, number) where number is not null;
-- the operator's queue of withdrawals waiting for approval or for the provider
create index payment_invoices_open_withdrawals on payment_invoices (created_at) where invoice_type = 2 and status in (1, 4);

-- Provider webhooks applied, by the provider's event id: a delivery repeated any number
-- of times is applied once (the row is written in the transaction that applies it).
create table payment_webhook_events (
  provider text not null,
  event_id text not null check (length(event_id) between 1 and 200),
  event_type text not null,
  invoice_id uuid references payment_invoices (id),
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);

-- The turn-over wager per player account: deposits must be wagered `multiple` times
-- before they can be withdrawn. While wagering is open, the deposits it covers are
-- restricted (ledger_accounts.restricted_minor includes restricted_minor below).
create table turnover_requirements (
  account_id uuid primary key references ledger_accounts (id),
  player_id uuid not null references players (id),
  currency text not null,
  -- turnover still required in all, and wagered so far toward it
  required_minor int8 not null default 0 check (required_minor >= 0),
  wagered_minor int8 not null default 0 check (wagered_minor >= 0),
  -- the deposits held back from withdrawal until the turnover is done
  restricted_minor int8 not null default 0 check (restricted_minor >= 0),
  -- the multiple of the latest deposit (shown as turnOverWager)
  multiple numeric(8, 2) not null default 0 check (multiple >= 0),
  updated_at timestamptz not null default now()
);

-- The built-in sandbox payment provider (outside production only). It is a separate
-- party: it knows our invoice ids as references and talks to us through signed webhooks.
create table psp_sandbox_payments (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('deposit', 'payout')),
  -- the merchant's (our) invoice id
  merchant_reference text not null,
  processing_type text not null,
  amount_minor int8 not null check (amount_minor > 0),
  currency text not null,
  -- the amount as the payer sees it ("10.50")
  amount_text text not null,
  -- open: waiting for the payer; then pending, succeeded or failed
  status text not null default 'open' check (status in ('open', 'pending', 'succeeded', 'failed')),
  success_url text,
  error_url text,
  webhook_url text not null,
  -- the last webhook sent (retries repeat it byte for byte: same event id)
  last_event jsonb,
  delivered_at timestamptz,
  created_at timestamptz not null default now(),
  completed_at timestamptz,
  unique (merchant_reference, kind)
);
