-- Tournament prizes of every kind and recurring schedules (docs/tournaments.md): a prize is a
-- catalogue bonus (1), cash paid through the ledger (2, amounts per currency) or free spins
-- (3, a free-spins catalogue bonus); a series makes one tournament per day or week.

-- The operator account cash prizes are paid from.
alter table ledger_accounts drop constraint ledger_accounts_kind_check;
alter table ledger_accounts add constraint ledger_accounts_kind_check check (
  kind in ('player', 'payment_clearing', 'withdrawals_pending', 'fees', 'game', 'bonus', 'sandbox_funding',
    'tournament_prizes')
);

-- TournamentPrizeType: 1 a bonus, 2 cash, 3 free spins (a bonus too); cash names no bonus.
alter table tournament_prizes drop constraint tournament_prizes_type_check;
alter table tournament_prizes add constraint tournament_prizes_type_check check (type between 1 and 3);
alter table tournament_prizes alter column bonus_id drop not null;
alter table tournament_prizes add constraint tournament_prizes_bonus_check check ((type = 2) = (bonus_id is null));

-- A cash prize's amount in each currency it is paid in (minor units).
create table tournament_prize_amounts (
  tournament_id uuid not null,
  place integer not null,
  currency text not null references currencies (code),
  amount_minor bigint not null check (amount_minor > 0),
  primary key (tournament_id, place, currency),
  foreign key (tournament_id, place) references tournament_prizes (tournament_id, place) on delete cascade
);

-- What an award gave: its prize type; for cash the amount paid (in `currency`, null when
-- refused: `issue_error` says why) and the ledger transaction.
alter table tournament_awards alter column bonus_id drop not null;
alter table tournament_awards add column prize_type smallint not null default 1 check (prize_type between 1 and 3);
alter table tournament_awards add column amount_minor bigint check (amount_minor > 0);
alter table tournament_awards add column ledger_transaction_id uuid;

-- A recurring schedule: each occurrence is a tournament of its own (`{identity}-{yyyy-mm-dd}`).
create table tournament_series (
  id uuid primary key default gen_random_uuid(),
  identity text not null unique check (identity ~ '^[a-z0-9][a-z0-9-]{1,51}$'),
  recurrence text not null check (recurrence in ('daily', 'weekly')),
  -- Set when the operator stops the series: no occurrence is made after it.
  stopped_at timestamptz,
  created_at timestamptz not null default now()
);

alter table tournaments add column series_id uuid references tournament_series (id);
-- The series' recurrence while it goes on (null when not recurring or stopped), for the answers.
alter table tournaments add column recurrence text check (recurrence in ('daily', 'weekly'));
-- One occurrence per start: creating one twice (two processes, a retried job) makes one.
alter table tournaments add constraint tournaments_series_start unique (series_id, start_at);
