-- The bonus choice of crypto deposits (docs/bonuses.md, "Deposits"): a crypto deposit's
-- invoice is created by the transfer, not by the player's request, so the choice the player
-- makes when asking for the deposit address waits here, one per player and currency, and
-- the transaction that credits the next deposit in that currency takes it (and deletes it).
-- Its columns mean what the invoice's columns of the same name mean (0008).
create table crypto_deposit_bonus_choices (
  player_id uuid not null references players (id) on delete cascade,
  currency text not null,
  -- the bonus named (checked when chosen, and again when the deposit is credited); null: none
  bonus_id text check (bonus_id is null or length(bonus_id) between 1 and 100),
  is_bonus_decline boolean not null default false,
  chosen_at timestamptz not null default now(),
  primary key (player_id, currency),
  check (not (is_bonus_decline and bonus_id is not null))
);
