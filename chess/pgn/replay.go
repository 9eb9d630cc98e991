package pgn

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Game is a game whose moves have all been checked against the rules.
type Game struct {
	// Tags are the tag pairs, in order.
	Tags Tags
	// Start is the position before the first move: the FEN tag's, or the
	// standard starting position. Set it with chess.StartingPosition or
	// chess.ParseFEN when building a Game; the zero Position is not valid.
	Start chess.Position
	// Comments are the comments before the first move.
	Comments []string
	// Moves is the mainline.
	Moves []Move
	// Result is "1-0", "0-1", "1/2-1/2" or "*": the movetext's termination
	// marker, or else the Result tag, or else "*".
	Result string
}

// Move is a move of a Game with its annotations.
type Move struct {
	// Move is the move; chess.NullMove stands for a null move ("--").
	Move chess.Move
	// SAN is the move as package chess writes it (so "0-0" reads as "O-O",
	// "Nb1-c3" as "Nc3"), or "--" for a null move.
	SAN string
	// Comments are the comments after the move, each with its white space
	// made single spaces and without its [%clk] command.
	Comments []string
	// NAGs are the numeric annotation glyphs; !, ?, !!, ??, !? and ?! are
	// NAGs 1 to 6.
	NAGs []int
	// Clock is the time left on the mover's clock after the move, from a
	// [%clk h:mm:ss] comment; HasClock tells whether there was one.
	Clock    time.Duration
	HasClock bool
	// Variations are alternatives to this move, played from the position
	// before it.
	Variations []Variation
}

// Variation is an alternative line of moves: the comments before its first
// move, then its moves.
type Variation struct {
	Comments []string
	Moves    []Move
}

// IsResult reports whether s is one of the four game termination markers.
func IsResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

// Replay checks the moves of g with package chess, from the position of the
// FEN tag if there is one, and returns the game. Its error is an [*Error]
// that says which move (or tag) is wrong.
func (g *RawGame) Replay() (*Game, error) {
	start, err := g.startPosition()
	if err != nil {
		return nil, err
	}
	moves, err := g.replayLine(start, g.Moves)
	if err != nil {
		return nil, err
	}
	out := &Game{
		Tags:     slices.Clone(g.Tags),
		Start:    start,
		Comments: normalizeComments(g.Comments),
		Moves:    moves,
		Result:   "*",
	}
	if IsResult(g.Result) {
		out.Result = g.Result
	} else if r := g.Tags.Get("Result"); IsResult(r) {
		out.Result = r
	}
	return out, nil
}

func (g *RawGame) errorf(line, col int, code, format string, args ...any) *Error {
	if line == 0 {
		line, col = g.Line, 1
	}
	return &Error{Game: g.Number, Line: line, Column: col, Code: code, Err: fmt.Errorf(format, args...)}
}

// wrapf returns an error at place at whose message is the formatted text, a
// colon and the cause, and which unwraps to the cause. The "chess: " prefix
// of a chess error is left out, and so is the formatted text if the cause's
// message already starts with it.
func (g *RawGame) wrapf(at where, code string, cause error, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	var ce *chess.Error
	if errors.As(cause, &ce) {
		if strings.HasPrefix(ce.Msg, msg+":") {
			msg = ce.Msg
		} else {
			msg += ": " + ce.Msg
		}
	} else {
		msg += ": " + cause.Error()
	}
	e := g.errorf(at.line, at.col, code, "%s", msg)
	e.Err = &causeError{msg: msg, cause: cause}
	return e
}

// causeError is a message that unwraps to its cause.
type causeError struct {
	msg   string
	cause error
}

func (e *causeError) Error() string { return e.msg }
func (e *causeError) Unwrap() error { return e.cause }

// castlingMode returns how the game's Variant tag says to read castling.
func castlingMode(variant string) (chess.CastlingMode, bool) {
	switch strings.ToLower(strings.TrimSpace(variant)) {
	case "", "standard", "chess", "normal", "from position":
		return chess.Standard, true
	case "chess960", "chess 960", "fischerandom", "fischer random", "freestyle":
		return chess.Chess960, true
	}
	return chess.Standard, false
}

// startPosition returns the position before the first move.
func (g *RawGame) startPosition() (chess.Position, error) {
	variant := g.Tags.Get("Variant")
	mode, ok := castlingMode(variant)
	if !ok {
		e := g.errorf(g.variantAt.line, g.variantAt.col, CodeUnsupportedVariant, "unsupported variant %q", variant)
		e.Params = map[string]string{"variant": clip(variant)}
		return chess.Position{}, e
	}
	fen := strings.TrimSpace(g.Tags.Get("FEN"))
	if fen == "" {
		if mode == chess.Standard {
			return chess.StartingPosition(), nil
		}
		fen = chess.StartingFEN
	}
	setup, err := chess.ParseSetup(fen)
	if err != nil {
		return chess.Position{}, g.wrapf(g.fenAt, CodeBadFEN, err, "bad FEN %q", fen)
	}
	pos, err := setup.Position(mode)
	if err != nil {
		return chess.Position{}, g.wrapf(g.fenAt, CodeBadFEN, err, "bad FEN %q", fen)
	}
	return pos, nil
}

// isNullMove reports whether san is one of the ways PGN writers write a
// null move.
func isNullMove(san string) bool {
	return san == "--" || san == "Z0" || san == "0000"
}

// replayLine checks the moves rms from pos, with their variations.
func (g *RawGame) replayLine(pos chess.Position, rms []RawMove) ([]Move, error) {
	var out []Move
	for i := range rms {
		rm := &rms[i]
		before := pos
		var mv Move
		if isNullMove(rm.SAN) {
			if pos.InCheck() {
				e := g.errorf(rm.Line, rm.Column, CodeIllegalMove, "illegal move %s: a null move while in check", rm.SAN)
				e.Params = map[string]string{"move": clip(rm.SAN)}
				return nil, e
			}
			mv.Move, mv.SAN = chess.NullMove, "--"
			pos.PlayNull()
		} else {
			m, err := pos.ParseSAN(rm.SAN)
			at := where{rm.Line, rm.Column}
			if errors.Is(err, chess.ErrAmbiguousMove) {
				e := g.wrapf(at, CodeAmbiguousMove, err, "ambiguous move %s", rm.SAN)
				e.Params = map[string]string{"move": clip(rm.SAN)}
				return nil, e
			}
			if err != nil {
				e := g.wrapf(at, CodeIllegalMove, err, "illegal move %s", rm.SAN)
				e.Params = map[string]string{"move": clip(rm.SAN)}
				return nil, e
			}
			mv.SAN = pos.SAN(m)
			pos.PlayUnchecked(m) // ParseSAN returns legal moves only
			mv.Move = m
		}
		mv.Comments, mv.Clock, mv.HasClock = takeClock(rm.Comments)
		mv.NAGs = slices.Clone(rm.NAGs)
		for _, rv := range rm.Variations {
			vm, err := g.replayLine(before, rv.Moves)
			if err != nil {
				return nil, err
			}
			if len(vm) > 0 {
				mv.Variations = append(mv.Variations, Variation{Comments: normalizeComments(rv.Comments), Moves: vm})
			}
		}
		out = append(out, mv)
	}
	return out, nil
}

// normalizeComments normalizes each comment and drops the empty ones.
func normalizeComments(cs []string) []string {
	var out []string
	for _, c := range cs {
		if c = normalizeComment(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}
