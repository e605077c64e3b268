-- The game wallet records a call and the ledger transaction it will post in one row, before
-- the postings (the in-house games' bet and win take the accounts' locks as late as they can):
-- the reference to the ledger transaction is checked at commit, when the transaction exists.
alter table game_wallet_transactions
  alter constraint game_wallet_transactions_ledger_transaction_id_fkey deferrable initially deferred;
