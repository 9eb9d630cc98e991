-- Whether a game's first-move deadline ends it as a loss for the side that
-- did not move (game.Record.NoStartLoses: an arena's games) rather than
-- aborting it.
ALTER TABLE games ADD COLUMN no_start_loses boolean NOT NULL DEFAULT false;
