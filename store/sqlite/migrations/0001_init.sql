-- JoinPal's games on SQLite. Times are INTEGER microseconds since the Unix
-- epoch, UTC; NULL is the zero time. Durations are INTEGER milliseconds.
-- Enum columns hold game's fixed ids (Status, Termination, Result, Side).

CREATE TABLE games (
    id                  TEXT    NOT NULL PRIMARY KEY,
    white_id            TEXT    NOT NULL DEFAULT '',
    white_name          TEXT    NOT NULL DEFAULT '',
    white_ai_level      INTEGER NOT NULL DEFAULT 0,
    black_id            TEXT    NOT NULL DEFAULT '',
    black_name          TEXT    NOT NULL DEFAULT '',
    black_ai_level      INTEGER NOT NULL DEFAULT 0,
    time_control        TEXT    NOT NULL,             -- game.TimeControl text form, e.g. "5+3"
    start_fen           TEXT    NOT NULL DEFAULT '',  -- '' for the standard position
    created_at          INTEGER,
    -- game.State
    status              INTEGER NOT NULL,
    termination         INTEGER NOT NULL DEFAULT 0,
    result              INTEGER NOT NULL DEFAULT 0,
    clock               TEXT,                         -- game.ClockSnapshot as JSON; NULL if untimed
    draw_offer_by       INTEGER,                      -- NULL: no open offer
    draw_offer_lapses   INTEGER,
    first_move_deadline INTEGER,
    white_gone_since    INTEGER,
    black_gone_since    INTEGER,
    white_present       INTEGER NOT NULL DEFAULT 0 CHECK (white_present IN (0, 1)),
    black_present       INTEGER NOT NULL DEFAULT 0 CHECK (black_present IN (0, 1)),
    scheduled_at        INTEGER,
    ended_at            INTEGER,
    seq                 INTEGER NOT NULL DEFAULT 0,
    -- the number of moves stored: AppendMove's ply check
    next_ply            INTEGER NOT NULL DEFAULT 0
) STRICT;

CREATE INDEX games_status ON games (status);

CREATE TABLE moves (
    game_id        TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    ply            INTEGER NOT NULL,
    uci            TEXT    NOT NULL,
    san            TEXT    NOT NULL,
    client_move_id INTEGER NOT NULL DEFAULT 0,
    spent_ms       INTEGER NOT NULL DEFAULT 0,
    lag_credit_ms  INTEGER NOT NULL DEFAULT 0,
    remaining_ms   INTEGER NOT NULL DEFAULT 0,
    at             INTEGER,
    PRIMARY KEY (game_id, ply)
) STRICT, WITHOUT ROWID;

CREATE TABLE nodes (
    node      TEXT    NOT NULL PRIMARY KEY,
    last_seen INTEGER,
    stopped   INTEGER NOT NULL DEFAULT 0 CHECK (stopped IN (0, 1))
) STRICT;
