// Package engine is JoinPal's built-in chess engine: an alpha-beta searcher
// over package chess with a hand-written evaluation, a transposition table,
// time management, a small opening book and eight playing levels, from a
// beginner who blunders to full strength.
//
// The search is a single-threaded principal-variation search (negamax with
// null windows) inside iterative deepening with aspiration windows, followed
// by a quiescence search of captures and promotions (and every evasion when
// in check). Moves are ordered by the hash move, captures by static exchange
// and victim/attacker value, killer moves, a counter move and history
// tables. The tree is pruned by null moves, reverse futility, futility,
// late-move pruning and reduced by late-move reductions; checks are
// extended. Draws by repetition (against the game's history and the
// search path), by the fifty-move rule and by insufficient material are
// recognized inside the search, and mate scores count the distance to mate.
//
// An Engine is not safe for concurrent use: call Search from one goroutine
// at a time, and SetOptions or NewGame only between searches. A search with
// only a node or depth limit never reads the clock to make a decision, so it
// is deterministic: the same engine state (a new Engine, or one just after
// NewGame), position, history and limits give the same move, score and node
// count every time. A timed search is deterministic too on a clock that
// depends only on the search ([Options].Now), as the tests' clocks do.
package engine
