-- Arenas (package arena): each arena's settings; closed_at is set once its
-- time is over and its last game has ended (NULL until then).
-- arena_entries holds each player's place: their sheet (arena.Sheet as
-- JSON, oldest game first), whether they pause, their running game (''
-- while they wait), their last opponent and how many more whites than
-- blacks they had. arena_games holds every pairing, and its end once
-- recorded (result: game.Result's id).

CREATE TABLE arenas (
    id           TEXT    NOT NULL PRIMARY KEY,
    name         TEXT    NOT NULL,
    created_by   TEXT    NOT NULL,
    creator_name TEXT    NOT NULL,
    base_ms      INTEGER NOT NULL,
    increment_ms INTEGER NOT NULL,
    rated        INTEGER NOT NULL CHECK (rated IN (0, 1)),
    berserk      INTEGER NOT NULL CHECK (berserk IN (0, 1)),
    streaks      INTEGER NOT NULL CHECK (streaks IN (0, 1)),
    starts_at    INTEGER NOT NULL,   -- microseconds since the epoch, UTC
    duration_ms  INTEGER NOT NULL,
    created_at   INTEGER NOT NULL,
    closed_at    INTEGER             -- NULL while open
) STRICT;

CREATE INDEX arenas_by_start ON arenas (starts_at DESC, id);

CREATE TABLE arena_entries (
    arena_id      TEXT    NOT NULL,
    user_id       TEXT    NOT NULL,
    name          TEXT    NOT NULL,
    rating        INTEGER NOT NULL,
    sheet         TEXT    NOT NULL,
    paused        INTEGER NOT NULL CHECK (paused IN (0, 1)),
    game_id       TEXT    NOT NULL,
    last_opponent TEXT    NOT NULL,
    whites        INTEGER NOT NULL,
    joined_at     INTEGER NOT NULL,
    PRIMARY KEY (arena_id, user_id)
) STRICT;

CREATE TABLE arena_games (
    game_id       TEXT    NOT NULL PRIMARY KEY,
    arena_id      TEXT    NOT NULL,
    white         TEXT    NOT NULL,
    black         TEXT    NOT NULL,
    white_berserk INTEGER NOT NULL CHECK (white_berserk IN (0, 1)),
    black_berserk INTEGER NOT NULL CHECK (black_berserk IN (0, 1)),
    started_at    INTEGER NOT NULL,
    ended         INTEGER NOT NULL CHECK (ended IN (0, 1)),
    result        INTEGER NOT NULL,
    plies         INTEGER NOT NULL
) STRICT;

CREATE INDEX arena_games_by_arena ON arena_games (arena_id, started_at DESC, game_id);
CREATE INDEX arena_games_running ON arena_games (ended, started_at);
