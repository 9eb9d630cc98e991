-- The chat lines people reported, kept for the moderators: the line as it
-- was said (room, author, text, when) and who reported it when.
CREATE TABLE chat_reports (
    id          TEXT    NOT NULL PRIMARY KEY,
    room        TEXT    NOT NULL,
    line_id     INTEGER NOT NULL,
    author_id   TEXT    NOT NULL,
    author_name TEXT    NOT NULL,
    author_guest INTEGER NOT NULL CHECK (author_guest IN (0, 1)),
    text        TEXT    NOT NULL,
    said_at     INTEGER NOT NULL,   -- microseconds since the epoch, UTC
    reporter_id TEXT    NOT NULL,
    reported_at INTEGER NOT NULL    -- microseconds since the epoch, UTC
) STRICT;

CREATE INDEX chat_reports_reported ON chat_reports (reported_at);
