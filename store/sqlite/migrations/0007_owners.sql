-- The owner of each running game, and the fencing epoch it owns it under.
-- A node that starts claims every running game under a new epoch, drawn
-- from owner_epochs (one row), which only grows; a write of a game made
-- under an older epoch than the game's is refused (game.not_owner).
ALTER TABLE games ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN owner_epoch INTEGER NOT NULL DEFAULT 0;
CREATE TABLE owner_epochs (
	id    INTEGER PRIMARY KEY CHECK (id = 1),
	epoch INTEGER NOT NULL
) STRICT;
INSERT INTO owner_epochs (id, epoch) VALUES (1, 0);
