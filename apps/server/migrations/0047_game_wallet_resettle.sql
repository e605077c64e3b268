-- Resettlement of a corrected result (docs/api.md, "Game-wallet callbacks"): a provider
-- (a sportsbook) corrects what a settled round paid with a `resettle` call whose amount is
-- signed: positive credits the player, negative takes money back. Player balances never go
-- below zero, so a correction down takes what the real balance holds and the row keeps the
-- part it could not collect (`shortfall_minor`) for the operator; only collected money
-- moves in the ledger.
alter table game_wallet_transactions drop constraint game_wallet_transactions_kind_check;
alter table game_wallet_transactions add constraint game_wallet_transactions_kind_check
  check (kind in ('bet', 'win', 'rollback', 'resettle'));
alter table game_wallet_transactions drop constraint game_wallet_transactions_amount_minor_check;
alter table game_wallet_transactions add constraint game_wallet_transactions_amount_minor_check
  check (amount_minor >= 0 or kind = 'resettle');
alter table game_wallet_transactions
  add column shortfall_minor bigint not null default 0
  check (shortfall_minor >= 0 and (shortfall_minor = 0 or kind = 'resettle'));
