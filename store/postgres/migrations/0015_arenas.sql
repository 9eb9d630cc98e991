-- Arenas (package arena): each arena's settings; closed_at is set once its
-- time is over and its last game has ended (NULL until then).
-- arena_entries holds each player's place: their sheet (arena.Sheet as
-- JSON, oldest game first), whether they pause, their running game (''
-- while they wait), their last opponent and how many more whites than
-- blacks they had. arena_games holds every pairing, and its end once
-- recorded (result: game.Result's id).

CREATE TABLE arenas (
    id           text        NOT NULL PRIMARY KEY,
    name         text        NOT NULL,
    created_by   text        NOT NULL,
    creator_name text        NOT NULL,
    base_ms      bigint      NOT NULL,
    increment_ms bigint      NOT NULL,
    rated        boolean     NOT NULL,
    berserk      boolean     NOT NULL,
    streaks      boolean     NOT NULL,
    starts_at    timestamptz NOT NULL,
    duration_ms  bigint      NOT NULL,
    created_at   timestamptz NOT NULL,
    closed_at    timestamptz
);

CREATE INDEX arenas_by_start ON arenas (starts_at DESC, id);

CREATE TABLE arena_entries (
    arena_id      text        NOT NULL,
    user_id       text        NOT NULL,
    name          text        NOT NULL,
    rating        bigint      NOT NULL,
    sheet         text        NOT NULL,
    paused        boolean     NOT NULL,
    game_id       text        NOT NULL,
    last_opponent text        NOT NULL,
    whites        bigint      NOT NULL,
    joined_at     timestamptz NOT NULL,
    PRIMARY KEY (arena_id, user_id)
);

CREATE TABLE arena_games (
    game_id       text        NOT NULL PRIMARY KEY,
    arena_id      text        NOT NULL,
    white         text        NOT NULL,
    black         text        NOT NULL,
    white_berserk boolean     NOT NULL,
    black_berserk boolean     NOT NULL,
    started_at    timestamptz NOT NULL,
    ended         boolean     NOT NULL,
    result        bigint      NOT NULL,
    plies         bigint      NOT NULL
);

CREATE INDEX arena_games_by_arena ON arena_games (arena_id, started_at DESC, game_id);
CREATE INDEX arena_games_running ON arena_games (ended, started_at);
