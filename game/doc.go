// Package game is JoinPal's domain layer: a game of chess between two
// players (or a player and the AI) with its clock, its status and its
// result.
//
// This part of the package is independent of the rules of chess:
//
//   - [TimeControl]: the two clock modes (a clock for the whole game with an
//     optional Fischer increment, or a fixed time per move) and the untimed
//     value, with a compact text form and the PGN TimeControl tag value.
//   - [Clock]: the clock the server keeps, with millisecond accounting, an
//     injected source of time, lag compensation bounded by a quota (see
//     [LagQuotaGain]), pause and resume for server downtime, and a
//     [ClockSnapshot] for storage.
//   - [Status], [Termination] and [Result]: with fixed numeric ids that are
//     safe to store, stable text codes, and Spanish and English labels.
//   - [Error]: errors with a stable [Code].
package game
