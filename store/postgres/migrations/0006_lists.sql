-- A player's finished games and the games being played now, newest first
-- (game.Listing.PlayerGames, PlayingNow). The indexes of 0003 were
-- (white_id, ended_at DESC) and (created_at DESC): DESC puts NULLs first,
-- the lists' ORDER BY ... DESC NULLS LAST, id DESC puts them last, so the
-- planner could not read them in the lists' order and sorted everything it
-- found, every finished game of the player or every started game. These
-- are in the lists' order, finished games only for the history, which the
-- store reads one side at a time (history.go).
CREATE INDEX games_white_finished ON games (white_id, ended_at DESC NULLS LAST, id DESC) WHERE status IN (30, 40);
CREATE INDEX games_black_finished ON games (black_id, ended_at DESC NULLS LAST, id DESC) WHERE status IN (30, 40);
CREATE INDEX games_playing_now ON games (created_at DESC NULLS LAST, id DESC) WHERE status = 20;
DROP INDEX games_white_history, games_black_history, games_started;
