-- Bot accounts (account.User.Bot): an account made a bot's for good, which
-- plays through lichess's Bot API.
ALTER TABLE users ADD COLUMN bot boolean NOT NULL DEFAULT false;
