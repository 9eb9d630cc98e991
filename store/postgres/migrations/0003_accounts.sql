-- People (package account): users (guests and accounts), sessions and API
-- tokens, of which only the SHA-256 digests of their secrets are kept;
-- ratings (package rating), one per user per speed; and whether a game is
-- rated, with the ratings its end changed. Times are timestamptz
-- (microseconds, UTC); NULL is the zero time.

CREATE TABLE users (
    id            text        NOT NULL PRIMARY KEY,
    username      text        NOT NULL DEFAULT '',  -- as its owner wrote it; '' for a guest
    username_key  text        UNIQUE,               -- account.UserID(username); NULL for a guest
    display_name  text        NOT NULL,
    guest         boolean     NOT NULL,
    password_hash text        NOT NULL DEFAULT '',  -- Argon2id PHC string; '' for a guest
    lang          text        NOT NULL DEFAULT '',
    created_at    timestamptz,
    CHECK (guest = (username_key IS NULL))
);

CREATE TABLE sessions (
    digest     bytea       NOT NULL PRIMARY KEY,     -- SHA-256 of the cookie's secret
    user_id    text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz,
    expires_at timestamptz NOT NULL
);

CREATE INDEX sessions_user ON sessions (user_id);

CREATE TABLE tokens (
    id         text        NOT NULL PRIMARY KEY,
    digest     bytea       NOT NULL UNIQUE,          -- SHA-256 of the Bearer secret
    user_id    text        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       text        NOT NULL,
    scopes     text        NOT NULL DEFAULT '',      -- space-separated account.Scope values
    created_at timestamptz,
    revoked_at timestamptz                           -- NULL while valid
);

CREATE INDEX tokens_user ON tokens (user_id, created_at);

CREATE TABLE ratings (
    user_id     text             NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    speed       text             NOT NULL,           -- rating.Speed: bullet, blitz, rapid, classical
    rating      double precision NOT NULL,
    deviation   double precision NOT NULL,
    volatility  double precision NOT NULL,
    games       integer          NOT NULL DEFAULT 0,
    last_played timestamptz,
    PRIMARY KEY (user_id, speed)
);

ALTER TABLE games ADD COLUMN rated boolean NOT NULL DEFAULT false;

-- The ratings a rated game's end changed, one row per side, written in the
-- transaction that recorded the end.
CREATE TABLE rating_changes (
    game_id           text             NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    side              smallint         NOT NULL CHECK (side IN (0, 1)), -- game.Side
    user_id           text             NOT NULL,
    speed             text             NOT NULL,
    before_rating     double precision NOT NULL,
    before_deviation  double precision NOT NULL,
    before_volatility double precision NOT NULL,
    after_rating      double precision NOT NULL,
    after_deviation   double precision NOT NULL,
    after_volatility  double precision NOT NULL,
    PRIMARY KEY (game_id, side)
);

-- a player's finished games, newest first; the games being played now
CREATE INDEX games_white_history ON games (white_id, ended_at DESC) WHERE white_id <> '';
CREATE INDEX games_black_history ON games (black_id, ended_at DESC) WHERE black_id <> '';
CREATE INDEX games_started ON games (created_at DESC) WHERE status = 20;
