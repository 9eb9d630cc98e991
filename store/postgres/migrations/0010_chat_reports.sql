-- The chat lines people reported, kept for the moderators: the line as it
-- was said (room, author, text, when) and who reported it when.
CREATE TABLE chat_reports (
    id          text        NOT NULL PRIMARY KEY,
    room        text        NOT NULL,
    line_id     bigint      NOT NULL,
    author_id   text        NOT NULL,
    author_name text        NOT NULL,
    author_guest boolean    NOT NULL,
    text        text        NOT NULL,
    said_at     timestamptz NOT NULL,
    reporter_id text        NOT NULL,
    reported_at timestamptz NOT NULL
);

CREATE INDEX chat_reports_reported ON chat_reports (reported_at);
