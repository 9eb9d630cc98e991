-- A user's settings (account.Settings) but the language, which stays in
-- users.lang: one row per user who ever saved them; a user without one has
-- account.DefaultSettings(). Booleans are INTEGER 0 or 1.
CREATE TABLE user_settings (
    user_id        TEXT    NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    board          TEXT    NOT NULL,
    pieces         TEXT    NOT NULL,
    auto_queen     TEXT    NOT NULL,
    confirm_move   INTEGER NOT NULL CHECK (confirm_move IN (0, 1)),
    confirm_resign INTEGER NOT NULL CHECK (confirm_resign IN (0, 1)),
    sound          INTEGER NOT NULL CHECK (sound IN (0, 1)),
    volume         INTEGER NOT NULL CHECK (volume BETWEEN 0 AND 100),
    zen            INTEGER NOT NULL CHECK (zen IN (0, 1)),
    takebacks      TEXT    NOT NULL
) STRICT, WITHOUT ROWID;
