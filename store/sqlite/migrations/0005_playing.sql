-- The games one player is playing now (game.Listing.PlayerPlaying, a
-- profile's "playing now"): only the started games, by player, so the
-- lookup neither walks the player's whole history (games_*_history) nor
-- every game being played (games_started). status is a column as well as
-- the condition: without it, and without ANALYZE's statistics, SQLite
-- weighs white_id = ? no better than games_status's status = ? and takes
-- that one.
CREATE INDEX games_white_playing ON games (white_id, status, created_at) WHERE status = 20;
CREATE INDEX games_black_playing ON games (black_id, status, created_at) WHERE status = 20;
