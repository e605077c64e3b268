-- When the refresh token was last rotated: a retry with the token just replaced, within a
-- few seconds of this, gets the current token again instead of counting as reuse.
alter table player_sessions add column refresh_rotated_at timestamptz;
