package uci

import (
	"strings"
	"testing"
	"time"
)

// FuzzServer feeds random command text to a Server: it must neither panic
// nor hang, and must answer every go with one bestmove.
func FuzzServer(f *testing.F) {
	f.Add("uci\nisready\nposition startpos moves e2e4\ngo depth 3\n")
	f.Add("position fen r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 moves e1g1\ngo infinite\nstop\n")
	f.Add("go ponder wtime 100 btime 100\nponderhit\nquit\n")
	f.Add("setoption name Hash value 32\nsetoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1234\n")
	f.Add("go searchmoves e2e4 d2d4 movetime 10\n")
	f.Fuzz(func(t *testing.T, input string) {
		srv := NewServer(&fakeEngine{}, testConfig)
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- srv.Run(strings.NewReader(input), &out) }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("Run did not end on input %q", input)
		}
		gos, bestmoves := 0, strings.Count(out.String(), "bestmove ")
		quit := false
		for _, line := range strings.Split(input, "\n") {
			fields := strings.Fields(line)
			for _, f := range fields {
				if commands[f] {
					quit = quit || f == "quit"
					if f == "go" && !quit {
						gos++
					}
					break
				}
			}
			if quit {
				break
			}
		}
		if len(input) < maxLine && bestmoves != gos {
			t.Fatalf("%d go commands, %d bestmoves:\n%s", gos, bestmoves, out.String())
		}
	})
}
