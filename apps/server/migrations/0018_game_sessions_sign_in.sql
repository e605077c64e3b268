-- A player's game session belongs to the sign-in session that launched it and ends with it:
-- the game wallet reads the sign-in session in the same query that loads the game session
-- by its token, so logout, closing a session, a password change and blocking end the game
-- sessions too, whichever path closed the sign-in session. Guests' demo sessions have none.
-- No index: the wallet follows the key from game_sessions, and sign-in sessions are never
-- deleted on their own (only with their player, whom game sessions keep).
alter table game_sessions add column sign_in_session_id uuid references player_sessions (id);

-- Sessions launched before this change cannot be tied to a sign-in session: their bets end
-- now (the player opens the game again); wins and rollbacks are still accepted.
update game_sessions set expires_at = now() where player_id is not null and expires_at > now();

-- Every new session of a player names its sign-in session (existing rows are not checked).
alter table game_sessions
  add constraint game_sessions_sign_in check (player_id is null or sign_in_session_id is not null) not valid;
