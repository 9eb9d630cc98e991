-- Bot accounts (account.User.Bot): an account made a bot's for good, which
-- plays through lichess's Bot API. INTEGER 0 or 1.
ALTER TABLE users ADD COLUMN bot INTEGER NOT NULL DEFAULT 0 CHECK (bot IN (0, 1));
