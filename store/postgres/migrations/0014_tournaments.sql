-- Tournaments (package league): Swiss tournaments and round-robin leagues,
-- each kept whole as JSON (doc) with the columns the queries need beside
-- it; every change a compare-and-set on version, in one transaction with
-- the entries and boards it puts, so a round is paired whole or not at
-- all. tournament_entries holds each player's place (pairing number,
-- byes asked, withdrawal); tournament_boards each game or bye of a round,
-- with the id of its game, given when the round is paired.

CREATE TABLE tournaments (
    id         text        NOT NULL PRIMARY KEY,
    club_id    text    NOT NULL,
    status     text    NOT NULL,
    players    bigint NOT NULL,
    created_at timestamptz NOT NULL,
    version    bigint NOT NULL,
    doc        text    NOT NULL
);

CREATE INDEX tournaments_by_status ON tournaments (status, created_at DESC, id);
CREATE INDEX tournaments_by_club ON tournaments (club_id, created_at DESC, id);

CREATE TABLE tournament_entries (
    tournament_id text NOT NULL,
    user_id       text NOT NULL,
    doc           text NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_boards (
    tournament_id text    NOT NULL,
    round         bigint NOT NULL,
    board         bigint NOT NULL,
    game_id       text    NOT NULL,
    doc           text    NOT NULL,
    PRIMARY KEY (tournament_id, round, board)
);

CREATE INDEX tournament_boards_game ON tournament_boards (game_id);
