// Package loadtest measures the live runtime (package live) under load, on a
// real, durable store: how many moves per second it acknowledges, how long a
// move waits for its acknowledgement, how long after its clock's expiry a
// flag reaches the bus, and how much memory a live game costs.
//
// Run drives a live.Runtime the way players would, through its public API
// only. In the move phase each of Config.Games games has a goroutine of its
// own that plays random legal moves for both sides (package chess picks
// them); a game that ends is replaced by a new one, so the number of games
// in play stays the same. The time from calling live.Runtime.Move to its
// return — the move is then durable — is the move's acknowledgement
// latency.
//
// In the flag phase Config.Flags games with a per-move clock of
// game.MinPerMove are started together: both sides make their first move,
// then nobody moves, so all the flags fall within a short interval. For
// each game the clock's expiry instant is computed from the event of the
// second move, and the delay is measured until the timeout event arrives on
// the runtime's bus.
//
// The memory cost of a game is the growth of the Go heap in use (after a
// garbage collection) when Config.Games idle games are created, divided by
// their number; the same is measured again at the end of the move phase,
// when the games have been played for a while.
//
// The joinpal loadtest command wires this package to a store; see
// docs/BENCHMARKS.md for the standard scenarios (make loadtest).
package loadtest
