package uci

import (
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Limits are the limits of one search, as a go command gives them. The zero
// Limits means no limit at all.
type Limits struct {
	// WTime and BTime are the time left on white's and black's clocks,
	// WInc and BInc their increments per move; MovesToGo is the number of
	// moves to the next time control (0: none, sudden death).
	WTime, BTime, WInc, BInc time.Duration
	MovesToGo                int
	// Depth limits the search to this many plies, Nodes to this many
	// nodes, Mate to a search for a mate in this many moves.
	Depth int
	Nodes uint64
	Mate  int
	// MoveTime is an exact time to search.
	MoveTime time.Duration
	// Infinite searches until stop; the engine must not answer before it.
	Infinite bool
	// Ponder searches the position after the expected reply during the
	// opponent's time, until ponderhit or stop.
	Ponder bool
	// SearchMoves restricts the search to these root moves (none: all).
	SearchMoves []chess.Move
}

// Score is an evaluation from the point of view of the side to move.
type Score struct {
	// CP is the score in centipawns, meaningful when Mate is 0.
	CP int
	// Mate is the number of moves to mate: positive when the side to move
	// mates, negative when it is mated, 0 when no mate is found.
	Mate int
	// Lowerbound and Upperbound say that the score is only a bound.
	Lowerbound, Upperbound bool
}

// Info is what an info line carries. Zero fields were not given.
type Info struct {
	Depth, SelDepth int
	// MultiPV is the number of the line (1 the best) when several are
	// searched.
	MultiPV int
	Score   Score
	// HasScore tells whether Score was given.
	HasScore bool
	Nodes    uint64
	NPS      uint64
	Time     time.Duration
	// HashFull is the use of the hash table in permille.
	HashFull int
	// PV is the principal variation, from the searched position.
	PV []chess.Move
	// CurrMove and CurrMoveNumber are the root move being searched and its
	// 1-based number.
	CurrMove       chess.Move
	CurrMoveNumber int
	// String is free text from an "info string" line.
	String string
}

// Result is the answer to a go command.
type Result struct {
	// BestMove is the move chosen; chess.NullMove if there is none (the
	// side to move is mated or stalemated).
	BestMove chess.Move
	// PonderMove is the reply the engine expects, or chess.NullMove.
	PonderMove chess.Move
	// Info is the last info of the search (the deepest complete line).
	Info Info
}

// Options are the settings of an engine that a GUI changes with setoption.
type Options struct {
	// HashMB is the size of the transposition table in MiB.
	HashMB int
	// Threads is the number of search threads.
	Threads int
	// MultiPV is the number of best lines to search and report.
	MultiPV int
	// Level is the playing level, 1 (weakest) to the top level, or 0 for
	// full strength.
	Level int
	// MoveOverhead is the time the engine keeps in reserve per move for
	// communication delays.
	MoveOverhead time.Duration
	// Ponder says that the GUI may send go ponder.
	Ponder bool
	// Chess960 says that positions are Chess960 positions and castling is
	// written as king takes rook.
	Chess960 bool
}
