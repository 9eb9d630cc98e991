package uci

import (
	"context"

	"github.com/joinpal/joinpal/chess"
)

// Engine is what a Server needs from a chess engine. Its methods are never
// called concurrently: SetOptions and NewGame are called only while no
// search runs.
type Engine interface {
	// SetOptions sets the engine's options; it is called before the first
	// search and whenever they change.
	SetOptions(Options)
	// NewGame forgets what the engine learned in earlier games (the
	// transposition table, history tables).
	NewGame()
	// Search searches p.Position within p.Limits until a limit is reached
	// or ctx is done, calls p.OnInfo (if not nil) as it goes, and returns
	// a legal best move if the side to move has one. p.Limits never has
	// Ponder set: the Server runs pondering as an infinite search.
	Search(ctx context.Context, p SearchParams) Result
}

// SearchParams is what a search is asked to do.
type SearchParams struct {
	// Start is the position of the position command, Moves the moves played
	// from it, and Position the position after them, the one to search.
	// Start and Moves give the engine the history it needs to see
	// repetitions.
	Start    chess.Position
	Moves    []chess.Move
	Position chess.Position
	Limits   Limits
	// OnInfo receives the search's progress; it may be nil.
	OnInfo func(Info)
}
