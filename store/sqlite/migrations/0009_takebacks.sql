-- Where a game's takebacks stand (game.Takebacks as JSON: the open offer,
-- the offers each side has made); NULL while none was ever offered.
ALTER TABLE games ADD COLUMN takebacks TEXT;
