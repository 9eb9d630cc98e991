-- The lobby (package lobby): open seeks, and challenges (direct, links,
-- rematch offers). Times are INTEGER microseconds since the Unix epoch,
-- UTC; NULL is the zero time. Booleans are INTEGER 0 or 1.

CREATE TABLE seeks (
    id               TEXT    NOT NULL PRIMARY KEY,
    owner_id         TEXT    NOT NULL,
    owner_name       TEXT    NOT NULL,
    owner_guest      INTEGER NOT NULL CHECK (owner_guest IN (0, 1)),
    owner_rating     INTEGER NOT NULL,
    time_control     TEXT    NOT NULL,             -- game.TimeControl text form, e.g. "5+3"
    color            TEXT    NOT NULL,             -- white, black, random
    rated            INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rating_min       INTEGER NOT NULL DEFAULT 0,   -- 0 and 0: any rating
    rating_max       INTEGER NOT NULL DEFAULT 0,
    created_at       INTEGER NOT NULL,
    owner_gone_since INTEGER,                      -- NULL while the owner is connected
    -- one open seek per person per time control
    UNIQUE (owner_id, time_control)
) STRICT;

CREATE INDEX seeks_created ON seeks (created_at, id);
CREATE INDEX seeks_gone ON seeks (owner_gone_since) WHERE owner_gone_since IS NOT NULL;

CREATE TABLE challenges (
    id                TEXT    NOT NULL PRIMARY KEY,
    kind              TEXT    NOT NULL,            -- direct, open, rematch
    status            TEXT    NOT NULL,            -- created, accepted, declined, canceled, expired
    challenger_id     TEXT    NOT NULL,
    challenger_name   TEXT    NOT NULL,
    challenger_guest  INTEGER NOT NULL CHECK (challenger_guest IN (0, 1)),
    challenger_rating INTEGER NOT NULL,
    dest_id           TEXT    NOT NULL DEFAULT '', -- '' for a link nobody opened yet
    dest_name         TEXT    NOT NULL DEFAULT '',
    dest_guest        INTEGER NOT NULL DEFAULT 0 CHECK (dest_guest IN (0, 1)),
    dest_rating       INTEGER NOT NULL DEFAULT 0,
    time_control      TEXT    NOT NULL,
    color             TEXT    NOT NULL,
    rated             INTEGER NOT NULL CHECK (rated IN (0, 1)),
    rematch_of        TEXT    NOT NULL DEFAULT '', -- the finished game of a rematch offer
    decline_reason    TEXT    NOT NULL DEFAULT '',
    game_id           TEXT    NOT NULL DEFAULT '',
    created_at        INTEGER NOT NULL,
    expires_at        INTEGER NOT NULL,
    updated_at        INTEGER NOT NULL
) STRICT;

-- a game has one rematch challenge at most
CREATE UNIQUE INDEX challenges_rematch_of ON challenges (rematch_of) WHERE rematch_of <> '';
CREATE INDEX challenges_challenger ON challenges (challenger_id, status);
CREATE INDEX challenges_dest ON challenges (dest_id, status);
CREATE INDEX challenges_expiry ON challenges (expires_at) WHERE status = 'created';
