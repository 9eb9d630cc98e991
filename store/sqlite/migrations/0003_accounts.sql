-- People (package account): users (guests and accounts), sessions and API
-- tokens, of which only the SHA-256 digests of their secrets are kept;
-- ratings (package rating), one per user per speed; and whether a game is
-- rated, with the ratings its end changed. Times are INTEGER microseconds
-- since the Unix epoch, UTC; NULL is the zero time. Booleans are INTEGER 0
-- or 1.

CREATE TABLE users (
    id            TEXT    NOT NULL PRIMARY KEY,
    username      TEXT    NOT NULL DEFAULT '',  -- as its owner wrote it; '' for a guest
    username_key  TEXT    UNIQUE,               -- account.UserID(username); NULL for a guest
    display_name  TEXT    NOT NULL,
    guest         INTEGER NOT NULL CHECK (guest IN (0, 1)),
    password_hash TEXT    NOT NULL DEFAULT '',  -- Argon2id PHC string; '' for a guest
    lang          TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER,
    CHECK ((guest = 1) = (username_key IS NULL))
) STRICT;

CREATE TABLE sessions (
    digest     BLOB    NOT NULL PRIMARY KEY,     -- SHA-256 of the cookie's secret
    user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at INTEGER,
    expires_at INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE tokens (
    id         TEXT    NOT NULL PRIMARY KEY,
    digest     BLOB    NOT NULL UNIQUE,          -- SHA-256 of the Bearer secret
    user_id    TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT    NOT NULL,
    scopes     TEXT    NOT NULL DEFAULT '',      -- space-separated account.Scope values
    created_at INTEGER,
    revoked_at INTEGER                           -- NULL while valid
) STRICT;

CREATE INDEX tokens_user ON tokens (user_id, created_at);

CREATE TABLE ratings (
    user_id     TEXT    NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    speed       TEXT    NOT NULL,                -- rating.Speed: bullet, blitz, rapid, classical
    rating      REAL    NOT NULL,
    deviation   REAL    NOT NULL,
    volatility  REAL    NOT NULL,
    games       INTEGER NOT NULL DEFAULT 0,
    last_played INTEGER,
    PRIMARY KEY (user_id, speed)
) STRICT, WITHOUT ROWID;

ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0 CHECK (rated IN (0, 1));

-- The ratings a rated game's end changed, one row per side, written in the
-- transaction that recorded the end.
CREATE TABLE rating_changes (
    game_id           TEXT    NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    side              INTEGER NOT NULL CHECK (side IN (0, 1)), -- game.Side
    user_id           TEXT    NOT NULL,
    speed             TEXT    NOT NULL,
    before_rating     REAL    NOT NULL,
    before_deviation  REAL    NOT NULL,
    before_volatility REAL    NOT NULL,
    after_rating      REAL    NOT NULL,
    after_deviation   REAL    NOT NULL,
    after_volatility  REAL    NOT NULL,
    PRIMARY KEY (game_id, side)
) STRICT, WITHOUT ROWID;

-- a player's finished games, newest first; the games being played now
CREATE INDEX games_white_history ON games (white_id, ended_at) WHERE white_id <> '';
CREATE INDEX games_black_history ON games (black_id, ended_at) WHERE black_id <> '';
CREATE INDEX games_started ON games (created_at) WHERE status = 20;
