-- The chat kept durable (package chat): every line of every room, and the
-- mutes. chat_rooms numbers each room's lines: last_id is the id of the
-- room's last line ever stored (lines are numbered from 1 and an id is
-- never given twice, even once old lines are deleted). chat_lines holds
-- each room's last lines (chat.Config.Keep; older ones are deleted as new
-- ones are stored). chat_mutes holds who muted whom in which room.

CREATE TABLE chat_rooms (
    room    TEXT    NOT NULL PRIMARY KEY,
    last_id INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE chat_lines (
    room         TEXT    NOT NULL,
    id           INTEGER NOT NULL,
    author_id    TEXT    NOT NULL,
    author_name  TEXT    NOT NULL,
    author_guest INTEGER NOT NULL CHECK (author_guest IN (0, 1)),
    text         TEXT    NOT NULL,
    said_at      INTEGER NOT NULL,   -- microseconds since the epoch, UTC
    PRIMARY KEY (room, id)
) STRICT, WITHOUT ROWID;

CREATE TABLE chat_mutes (
    room     TEXT    NOT NULL,
    muter_id TEXT    NOT NULL,
    muted_id TEXT    NOT NULL,
    muted_at INTEGER NOT NULL,       -- microseconds since the epoch, UTC
    PRIMARY KEY (room, muter_id, muted_id)
) STRICT, WITHOUT ROWID;
