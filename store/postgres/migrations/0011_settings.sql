-- A user's settings (account.Settings) but the language, which stays in
-- users.lang: one row per user who ever saved them; a user without one has
-- account.DefaultSettings().
CREATE TABLE user_settings (
    user_id        text     NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    board          text     NOT NULL,
    pieces         text     NOT NULL,
    auto_queen     text     NOT NULL,
    confirm_move   boolean  NOT NULL,
    confirm_resign boolean  NOT NULL,
    sound          boolean  NOT NULL,
    volume         smallint NOT NULL CHECK (volume BETWEEN 0 AND 100),
    zen            boolean  NOT NULL,
    takebacks      text     NOT NULL
);
