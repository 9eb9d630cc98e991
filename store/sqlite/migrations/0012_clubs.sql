-- Clubs (package club): each club under its slug, the key of its name
-- (club.NameKey: lower case, accents folded, separators one hyphen), which
-- the primary key keeps unique; every change a compare-and-set on version.
-- club_members holds each user's place in a club: a member's rank (owner,
-- admin, member) or a pending request or invitation; name is the user's
-- username when the place was made.

CREATE TABLE clubs (
    id          TEXT    NOT NULL PRIMARY KEY,
    name        TEXT    NOT NULL,
    description TEXT    NOT NULL,
    policy      TEXT    NOT NULL,
    owner_id    TEXT    NOT NULL,
    members     INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,   -- microseconds since the epoch, UTC
    version     INTEGER NOT NULL
) STRICT;

CREATE INDEX clubs_by_members ON clubs (members DESC, id);

CREATE TABLE club_members (
    club_id TEXT    NOT NULL,
    user_id TEXT    NOT NULL,
    name    TEXT    NOT NULL,
    role    TEXT    NOT NULL,
    since   INTEGER NOT NULL,       -- microseconds since the epoch, UTC
    PRIMARY KEY (club_id, user_id)
) STRICT;

CREATE INDEX club_members_user ON club_members (user_id);
