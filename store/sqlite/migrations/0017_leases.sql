-- Leases (arena.Leases): the one node at a time that acts for a part of
-- the platform among several nodes (the arenas: lease 'arenas'). holder
-- holds lease name under the fencing epoch until expires_at; the holder's
-- writes check the epoch in their own transaction, so a node whose lease
-- passed to another writes nothing more.

CREATE TABLE leases (
    name       TEXT    NOT NULL PRIMARY KEY,
    holder     TEXT    NOT NULL,
    epoch      INTEGER NOT NULL,
    expires_at INTEGER NOT NULL   -- microseconds since the epoch, UTC
) STRICT;
