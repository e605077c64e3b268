-- Reality checks and session time (docs/player-protection.md, "Reality checks and session
-- time"): the player's chosen reality-check interval and session-time limit, and on each
-- real-money game session the times the game wallet's bet rule compares with the clock.
-- The bet path already reads the game session row, so the rule costs no statement; a
-- session of a player without settings has both times null.

create table player_play_settings (
  player_id uuid primary key references players (id) on delete cascade,
  -- minutes between reality checks; null: none
  reality_check_minutes smallint check (reality_check_minutes between 1 and 1440),
  -- minutes of play per session; null: no limit
  session_limit_minutes smallint check (session_limit_minutes between 1 and 1440),
  updated_at timestamptz not null default now()
);

-- Bets are refused from this time until the player acknowledges the reality check.
alter table game_sessions add column reality_check_due_at timestamptz;
-- Bets are refused from this time on: the session-time limit is reached.
alter table game_sessions add column play_ends_at timestamptz;
