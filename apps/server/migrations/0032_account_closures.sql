-- Account closure (docs/player-protection.md, "Account information and closure"): when a
-- player closed their account, and each closure request with its reason and the balances
-- the operator owes the player (real money; bonus money is forfeited).

alter table players add column closed_at timestamptz;

create table account_closures (
  id uuid primary key default gen_random_uuid(),
  -- One closure per account: an account is closed once.
  player_id uuid not null unique references players (id) on delete cascade,
  reason text not null check (reason in ('not_interested', 'gambling', 'other_site', 'unhappy', 'other')),
  comment text check (length(comment) <= 500),
  -- [{ currency, realBalance, lockedBalance, bonusBalance }] in major units, as the player's accounts showed them.
  balances jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create index account_closures_created_idx on account_closures (created_at desc, id);
