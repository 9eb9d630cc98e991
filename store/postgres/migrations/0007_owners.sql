-- The owner of each running game, and the fencing epoch it owns it under.
-- A node that starts claims every running game under a new epoch, drawn
-- from owner_epochs (one row, locked by the UPDATE that draws it, so two
-- nodes starting at once draw two epochs), which only grows; a write of a
-- game made under an older epoch than the game's is refused
-- (game.not_owner).
ALTER TABLE games ADD COLUMN owner text NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN owner_epoch bigint NOT NULL DEFAULT 0;
CREATE TABLE owner_epochs (
	id    integer PRIMARY KEY CHECK (id = 1),
	epoch bigint NOT NULL
);
INSERT INTO owner_epochs (id, epoch) VALUES (1, 0);
