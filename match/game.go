package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/uci"
)

// Fault is what an engine did wrong to lose a game other than on the board.
type Fault int

// The faults.
const (
	NoFault     Fault = iota
	TimeLoss          // overstepped its time
	IllegalMove       // played a move that is not legal, or none
	Crash             // ended, stopped answering, or failed
)

// String returns the fault's name.
func (f Fault) String() string {
	return [...]string{"none", "time loss", "illegal move", "crash"}[f]
}

// Game is a finished game.
type Game struct {
	// Number is the game's 1-based number in the match.
	Number  int
	Opening Opening
	// White and Black are indexes into the match's engines.
	White, Black int
	Names        [2]string // the names of White and Black
	Moves        []chess.Move
	// Clocks holds the mover's clock after each move (with a clock time
	// control), opening moves excluded.
	Clocks []time.Duration
	// Result is "1-0", "0-1" or "1/2-1/2".
	Result string
	// Termination is the PGN Termination tag: "normal", "time forfeit",
	// "rules infraction", "abandoned" or "adjudication".
	Termination string
	// Reason says in words how the game ended ("Black mates", "White loses
	// on time").
	Reason string
	// Fault is the fault that ended the game, committed by the engine
	// playing Faulty.
	Fault  Fault
	Faulty chess.Color
	// Detail is the fault's error or illegal move, for the PGN comment.
	Detail string
}

// colorName is "White" or "Black".
func colorName(c chess.Color) string {
	if c == chess.White {
		return "White"
	}
	return "Black"
}

// winFor is the result of a game c wins.
func winFor(c chess.Color) string {
	if c == chess.White {
		return "1-0"
	}
	return "0-1"
}

// boardReason describes an outcome of the rules in words.
func boardReason(o chess.Outcome) string {
	switch o.Ending {
	case chess.EndCheckmate:
		return colorName(o.Winner) + " mates"
	case chess.EndStalemate:
		return "Draw by stalemate"
	case chess.EndInsufficientMaterial:
		return "Draw by insufficient material"
	case chess.EndThreefoldRepetition, chess.EndFivefoldRepetition:
		return "Draw by threefold repetition"
	case chess.EndFiftyMoves, chess.EndSeventyFiveMoves:
		return "Draw by the fifty-move rule"
	case chess.EndDeadPosition:
		return "Draw: dead position"
	}
	return o.Ending.String()
}

// playGame plays one game between the players of white and black, from the
// opening, under tc; maxMoves > 0 ends it as a draw after that many full
// moves. It returns an error only if ctx ends it; faults of the engines are
// results.
func playGame(ctx context.Context, white, black Player, o Opening, tc TimeControl, maxMoves int) (Game, error) {
	g := Game{Opening: o}
	h := chess.NewHistory(o.Start)
	for _, m := range o.Moves {
		if err := h.Play(m); err != nil {
			return g, fmt.Errorf("match: opening %q: %w", o.Name, err)
		}
	}
	players := [2]Player{white, black}
	for side, p := range players {
		if err := p.NewGame(ctx); err != nil {
			if ctx.Err() != nil {
				return g, ctx.Err()
			}
			g.Moves = h.Moves()
			return g.fault(chess.Color(side), Crash, err.Error()), nil
		}
	}
	clocks := [2]time.Duration{tc.Base, tc.Base}
	for {
		if out := h.Outcome(chess.AutomaticDraws); out.Over() {
			g.Moves = h.Moves()
			g.Result, g.Termination, g.Reason = out.Result(), "normal", boardReason(out)
			return g, nil
		}
		if maxMoves > 0 && h.Len()-len(o.Moves) >= 2*maxMoves {
			g.Moves = h.Moves()
			g.Result, g.Termination = "1/2-1/2", "adjudication"
			g.Reason = fmt.Sprintf("Draw by adjudication: %d moves played", maxMoves)
			return g, nil
		}
		pos := h.Position()
		side := pos.Turn()
		limits := uci.Limits{Depth: tc.Depth, Nodes: tc.Nodes}
		var allowed time.Duration
		switch {
		case tc.MoveTime > 0:
			limits.MoveTime = tc.MoveTime
			allowed = tc.MoveTime + tc.Margin
		case tc.Base > 0:
			limits.WTime, limits.BTime = max(clocks[0], time.Millisecond), max(clocks[1], time.Millisecond)
			limits.WInc, limits.BInc = tc.Inc, tc.Inc
			allowed = clocks[side] + tc.Margin
		}
		mctx, cancel := ctx, context.CancelFunc(func() {})
		if allowed > 0 {
			// A little past the limit, so that an engine that does not
			// stop in time is stopped, and then found to have lost.
			mctx, cancel = context.WithTimeout(ctx, allowed+time.Millisecond)
		}
		begin := time.Now()
		m, err := players[side].Move(mctx, h.Start(), h.Moves(), limits)
		elapsed := time.Since(begin)
		cancel()
		if ctx.Err() != nil {
			return g, ctx.Err()
		}
		g.Moves = h.Moves()
		late := allowed > 0 && elapsed > allowed
		switch {
		case late:
			detail := fmt.Sprintf("took %v of %v", elapsed.Round(time.Millisecond), allowed)
			if err != nil {
				detail += "; " + err.Error()
			}
			return g.timeLoss(pos, side, detail), nil
		case errors.Is(err, uci.ErrIllegalMove):
			text := err.Error()
			if ill, ok := errors.AsType[*uci.Error](err); ok && ill.Params["move"] != "" {
				text = ill.Params["move"]
			}
			return g.fault(side, IllegalMove, text), nil
		case err != nil:
			return g.fault(side, Crash, err.Error()), nil
		}
		if err := h.Play(m); err != nil {
			text := "(none)"
			if m != chess.NullMove {
				text = m.String()
			}
			return g.fault(side, IllegalMove, text), nil
		}
		if tc.Base > 0 {
			clocks[side] += tc.Inc - elapsed
			g.Clocks = append(g.Clocks, max(clocks[side], 0).Round(time.Millisecond))
		}
	}
}

// fault ends g with a loss for side through f.
func (g Game) fault(side chess.Color, f Fault, detail string) Game {
	g.Fault, g.Faulty, g.Detail = f, side, detail
	g.Result = winFor(side.Other())
	switch f {
	case IllegalMove:
		g.Termination = "rules infraction"
		g.Reason = colorName(side) + " makes an illegal move: " + detail
	case Crash:
		g.Termination = "abandoned"
		g.Reason = colorName(side) + "'s engine failed: " + detail
	}
	return g
}

// timeLoss ends g with side out of time in pos: a loss, or a draw if the
// opponent could not checkmate by any series of legal moves (FIDE 6.9).
func (g Game) timeLoss(pos chess.Position, side chess.Color, detail string) Game {
	g.Fault, g.Faulty, g.Detail = TimeLoss, side, detail
	g.Termination = "time forfeit"
	if pos.CouldCheckmate(side.Other()) {
		g.Result = winFor(side.Other())
		g.Reason = colorName(side) + " loses on time (" + detail + ")"
	} else {
		g.Result = "1/2-1/2"
		g.Reason = colorName(side) + " runs out of time but " + colorName(side.Other()) + " cannot checkmate: draw (" + detail + ")"
	}
	return g
}
