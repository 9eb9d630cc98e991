package ai

import (
	"fmt"
	"strconv"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/coded"
)

// Request asks the AI for a move.
type Request struct {
	// StartFEN is the game's start position ("" for the standard one), and
	// Moves the moves played since, in UCI notation: the AI moves in the
	// position after them, and sees repetitions of the earlier positions.
	StartFEN string
	Moves    []string
	// Level is the playing level: the number of one of [Levels].
	Level int
	// Clock is the AI's clock for this move.
	Clock Clock
	// Seed makes the level's choices and the human-like delay repeatable
	// (the same seed, position and clock give the same delay); the Player
	// derives it from the game's id.
	Seed uint64
	// User is who the move is for: the AI's opponent (its player id). The
	// pool shares its workers fairly between users, so that one user's
	// many games never hold up another's; requests without a user share
	// one part.
	User string
}

// Clock is the AI's time for one move. The zero Clock is untimed.
type Clock struct {
	// Mode is game.ModeWholeGame, game.ModePerMove or game.ModeUntimed (the
	// zero Mode counts as untimed).
	Mode game.Mode
	// Remaining is the AI's time left: on its whole-game clock, or of this
	// move's allowance on a per-move clock.
	Remaining time.Duration
	// Increment is the whole-game clock's Fischer increment.
	Increment time.Duration
	// PerMove is the per-move clock's allowance.
	PerMove time.Duration
	// At is when Remaining was read (the event's time); the time since is
	// charged to the move. Zero: when Think was called.
	At time.Time
	// Running tells whether the clock runs while the AI thinks. A stopped
	// clock (before the first moves) still gets the same budget: the game
	// gives the first moves a deadline of their own.
	Running bool
}

// Timed reports whether the clock limits the move.
func (c Clock) Timed() bool { return c.Mode == game.ModeWholeGame || c.Mode == game.ModePerMove }

// Reply is the AI's move.
type Reply struct {
	// UCI is the move in UCI notation.
	UCI string
	// Engine names what searched it: "joinpal" or the external engine's
	// name (Stockfish).
	Engine string
	// Delay is the human-like pause added after the search, Search the
	// search's own time, Queued the time spent waiting for a worker.
	Delay, Search, Queued time.Duration
	// Budget is what the time management allowed for the whole move.
	Budget time.Duration
	// Depth and Nodes describe the search (0 for a book move).
	Depth int
	Nodes uint64
}

// position is a request's game replayed: the start, the moves parsed, the
// position to move in and the repetition keys of the earlier positions.
type position struct {
	start   chess.Position
	moves   []chess.Move
	current chess.Position
	history []uint64
}

// replay checks the request's start position and moves.
func replay(req Request) (position, error) {
	var p position
	start := chess.StartingPosition()
	if req.StartFEN != "" {
		var err error
		start, err = chess.ParseFEN(req.StartFEN)
		if err != nil {
			return p, NewError(CodeBadStart, fmt.Sprintf("start position %q", coded.ClipParam(req.StartFEN)), err).
				With("fen", coded.ClipParam(req.StartFEN))
		}
	}
	p.start, p.current = start, start
	p.moves = make([]chess.Move, 0, len(req.Moves))
	p.history = make([]uint64, 0, len(req.Moves))
	for i, text := range req.Moves {
		m, err := p.current.ParseUCI(text)
		if err == nil {
			err = p.current.Play(m)
		}
		if err != nil {
			return p, NewError(CodeBadMove, fmt.Sprintf("move %d %q", i, coded.ClipParam(text)), err).
				With("move", coded.ClipParam(text), "ply", strconv.Itoa(i))
		}
		p.history = append(p.history, 0)
		p.moves = append(p.moves, m)
	}
	// The repetition keys of every position before the current one.
	pos := start
	for i, m := range p.moves {
		p.history[i] = pos.RepetitionKey()
		pos.PlayUnchecked(m)
	}
	var legal chess.MoveList
	p.current.GenerateLegal(&legal)
	if legal.N == 0 {
		return p, NewError(CodeNoMove, "no legal move in "+p.current.FEN(), nil)
	}
	return p, nil
}
