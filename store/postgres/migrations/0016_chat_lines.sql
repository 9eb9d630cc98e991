-- The chat kept durable (package chat): every line of every room, and the
-- mutes. chat_rooms numbers each room's lines: last_id is the id of the
-- room's last line ever stored (lines are numbered from 1 and an id is
-- never given twice, even once old lines are deleted); its row is locked
-- by the write that stores a line, so the lines of one room, from any
-- node, are numbered in the order they commit. chat_lines holds each
-- room's last lines (chat.Config.Keep; older ones are deleted as new ones
-- are stored). chat_mutes holds who muted whom in which room.

CREATE TABLE chat_rooms (
    room    text   NOT NULL PRIMARY KEY,
    last_id bigint NOT NULL
);

CREATE TABLE chat_lines (
    room         text        NOT NULL,
    id           bigint      NOT NULL,
    author_id    text        NOT NULL,
    author_name  text        NOT NULL,
    author_guest boolean     NOT NULL,
    text         text        NOT NULL,
    said_at      timestamptz NOT NULL,
    PRIMARY KEY (room, id)
);

CREATE TABLE chat_mutes (
    room     text        NOT NULL,
    muter_id text        NOT NULL,
    muted_id text        NOT NULL,
    muted_at timestamptz NOT NULL,
    PRIMARY KEY (room, muter_id, muted_id)
);
