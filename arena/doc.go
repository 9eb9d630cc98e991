// Package arena runs arenas as lichess does: a tournament of a fixed
// duration in which players are paired again as soon as their game ends
// and another player waits, by lila's weighted matching of their ranks
// and ratings, never with their last opponent; a win scores 2,
// a draw 1, a loss 0, doubled while a player is on fire (after two wins in
// a row, until a game that is not a win); a player who berserks (half the
// initial time, no increment) earns one more point for a win of at least
// seven moves each.
//
// The rules (Sheet, Standings, Pair, PairAt) are pure functions of their
// input.
// The Service keeps arenas in a Store, starts their games through the
// Games it is given (live.Runtime) as ordinary live games, learns their
// ends from the games' Bus and Store, and pairs on every end: every step
// is written to the Store before it is acted on, so a process killed in
// the middle comes back with the same standings and keeps pairing.
package arena
