package chess

import "testing"

// FuzzWinnability plays a game chosen by the fuzzer's bytes from a FEN and
// checks, on every position on the way, that the analysis is sound: it
// never answers "no" for a colour that a plain search finds a mate for
// within three plies, a "yes" carries a helpmate that replays to mate, and
// a dead position has no such mate for either side.
// Run it with go test -fuzz=FuzzWinnability -fuzztime=1m ./chess
func FuzzWinnability(f *testing.F) {
	f.Fuzz(func(t *testing.T, fen string, choices []byte) {
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		if len(choices) > 24 {
			choices = choices[:24]
		}
		for _, ch := range append(choices, 0) {
			checkWinnabilitySound(t, p)
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				return
			}
			p.PlayUnchecked(moves[int(ch)%len(moves)])
		}
	})
}

func checkWinnabilitySound(t *testing.T, p Position) {
	t.Helper()
	dead := p.IsDeadPosition()
	for _, c := range [2]Color{White, Black} {
		a := p.AnalyzeWinnability(c, 20000)
		short := helpmateWithin(&p, c, 3)
		switch {
		case short && a.Winnability == Unwinnable:
			t.Fatalf("%s: %s has a mate within 3 plies, analysis says no", p.FEN(), c)
		case short && dead:
			t.Fatalf("%s: %s has a mate within 3 plies, called dead", p.FEN(), c)
		case a.Winnability == Winnable:
			checkHelpmate(t, p, c, a.Helpmate)
		}
	}
}
