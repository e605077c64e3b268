-- Free rounds of third-party providers (docs/bonuses.md, "Free spins"): a provider reports
-- each free round it played as a win naming the free-spins grant, with no bet before it.
-- The win's row names the grant; it moves no money (its amount is added to the grant's
-- winnings, which become a bonus when the grant finishes).
alter table game_wallet_transactions add column freespin_id uuid references player_freespins (id);
alter table game_wallet_transactions add constraint game_wallet_transactions_free_round
  check (freespin_id is null or (kind = 'win' and ledger_transaction_id is null));
