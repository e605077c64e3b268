-- The part of a bet paid with bonus money (the ledger takes real money first, then bonus;
-- docs/bonuses.md). A win of the round, or the bet's rollback, is credited back in the same
-- proportions: the bonus part to the bonus balance.
alter table game_wallet_transactions
  add column bonus_minor bigint not null default 0 check (bonus_minor >= 0);
