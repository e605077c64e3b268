-- Bonus codes (docs/bonuses.md, "Bonus codes"): the operator's codes, each giving one
-- catalogue bonus, and the codes players entered — applied at once (wallet), kept for the
-- next deposit, or refused (incorrect, not available). Refused entries are kept too: the
-- incorrect ones count toward the per-player attempt limit.

create table bonus_codes (
  id uuid primary key default gen_random_uuid(),
  -- Compared without regard to case (the unique index below); shown as the operator wrote it.
  code text not null check (code ~ '^[A-Za-z0-9_-]{3,40}$'),
  bonus_id uuid not null references bonuses (id),
  -- 1 offered, 2 paused
  status smallint not null default 1 check (status in (1, 2)),
  -- How many bonuses the code may give in all, and to one player (null: no cap).
  max_uses integer check (max_uses > 0),
  max_uses_per_player integer check (max_uses_per_player > 0),
  -- Bonuses given so far; raised with the code's row locked, so the cap holds under concurrency.
  uses integer not null default 0 check (uses >= 0),
  available_from timestamptz,
  available_to timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (max_uses is null or uses <= max_uses),
  check (available_from is null or available_to is null or available_from < available_to)
);
create unique index bonus_codes_code on bonus_codes (lower(code));

create table player_bonus_codes (
  id uuid primary key default gen_random_uuid(),
  player_id uuid not null references players (id),
  -- The code matched (null when the text matched none: status 3).
  bonus_code_id uuid references bonus_codes (id),
  -- The text as entered (trimmed), or the code's own spelling when it matched.
  code text not null check (length(code) between 1 and 64),
  -- 1 wallet (apply now), 3 deposit (apply with the next deposit)
  trigger smallint not null check (trigger in (1, 3)),
  -- 2 applied, 3 incorrect, 4 not available
  status smallint not null check (status in (2, 3, 4)),
  -- With status 2: 1 waiting for a deposit, 2 its bonus was given, 3 removed (by the player,
  -- or replaced by a newer deposit code). None with statuses 3 and 4.
  result smallint check (result in (1, 2, 3)),
  -- The bonus it gave (`player_bonuses.source` is `code:{id}`).
  player_bonus_id uuid references player_bonuses (id),
  -- The deposit that used (or found unavailable) a code kept for a deposit.
  invoice_id uuid references payment_invoices (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 2) = (result is not null)),
  check (status <> 3 or bonus_code_id is null),
  check ((result = 2) = (player_bonus_id is not null)),
  check (result is distinct from 1 or trigger = 3)
);
create index player_bonus_codes_player on player_bonus_codes (player_id, created_at desc);
-- At most one code waiting for a deposit per player.
create unique index player_bonus_codes_one_pending on player_bonus_codes (player_id) where result = 1;
-- The attempt limit counts a player's recent incorrect codes.
create index player_bonus_codes_incorrect on player_bonus_codes (player_id, created_at) where status = 3;
-- The per-player cap counts a player's uses of a code.
create index player_bonus_codes_uses on player_bonus_codes (bonus_code_id, player_id) where result = 2;
