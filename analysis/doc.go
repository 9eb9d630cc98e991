// Package analysis is the computer analysis of finished games, as lichess
// offers it: an engine evaluates every position of a game, each move is
// judged by the drop in its player's winning chances (inaccuracy, mistake,
// blunder), each player gets an accuracy and an average centipawn loss,
// and the result annotates the game's PGN ([%eval] comments and NAGs).
//
// The work runs in a bounded [Queue] that shares it fairly between users
// and runs at the machine's lowest priority, so that it never slows the
// games being played. The engine is the built-in one ([Builtin]) or an
// external UCI engine such as Stockfish ([UCI]).
package analysis
