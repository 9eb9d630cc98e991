package chess

import (
	"errors"
	"fmt"
)

// ErrorKind is a stable, machine-readable code for what is wrong with a
// FEN, a position or a move. The values never change; clients may rely on
// them.
type ErrorKind string

// The error kinds of FEN text (syntax).
const (
	ErrFENFields    ErrorKind = "fen.fields"     // wrong number of fields
	ErrFENBoard     ErrorKind = "fen.board"      // the placement field is malformed
	ErrFENTurn      ErrorKind = "fen.turn"       // the side to move is not "w" or "b"
	ErrFENCastling  ErrorKind = "fen.castling"   // the castling field is malformed
	ErrFENEnPassant ErrorKind = "fen.en_passant" // the en-passant field is not a square or "-"
	ErrFENHalfmove  ErrorKind = "fen.halfmove"   // the halfmove clock is not a number
	ErrFENFullmove  ErrorKind = "fen.fullmove"   // the fullmove number is not a positive number
)

// The error kinds of impossible positions (well-formed FEN, illegal chess).
const (
	ErrMissingKing     ErrorKind = "position.missing_king"
	ErrTooManyKings    ErrorKind = "position.too_many_kings"
	ErrTooManyPieces   ErrorKind = "position.too_many_pieces"
	ErrPawnOnBackRank  ErrorKind = "position.pawn_on_back_rank"
	ErrOppositeCheck   ErrorKind = "position.opposite_check" // the side not to move is in check
	ErrCastlingRights  ErrorKind = "position.castling_rights"
	ErrEnPassantSquare ErrorKind = "position.en_passant"
)

// The error kinds of moves.
const (
	ErrMoveSyntax    ErrorKind = "move.syntax"    // the text is not a move at all
	ErrMoveIllegal   ErrorKind = "move.illegal"   // the move breaks a rule
	ErrMoveAmbiguous ErrorKind = "move.ambiguous" // the SAN fits more than one legal move
)

// Sentinel errors for errors.Is: every *Error matches the sentinel of its
// family.
var (
	ErrInvalidFEN      = errors.New("chess: invalid FEN")
	ErrInvalidPosition = errors.New("chess: impossible position")
	ErrIllegalMove     = errors.New("chess: illegal move")
	ErrAmbiguousMove   = errors.New("chess: ambiguous move")
	ErrMalformedMove   = errors.New("chess: malformed move")
)

// Error is the error returned for bad FEN, impossible positions and bad
// moves. Kind is stable; Msg says in English what is wrong and where.
type Error struct {
	Kind ErrorKind
	Msg  string
}

func (e *Error) Error() string { return "chess: " + e.Msg }

// Unwrap returns the sentinel of the error's family.
func (e *Error) Unwrap() error {
	switch {
	case e.Kind == ErrMoveAmbiguous:
		return ErrAmbiguousMove
	case e.Kind == ErrMoveSyntax:
		return ErrMalformedMove
	case e.Kind == ErrMoveIllegal:
		return ErrIllegalMove
	case len(e.Kind) > 4 && e.Kind[:4] == "fen.":
		return ErrInvalidFEN
	default:
		return ErrInvalidPosition
	}
}

func errorf(kind ErrorKind, format string, args ...any) *Error {
	return &Error{Kind: kind, Msg: fmt.Sprintf(format, args...)}
}

// KindOf returns the ErrorKind of err if it is or wraps an *Error, else "".
func KindOf(err error) ErrorKind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return ""
}
