-- The casino history (GET /api/game/spins) groups a player's wallet transactions of every
-- provider into rounds, reaching them through the player's sessions.
create index game_wallet_transactions_session on game_wallet_transactions (session_id, created_at);
