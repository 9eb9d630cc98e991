package chess

import (
	"errors"
	"strings"
	"testing"
)

// FuzzValidate: validating any setup never panics; a refusal lists problems
// that each have a declared position code with its parameters and are
// reached by errors.Is, and never one that the options said to drop; a position that validates can be played
// from, and every position on the way (a game chosen by the fuzzer's bytes)
// writes a FEN that validates strictly and reads back to the same FEN.
// Seeds: testdata/fuzz/FuzzValidate.
func FuzzValidate(f *testing.F) {
	f.Fuzz(func(t *testing.T, fen string, flags uint8, choices []byte) {
		s, err := ParseSetup(fen)
		if err != nil {
			if CodeOf(err) == "" {
				t.Fatalf("%q: error without a code: %v", fen, err)
			}
			return
		}
		opts := Options{
			Castling:         CastlingMode(flags & 1),
			DropBadCastling:  flags&2 != 0,
			DropBadEnPassant: flags&4 != 0,
		}
		p, err := s.PositionWith(opts)
		if err != nil {
			checkRefusal(t, fen, opts, err)
			return
		}
		strict := Options{Castling: opts.Castling}
		for i := 0; ; i++ {
			out := p.FEN()
			q, err := ParseFENWith(out, strict)
			if err != nil {
				t.Fatalf("%q: position %d of the game, %q, does not validate: %v", fen, i, out, err)
			}
			if q.FEN() != out || q.RepetitionKey() != p.RepetitionKey() {
				t.Fatalf("%q: %q reads back as %q", fen, out, q.FEN())
			}
			moves := p.LegalMoves(nil)
			if i == len(choices) || len(moves) == 0 || p.FullmoveNumber() == 65535 {
				return
			}
			p.PlayUnchecked(moves[int(choices[i])%len(moves)])
		}
	})
}

func checkRefusal(t *testing.T, fen string, opts Options, err error) {
	t.Helper()
	var se *SetupError
	if !errors.As(err, &se) || len(se.Problems) == 0 {
		t.Fatalf("%q: %T %v is not a SetupError with problems", fen, err, err)
	}
	if !errors.Is(err, ErrInvalidPosition) {
		t.Fatalf("%q: %v is not ErrInvalidPosition", fen, err)
	}
	checkCoded(t, err) // declared codes with exactly their parameters
	for _, p := range se.Problems {
		switch {
		case !strings.HasPrefix(p.Code, "chess.position."):
			t.Fatalf("%q: problem %q has code %q", fen, p.Msg, p.Code)
		case !errors.Is(err, p):
			t.Fatalf("%q: errors.Is does not reach %v", fen, p)
		case opts.DropBadCastling && strings.HasPrefix(p.Code, "chess.position.castling."):
			t.Fatalf("%q: castling problem %v though bad rights are dropped", fen, p)
		case opts.DropBadEnPassant && strings.HasPrefix(p.Code, "chess.position.en_passant."):
			t.Fatalf("%q: en-passant problem %v though a bad square is dropped", fen, p)
		}
	}
}
