package chess

import "strings"

// Options say how Setup.PositionWith turns a setup into a position: which
// castling notation it reads, and which problems it repairs or lets through
// instead of refusing. The zero Options is the strict validation of
// standard chess that every user-supplied position goes through.
type Options struct {
	// Castling says how castling rights are read: Standard or Chess960.
	Castling CastlingMode
	// DropBadCastling drops castling rights that no king and rook at home
	// stand for, instead of refusing the position.
	DropBadCastling bool
	// DropBadEnPassant drops an en-passant square that no double step could
	// have made, instead of refusing the position.
	DropBadEnPassant bool
	// AllowImpossibleCheck accepts checks that no last move could have
	// given: three checkers, two stepping checkers, two checkers aligned
	// with the king, a check the double step of the en-passant square
	// cannot explain. The move generator handles them; perft suites use
	// them to test generators. Never set it for positions from users.
	AllowImpossibleCheck bool
	//
	// Too much material is always refused: with more pieces than a game
	// can have, a position could have more legal moves than the 256 a
	// MoveList holds (the 218 of the record position need 9 queens).
}

// GeneratorTest returns the options for move-generator test data such as
// perft suites: mode's castling, impossible checks let through, everything
// else strict. `joinpal perft` and the perft tests use it; positions from
// users never do.
func GeneratorTest(mode CastlingMode) Options {
	return Options{Castling: mode, AllowImpossibleCheck: true}
}

// ParseFENWith reads a FEN as ParseFEN does and validates it under opts.
func ParseFENWith(fen string, opts Options) (Position, error) {
	s, err := ParseSetup(fen)
	if err != nil {
		return Position{}, err
	}
	return s.PositionWith(opts)
}

// SetupError is the error of a setup that is not a valid position: every
// problem found, in a fixed order, each an *Error with its own Code.
// errors.Is(err, ErrInvalidPosition) holds, errors.Is and errors.As reach
// every problem (Unwrap returns them all), and CodeOf returns the code of
// the first; range over Problems or call Codes for the rest.
type SetupError struct {
	Problems []*Error
}

// Error joins the problems: "chess: impossible position: white has no
// king; pawn on a1".
func (e *SetupError) Error() string {
	var sb strings.Builder
	sb.WriteString("chess: impossible position: ")
	for i, p := range e.Problems {
		if i > 0 {
			sb.WriteString("; ")
		}
		sb.WriteString(p.Msg)
	}
	return sb.String()
}

// Unwrap returns every problem, so that errors.Is and errors.As reach each.
func (e *SetupError) Unwrap() []error {
	out := make([]error, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p
	}
	return out
}

// Codes returns the code of every problem, in order.
func (e *SetupError) Codes() []string {
	out := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		out[i] = p.Code
	}
	return out
}

// problems collects what validation finds.
type problems []*Error

func (ps *problems) add(code string, params map[string]string, format string, args ...any) {
	*ps = append(*ps, errorf(code, params, format, args...))
}

// squareList names the squares of b: "a1", "a1 and h8", "a1, c1 and h8".
func squareList(b Bitboard) string {
	names := make([]string, 0, b.Count())
	for ; b != 0; b &= b - 1 {
		names = append(names, b.First().String())
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
