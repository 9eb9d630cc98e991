package game

import (
	"encoding/json"
	"fmt"

	"github.com/joinpal/joinpal/internal/coded"
)

// UCI is a move in UCI notation ("e2e4", "e7e8q") in a fixed array, its
// unused byte zero. An event's legal moves are kept as UCIs, which hold
// no pointers: one small allocation an event, which the garbage
// collector does not scan, rather than a string header for each move.
type UCI [5]byte

// ParseUCIText returns text as a UCI; text that is not four or five
// lowercase letters and digits is an error of code CodeIllegalMove (not
// a move). It does not check that the move is legal anywhere.
func ParseUCIText(text string) (UCI, error) {
	var u UCI
	bad := len(text) != 4 && len(text) != 5
	for i := 0; i < len(text) && !bad; i++ {
		c := text[i]
		bad = (c < 'a' || c > 'z') && (c < '0' || c > '9')
		u[i] = c
	}
	if bad {
		return UCI{}, NewError(CodeIllegalMove, "move "+coded.ClipParam(text)+" is not UCI text: want 4 or 5 lowercase letters and digits", nil).
			With("move", coded.ClipParam(text))
	}
	return u, nil
}

// uciOf returns text, a move as chess.Position.UCI writes it, as a UCI.
func uciOf(text string) UCI {
	var u UCI
	copy(u[:], text)
	return u
}

// String returns the move's text.
func (u UCI) String() string { return string(u.bytes()) }

// bytes returns the move's text as a slice of u.
func (u *UCI) bytes() []byte {
	if u[4] == 0 {
		return u[:4]
	}
	return u[:]
}

// LegalMoves are the legal moves of a position, as UCIs. In JSON they are
// an array of strings, ["e2e4","d2d4"].
type LegalMoves []UCI

// Strings returns the moves' texts.
func (l LegalMoves) Strings() []string {
	out := make([]string, len(l))
	for i, u := range l {
		out[i] = u.String()
	}
	return out
}

// AppendJSON appends l as a JSON array of strings; a move's letters and
// digits need no escape.
func (l LegalMoves) AppendJSON(b []byte) []byte {
	b = append(b, '[')
	for i := range l {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, l[i].bytes()...)
		b = append(b, '"')
	}
	return append(b, ']')
}

// MarshalJSON writes l as a JSON array of strings.
func (l LegalMoves) MarshalJSON() ([]byte, error) {
	return l.AppendJSON(make([]byte, 0, 2+8*len(l))), nil
}

// UnmarshalJSON reads a JSON array of moves in UCI notation (null for
// none); a move that is not UCI text is an error, and leaves l as it was.
func (l *LegalMoves) UnmarshalJSON(b []byte) error {
	var texts []string
	if err := json.Unmarshal(b, &texts); err != nil {
		return fmt.Errorf("game: legal moves: %w", err)
	}
	if texts == nil {
		*l = nil
		return nil
	}
	out := make(LegalMoves, len(texts))
	for i, text := range texts {
		u, err := ParseUCIText(text)
		if err != nil {
			return err
		}
		out[i] = u
	}
	*l = out
	return nil
}
