package chess

import (
	"maps"
	"slices"
	"testing"
)

// The seed corpora of these targets live in testdata/fuzz/<FuzzName>/.
// Run one with, e.g., go test -fuzz=FuzzFEN -fuzztime=1m ./chess

// FuzzFEN: reading never panics; a FEN that does not read is refused with
// declared codes and their parameters; a FEN that reads writes back to a FEN that
// reads to the same FEN, with the key computed from scratch.
func FuzzFEN(f *testing.F) {
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParseFEN(fen)
		if err != nil {
			checkCoded(t, err)
			return
		}
		out := p.FEN()
		q, err := ParseFEN(out)
		if err != nil {
			t.Fatalf("%q wrote %q which does not read: %v", fen, out, err)
		}
		if q.FEN() != out {
			t.Fatalf("%q: %q then %q", fen, out, q.FEN())
		}
		if p.Key() != p.computeKey() || q.RepetitionKey() != p.RepetitionKey() {
			t.Fatalf("%q: keys differ", fen)
		}
	})
}

// FuzzLegalMoves plays a game chosen by the fuzzer's bytes from a FEN and
// checks every position on the way against the slow reference generator.
func FuzzLegalMoves(f *testing.F) {
	f.Fuzz(func(t *testing.T, fen string, choices []byte) {
		s, err := ParseSetup(fen)
		if err != nil {
			return
		}
		p, err := s.PositionWith(GeneratorTest(Chess960))
		if err != nil {
			return
		}
		for _, c := range choices {
			checkAgainstReference(t, &p)
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				return
			}
			p.PlayUnchecked(moves[int(c)%len(moves)])
		}
	})
}

// FuzzSAN: the SAN written for every legal move reads back to that move,
// and so does its UCI text; on the way, a game chosen by the fuzzer's bytes.
func FuzzSAN(f *testing.F) {
	f.Fuzz(func(t *testing.T, fen string, choices []byte) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		for _, c := range append(choices, 0) {
			moves := p.LegalMoves(nil)
			for _, m := range moves {
				san := p.SAN(m)
				back, err := p.ParseSAN(san)
				if err != nil || back != m {
					t.Fatalf("%s: SAN %q of %s reads back as %v, %v", p.FEN(), san, m, back, err)
				}
				back, err = p.ParseUCI(p.UCI(m))
				if err != nil || back != m {
					t.Fatalf("%s: UCI %q reads back as %v, %v", p.FEN(), p.UCI(m), back, err)
				}
			}
			if len(moves) == 0 {
				return
			}
			p.PlayUnchecked(moves[int(c)%len(moves)])
		}
	})
}

// FuzzParseSAN: any text either reads as a legal move, in SAN and in UCI,
// or is refused with a declared code and its parameters; it never panics.
func FuzzParseSAN(f *testing.F) {
	positions := []Position{StartingPosition()}
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	} {
		p, _ := ParseFEN(fen)
		positions = append(positions, p)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, p := range positions {
			m, err := p.ParseSAN(text)
			if err != nil {
				checkCoded(t, err)
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("%q read as illegal %s", text, m)
			}
		}
		for _, p := range positions {
			if _, err := p.ParseUCI(text); err != nil {
				checkCoded(t, err)
			}
		}
	})
}

// checkCoded fails unless every *Error in err's tree has a code that Codes
// declares, with exactly the parameters declared for it.
func checkCoded(t *testing.T, err error) {
	t.Helper()
	declared := map[string][]string{}
	for _, c := range Codes() {
		declared[c.Code] = c.Params
	}
	found := 0
	var walk func(error)
	walk = func(err error) {
		switch e := err.(type) {
		case *Error:
			found++
			params, ok := declared[e.Code]
			if !ok {
				t.Fatalf("%v: undeclared code %q", err, e.Code)
			}
			got := slices.Sorted(maps.Keys(e.Params))
			if want := slices.Sorted(slices.Values(params)); !slices.Equal(got, want) {
				t.Fatalf("%v: code %s has parameters %v, declared %v", err, e.Code, got, want)
			}
		case interface{ Unwrap() []error }:
			for _, inner := range e.Unwrap() {
				walk(inner)
			}
		}
	}
	walk(err)
	if found == 0 {
		t.Fatalf("%v: no *Error", err)
	}
}
