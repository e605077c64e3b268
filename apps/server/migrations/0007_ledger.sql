-- Ledger: every money movement is a double-entry transaction of immutable postings that
-- sum to zero per currency. Amounts are int8 minor units of the account's currency.
--
-- Accounts hold materialised balances, changed only by the wallet module's ledger service
-- together with the postings that explain them (rows locked in id order). The database
-- keeps the last lines of defence: player balances never below zero, postings never
-- changed or removed, and a transaction that does not balance cannot commit.

create table ledger_accounts (
  id uuid primary key default gen_random_uuid(),
  -- 'player': a player's wallet account in one currency (the API's Account). The others
  -- belong to the operator: money in transit from a payment provider (per provider key),
  -- withdrawals on their way out, fees, the game and bonus pools, and the sandbox
  -- funding that pays demo balances outside production.
  kind text not null check (
    kind in ('player', 'payment_clearing', 'withdrawals_pending', 'fees', 'game', 'bonus', 'sandbox_funding')
  ),
  player_id uuid references players (id) on delete restrict,
  -- operator accounts: which one of a kind (a payment provider id, a game provider…); '' when only one
  operator_key text check (operator_key ~ '^[a-z0-9][a-z0-9_.-]{0,63}$' or operator_key = ''),
  currency text not null references currencies (code),
  -- real money (what a player may spend or withdraw, within withdrawal rules)
  balance_minor int8 not null default 0,
  -- bonus money, kept apart from real money (player accounts only)
  bonus_balance_minor int8 not null default 0,
  -- real money held back: a pending withdrawal, a bonus lock (player accounts only)
  locked_balance_minor int8 not null default 0,
  -- not ledger money but a rule on it: the part of balance_minor that may not be
  -- withdrawn yet (deposits still under their turn-over wager). withdrawalBalance is
  -- greatest(balance_minor - restricted_minor, 0).
  restricted_minor int8 not null default 0 check (restricted_minor >= 0),
  -- hidden from the player's account list (never the active one: see player_wallets)
  is_hidden boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'player') = (player_id is not null)),
  check ((kind = 'player') = (operator_key is null)),
  -- a player's balances never go below zero; operator accounts may (a clearing account
  -- is negative while the provider owes the money it reported)
  constraint ledger_accounts_player_not_negative check (
    kind <> 'player' or (balance_minor >= 0 and bonus_balance_minor >= 0 and locked_balance_minor >= 0)
  ),
  check (kind = 'player' or (bonus_balance_minor = 0 and locked_balance_minor = 0 and restricted_minor = 0)),
  check (kind = 'player' or not is_hidden),
  -- targets of the composite keys below
  unique (id, currency),
  unique (player_id, id)
);
-- one account per player and currency; one operator account per kind, key and currency
create unique index ledger_accounts_player_currency on ledger_accounts (player_id, currency) where kind = 'player';
create unique index ledger_accounts_operator on ledger_accounts (kind, operator_key, currency) where kind <> 'player';

-- The player's wallet: which account is active (status 1). One row per player that has
-- accounts; the composite key keeps the active account the player's own.
create table player_wallets (
  player_id uuid primary key references players (id) on delete restrict,
  active_account_id uuid not null,
  updated_at timestamptz not null default now(),
  foreign key (player_id, active_account_id) references ledger_accounts (player_id, id)
);

create table ledger_transactions (
  id uuid primary key default gen_random_uuid(),
  -- chosen by the caller for each mutation; a retry with the same key gets the first result
  idempotency_key text not null unique check (idempotency_key ~ '^[\x21-\x7e]{1,200}$'),
  -- what the movement is: deposit, withdrawal, bet, sandbox_funding… (open list)
  kind text not null check (kind ~ '^[a-z][a-z0-9_.:-]{0,63}$'),
  -- SHA-256 of the canonical parameters (kind, entries, metadata): the same key with other
  -- parameters is refused
  request_hash text not null check (request_hash ~ '^[0-9a-f]{64}$'),
  metadata jsonb not null default '{}'::jsonb check (jsonb_typeof(metadata) = 'object'),
  created_at timestamptz not null default now()
);
create index ledger_transactions_created_at on ledger_transactions (created_at);

create table ledger_postings (
  id int8 generated always as identity primary key,
  transaction_id uuid not null references ledger_transactions (id),
  account_id uuid not null,
  -- which balance of the account the posting moves
  bucket text not null check (bucket in ('real', 'bonus', 'locked')),
  -- the account's currency (the composite key refuses any other)
  currency text not null,
  amount_minor int8 not null check (amount_minor <> 0),
  created_at timestamptz not null default now(),
  foreign key (account_id, currency) references ledger_accounts (id, currency)
);
create index ledger_postings_transaction on ledger_postings (transaction_id);
create index ledger_postings_account on ledger_postings (account_id, id);

-- Postings and transactions are immutable: corrections are new transactions. (A REVOKE
-- would not bind the table owner, which the server connects as; a trigger binds everyone
-- but a superuser who disables it on purpose.)
create function ledger_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'ledger rows are immutable: % on % refused', tg_op, tg_table_name
    using errcode = '55000', hint = 'Post a correcting transaction instead.';
end
$$;

create trigger ledger_postings_immutable before update or delete or truncate on ledger_postings
  for each statement execute function ledger_refuse_change();
create trigger ledger_transactions_immutable before update or delete or truncate on ledger_transactions
  for each statement execute function ledger_refuse_change();

-- At commit, every transaction that received postings must balance per currency. The
-- service checks this before writing; this is the guard against any other path.
create function ledger_check_balanced() returns trigger language plpgsql as $$
begin
  if exists (
    select 1 from ledger_postings
    where transaction_id = new.transaction_id
    group by currency
    having sum(amount_minor) <> 0
  ) then
    raise exception 'ledger transaction % does not balance', new.transaction_id using errcode = '23514';
  end if;
  return null;
end
$$;

create constraint trigger ledger_postings_balanced after insert on ledger_postings
  deferrable initially deferred for each row execute function ledger_check_balanced();

-- ... and a transaction without postings is no transaction.
create function ledger_check_has_postings() returns trigger language plpgsql as $$
begin
  if not exists (select 1 from ledger_postings where transaction_id = new.id) then
    raise exception 'ledger transaction % has no postings', new.id using errcode = '23514';
  end if;
  return null;
end
$$;

create constraint trigger ledger_transactions_have_postings after insert on ledger_transactions
  deferrable initially deferred for each row execute function ledger_check_has_postings();
