-- The lobby (package lobby): open seeks, and challenges (direct, links,
-- rematch offers). Times are timestamptz (microseconds, UTC); NULL is the
-- zero time.

CREATE TABLE seeks (
    id               text        NOT NULL PRIMARY KEY,
    owner_id         text        NOT NULL,
    owner_name       text        NOT NULL,
    owner_guest      boolean     NOT NULL,
    owner_rating     integer     NOT NULL,
    time_control     text        NOT NULL,            -- game.TimeControl text form, e.g. '5+3'
    color            text        NOT NULL,            -- white, black, random
    rated            boolean     NOT NULL,
    rating_min       integer     NOT NULL DEFAULT 0,  -- 0 and 0: any rating
    rating_max       integer     NOT NULL DEFAULT 0,
    created_at       timestamptz NOT NULL,
    owner_gone_since timestamptz,                     -- NULL while the owner is connected
    -- one open seek per person per time control
    UNIQUE (owner_id, time_control)
);

CREATE INDEX seeks_created ON seeks (created_at, id);
CREATE INDEX seeks_gone ON seeks (owner_gone_since) WHERE owner_gone_since IS NOT NULL;

CREATE TABLE challenges (
    id                text        NOT NULL PRIMARY KEY,
    kind              text        NOT NULL,            -- direct, open, rematch
    status            text        NOT NULL,            -- created, accepted, declined, canceled, expired
    challenger_id     text        NOT NULL,
    challenger_name   text        NOT NULL,
    challenger_guest  boolean     NOT NULL,
    challenger_rating integer     NOT NULL,
    dest_id           text        NOT NULL DEFAULT '', -- '' for a link nobody opened yet
    dest_name         text        NOT NULL DEFAULT '',
    dest_guest        boolean     NOT NULL DEFAULT false,
    dest_rating       integer     NOT NULL DEFAULT 0,
    time_control      text        NOT NULL,
    color             text        NOT NULL,
    rated             boolean     NOT NULL,
    rematch_of        text        NOT NULL DEFAULT '', -- the finished game of a rematch offer
    decline_reason    text        NOT NULL DEFAULT '',
    game_id           text        NOT NULL DEFAULT '',
    created_at        timestamptz NOT NULL,
    expires_at        timestamptz NOT NULL,
    updated_at        timestamptz NOT NULL
);

-- a game has one rematch challenge at most
CREATE UNIQUE INDEX challenges_rematch_of ON challenges (rematch_of) WHERE rematch_of <> '';
CREATE INDEX challenges_challenger ON challenges (challenger_id, status);
CREATE INDEX challenges_dest ON challenges (dest_id, status);
CREATE INDEX challenges_expiry ON challenges (expires_at) WHERE status = 'created';
