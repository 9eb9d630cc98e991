-- A move's row has no foreign key to its game's. Its one writer,
-- AppendMove's statement, inserts it only in the same statement that moved
-- the game's row to the next ply, so the game is there; and no game is
-- ever deleted, so the key's cascade never ran. The key's check took a
-- key-share lock on the game's row at every move: a query inside
-- PostgreSQL and a WAL record each time, for nothing the statement does
-- not already ensure.
ALTER TABLE moves DROP CONSTRAINT IF EXISTS moves_game_id_fkey;
