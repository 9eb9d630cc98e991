// Package sqlstore is JoinPal's SQL store written once for both of its
// databases: the reads of game.Store and live.NodeRegistry, game.Listing,
// lobby.Store, account.Store, rating.Store (with the rating update of a
// rated game's end), schedule.Store and club.Store, over a small query layer (Querier)
// that store/sqlite runs on database/sql (modernc.org/sqlite) and
// store/postgres on pgx.
//
// The queries are written in PostgreSQL's text with numbered parameters
// ($1, $2, ...); the SQLite adapter turns them into SQLite's numbered
// parameters (?1, ?2, ...). What the two databases do differently is in a
// Dialect value (locking, the larger of two values, the unique violation,
// the list queries tuned to each planner) and in the adapters (how an
// instant is stored: microseconds since the epoch in SQLite, timestamptz in
// PostgreSQL). How a write is committed — SQLite's one writer with group
// commit, PostgreSQL's transactions — is the Backend's.
package sqlstore
