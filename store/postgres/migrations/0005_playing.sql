-- The games one player is playing now (game.Listing.PlayerPlaying, a
-- profile's "playing now"): only the started games, by player, so the
-- lookup does not walk the player's whole history (games_*_history).
CREATE INDEX games_white_playing ON games (white_id, created_at DESC) WHERE status = 20;
CREATE INDEX games_black_playing ON games (black_id, created_at DESC) WHERE status = 20;
