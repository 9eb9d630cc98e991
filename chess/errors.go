package chess

import (
	"errors"
	"fmt"
	"maps"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Sentinel errors for errors.Is, one per family of codes: every *Error
// matches the sentinel of its family (see [Error.Unwrap]).
var (
	// ErrInvalidFEN is FEN text that cannot be read (codes "chess.fen.*").
	ErrInvalidFEN = errors.New("chess: invalid FEN")
	// ErrInvalidPosition is a readable FEN that breaks the laws of chess
	// (codes "chess.position.*").
	ErrInvalidPosition = errors.New("chess: impossible position")
	// ErrIllegalMove is a move that breaks a rule (codes
	// "chess.move.illegal.*").
	ErrIllegalMove = errors.New("chess: illegal move")
	// ErrAmbiguousMove is SAN that fits more than one legal move (code
	// "chess.move.ambiguous").
	ErrAmbiguousMove = errors.New("chess: ambiguous move")
	// ErrMalformedMove is text that is not a move at all (codes
	// "chess.move.syntax.*").
	ErrMalformedMove = errors.New("chess: malformed move")
)

// Error is the error returned for bad FEN, impossible positions and bad
// moves.
//
// Code is stable (the codes are listed by [Codes] and in docs/ERRORS.md);
// Params holds the values a translated message needs, under the names that
// [Codes] declares for the code, e.g. {"move": "e1g1", "square": "f1"} for
// "chess.move.illegal.castling.through_check". Squares are written "e4",
// pieces and colours by their String ("knight", "white"), castling sides as
// "king" or "queen". Msg says the same in English for logs and developers.
type Error struct {
	Code   string
	Params map[string]string
	Msg    string
}

// Error returns "chess: " followed by the English message.
func (e *Error) Error() string { return "chess: " + e.Msg }

// ErrorCode returns the stable code, e.g. "chess.move.illegal.unreachable".
func (e *Error) ErrorCode() string { return e.Code }

// ErrorParams returns a copy of the parameters of the message.
func (e *Error) ErrorParams() map[string]string { return maps.Clone(e.Params) }

// Unwrap returns the sentinel of the error's family: [ErrInvalidFEN],
// [ErrInvalidPosition], [ErrIllegalMove], [ErrAmbiguousMove] or
// [ErrMalformedMove].
func (e *Error) Unwrap() error {
	switch {
	case strings.HasPrefix(e.Code, "chess.fen."):
		return ErrInvalidFEN
	case strings.HasPrefix(e.Code, "chess.move.illegal."):
		return ErrIllegalMove
	case strings.HasPrefix(e.Code, "chess.move.syntax."):
		return ErrMalformedMove
	case e.Code == CodeAmbiguousMove:
		return ErrAmbiguousMove
	default:
		return ErrInvalidPosition
	}
}

// CodeOf returns the code of the first *Error in err's chain, or "" if there
// is none.
func CodeOf(err error) string {
	if e, ok := errors.AsType[*Error](err); ok {
		return e.Code
	}
	return ""
}

// errorf returns an *Error with the code, the parameters and an English
// message made by fmt.Sprintf.
func errorf(code string, params map[string]string, format string, args ...any) *Error {
	return &Error{Code: code, Params: params, Msg: fmt.Sprintf(format, args...)}
}

// kv makes a parameter map from name, value pairs.
func kv(pairs ...string) map[string]string {
	m := make(map[string]string, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i]] = pairs[i+1]
	}
	return m
}

// ClipParam cuts text that came from a user (or an engine, or a file) for
// an error's parameter or message, so that a huge input does not make a
// huge error: valid UTF-8 (invalid bytes become U+FFFD) of at most 40
// bytes, ending with "…" when cut, never inside a character, before a
// combining mark or after a zero-width joiner. It is the rules core's copy
// of coded.ClipParam, which the rest of JoinPal uses (the rules core
// imports nothing of ours); a fuzz test there keeps the two equal. The
// chess, chess/pgn and uci packages use it for every such text.
func ClipParam(s string) string {
	const max, ellipsis = 40, "…"
	s = strings.ToValidUTF8(s, string(utf8.RuneError))
	if len(s) <= max {
		return s
	}
	cut := max - len(ellipsis)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	for cut > 0 {
		next, _ := utf8.DecodeRuneInString(s[cut:])
		prev, size := utf8.DecodeLastRuneInString(s[:cut])
		if !unicode.Is(unicode.M, next) && next != '\u200d' && (next < 0x1F3FB || next > 0x1F3FF) && prev != '\u200d' {
			break
		}
		cut -= size
	}
	return s[:cut] + ellipsis
}

// clip is ClipParam.
func clip(s string) string { return ClipParam(s) }

// charParam writes one byte of user text for a parameter: itself if it is
// printable ASCII, else its Go escape.
func charParam(c byte) string {
	if c >= ' ' && c <= '~' {
		return string(c)
	}
	return fmt.Sprintf("\\x%02x", c)
}
