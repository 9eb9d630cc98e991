-- The games being played now, newest first (game.Listing.PlayingNow).
-- games_started (0003) held them by created_at alone, but without ANALYZE's
-- statistics SQLite weighs status = 20 on games_status no worse than on a
-- partial index, and took games_status: it read every started game, then
-- sorted them. status leads here as a column as well as the condition, and
-- (created_at, id) is the ORDER BY, so the newest page is the index's last
-- entries and no sort is left. games_started has no reader left.
CREATE INDEX games_playing_now ON games (status, created_at, id) WHERE status = 20;
DROP INDEX games_started;
