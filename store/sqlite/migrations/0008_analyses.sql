-- Computer analyses of finished games (package analysis): one report per
-- game, as JSON, read and written whole.
CREATE TABLE analyses (
    game_id TEXT PRIMARY KEY,
    report  TEXT NOT NULL
);
