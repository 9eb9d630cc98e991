-- Clubs (package club): each club under its slug, the key of its name
-- (club.NameKey: lower case, accents folded, separators one hyphen), which
-- the primary key keeps unique; every change a compare-and-set on version.
-- club_members holds each user's place in a club: a member's rank (owner,
-- admin, member) or a pending request or invitation; name is the user's
-- username when the place was made.

CREATE TABLE clubs (
    id          text        NOT NULL PRIMARY KEY,
    name        text        NOT NULL,
    description text        NOT NULL,
    policy      text        NOT NULL,
    owner_id    text        NOT NULL,
    members     bigint      NOT NULL,
    created_at  timestamptz NOT NULL,
    version     bigint      NOT NULL
);

CREATE INDEX clubs_by_members ON clubs (members DESC, id);

CREATE TABLE club_members (
    club_id text        NOT NULL,
    user_id text        NOT NULL,
    name    text        NOT NULL,
    role    text        NOT NULL,
    since   timestamptz NOT NULL,
    PRIMARY KEY (club_id, user_id)
);

CREATE INDEX club_members_user ON club_members (user_id);
