-- JoinPal's games on PostgreSQL. Times are timestamptz (microseconds, UTC);
-- NULL is the zero time. Durations are bigint milliseconds. Enum columns
-- hold game's fixed ids (Status, Termination, Result, Side).

CREATE TABLE games (
    id                  text        NOT NULL PRIMARY KEY,
    white_id            text        NOT NULL DEFAULT '',
    white_name          text        NOT NULL DEFAULT '',
    white_ai_level      integer     NOT NULL DEFAULT 0,
    black_id            text        NOT NULL DEFAULT '',
    black_name          text        NOT NULL DEFAULT '',
    black_ai_level      integer     NOT NULL DEFAULT 0,
    time_control        text        NOT NULL,             -- game.TimeControl text form, e.g. '5+3'
    start_fen           text        NOT NULL DEFAULT '',  -- '' for the standard position
    created_at          timestamptz,
    -- game.State
    status              smallint    NOT NULL,
    termination         smallint    NOT NULL DEFAULT 0,
    result              smallint    NOT NULL DEFAULT 0,
    clock               jsonb,                            -- game.ClockSnapshot; NULL if untimed
    draw_offer_by       smallint,                         -- NULL: no open offer
    draw_offer_lapses   integer,
    first_move_deadline timestamptz,
    white_gone_since    timestamptz,
    black_gone_since    timestamptz,
    white_present       boolean     NOT NULL DEFAULT false,
    black_present       boolean     NOT NULL DEFAULT false,
    scheduled_at        timestamptz,
    ended_at            timestamptz,
    seq                 bigint      NOT NULL DEFAULT 0,
    -- the number of moves stored: AppendMove's ply check
    next_ply            integer     NOT NULL DEFAULT 0
);

CREATE INDEX games_status ON games (status);

CREATE TABLE moves (
    game_id        text        NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply            integer     NOT NULL,
    uci            text        NOT NULL,
    san            text        NOT NULL,
    client_move_id bigint      NOT NULL DEFAULT 0,
    spent_ms       bigint      NOT NULL DEFAULT 0,
    lag_credit_ms  bigint      NOT NULL DEFAULT 0,
    remaining_ms   bigint      NOT NULL DEFAULT 0,
    at             timestamptz,
    PRIMARY KEY (game_id, ply)
);

CREATE TABLE nodes (
    node      text        NOT NULL PRIMARY KEY,
    last_seen timestamptz,
    stopped   boolean     NOT NULL DEFAULT false
);
