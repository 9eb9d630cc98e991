-- Scheduled games (issue 10). A scheduled game's default time (how long
-- after the start an absent player has before losing by no-show; 0 for
-- game.DefaultNoShowTime), and the arrangements of package schedule: the
-- proposal, its answer, its postponements, kept whole as JSON in doc, with
-- the columns the store searches by beside it.

ALTER TABLE games ADD COLUMN default_time_ms bigint NOT NULL DEFAULT 0;

CREATE TABLE scheduled_games (
    id          text        NOT NULL PRIMARY KEY,
    proposer_id text        NOT NULL,
    opponent_id text        NOT NULL,
    status      text        NOT NULL,
    start_at    timestamptz NOT NULL,
    next_due    timestamptz,          -- NULL: nothing left to do on the server's schedule
    version     bigint      NOT NULL,
    doc         jsonb       NOT NULL  -- schedule.Arrangement
);

CREATE INDEX scheduled_games_proposer ON scheduled_games (proposer_id, start_at);
CREATE INDEX scheduled_games_opponent ON scheduled_games (opponent_id, start_at);
CREATE INDEX scheduled_games_due ON scheduled_games (next_due) WHERE next_due IS NOT NULL;
