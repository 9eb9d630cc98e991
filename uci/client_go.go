package uci

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Search is what Client.Go asks an engine to do.
type Search struct {
	// Start is the position the game (or the position command) starts
	// from, and Moves the moves played since; the engine searches the
	// position after them. They are sent as "position startpos moves ..."
	// when Start is the standard starting position, else as "position fen".
	Start chess.Position
	Moves []chess.Move
	// Limits are sent with go.
	Limits Limits
	// OnInfo, if not nil, receives every info line as it arrives.
	OnInfo func(Info)
}

// Go sends the position and a go command, then reads info lines until
// bestmove. When ctx is done it sends stop and waits for bestmove for the
// command's StopTimeout; an engine that does not answer then is killed and
// the error is ErrTimeout. An engine that ends is an ErrExited error, a
// bestmove that is not legal an ErrIllegalMove error (an *Error whose
// parameters "move" and "fen" say what the engine sent where). A bestmove
// of "(none)" or "0000" is returned as chess.NullMove.
func (c *Client) Go(ctx context.Context, s Search) (Result, error) {
	if c.closed {
		return Result{}, ErrClosed
	}
	pos := s.Start
	for i, m := range s.Moves {
		if err := pos.Play(m); err != nil {
			return Result{}, fmt.Errorf("uci: go: move %d: %w", i+1, err)
		}
	}
	if err := c.send(positionCommand(s.Start, s.Moves)); err != nil {
		return Result{}, err
	}
	if err := c.send(FormatGo(pos, s.Limits)); err != nil {
		return Result{}, err
	}

	var res Result
	var bestText string
	stopped := false
	var stopTimer <-chan time.Time
	done := ctx.Done()
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return res, c.exitError("searching")
			}
			f := strings.Fields(line)
			if len(f) == 0 {
				continue
			}
			switch f[0] {
			case "info":
				info := ParseInfo(pos, f[1:])
				if info.Depth > 0 && info.HasScore && (info.MultiPV <= 1) {
					res.Info = info
				}
				if s.OnInfo != nil {
					s.OnInfo(info)
				}
				continue
			case "bestmove":
			default:
				continue
			}
			if len(f) > 1 {
				bestText = f[1]
			}
			switch bestText {
			case "(none)", "0000", "none", "null", "":
				return res, nil
			}
			m, err := pos.ParseUCI(bestText)
			if err != nil {
				return res, errorf(CodeIllegalMove, map[string]string{"move": clip(bestText), "fen": pos.FEN()}, "%s in %s", bestText, pos.FEN())
			}
			res.BestMove = m
			if len(f) > 3 && f[2] == "ponder" {
				after := pos
				after.PlayUnchecked(m)
				if p, err := after.ParseUCI(f[3]); err == nil {
					res.PonderMove = p
				}
			}
			return res, nil
		case <-done:
			done = nil
			if !stopped {
				stopped = true
				if err := c.Stop(); err != nil {
					return res, err
				}
			}
			t := time.NewTimer(c.c.StopTimeout)
			defer t.Stop()
			stopTimer = t.C
		case <-stopTimer:
			c.kill()
			return res, fmt.Errorf("%w: no bestmove %v after stop; killed", ErrTimeout, c.c.StopTimeout)
		}
	}
}

// positionCommand writes the position command for start and moves.
func positionCommand(start chess.Position, moves []chess.Move) string {
	var b strings.Builder
	if fen := start.FEN(); fen == chess.StartingFEN && !start.Chess960() {
		b.WriteString("position startpos")
	} else {
		b.WriteString("position fen " + fen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves ")
		b.WriteString(FormatMoves(start, moves))
	}
	return b.String()
}
