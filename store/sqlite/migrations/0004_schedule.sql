-- Scheduled games (issue 10). A scheduled game's default time (how long
-- after the start an absent player has before losing by no-show; 0 for
-- game.DefaultNoShowTime), and the arrangements of package schedule: the
-- proposal, its answer, its postponements, kept whole as JSON in doc, with
-- the columns the store searches by beside it.

ALTER TABLE games ADD COLUMN default_time_ms INTEGER NOT NULL DEFAULT 0;

CREATE TABLE scheduled_games (
    id          TEXT    NOT NULL PRIMARY KEY,
    proposer_id TEXT    NOT NULL,
    opponent_id TEXT    NOT NULL,
    status      TEXT    NOT NULL,
    start_at    INTEGER NOT NULL,   -- microseconds since the epoch, UTC
    next_due    INTEGER,            -- NULL: nothing left to do on the server's schedule
    version     INTEGER NOT NULL,
    doc         TEXT    NOT NULL    -- schedule.Arrangement as JSON
) STRICT;

CREATE INDEX scheduled_games_proposer ON scheduled_games (proposer_id, start_at);
CREATE INDEX scheduled_games_opponent ON scheduled_games (opponent_id, start_at);
CREATE INDEX scheduled_games_due ON scheduled_games (next_due) WHERE next_due IS NOT NULL;
