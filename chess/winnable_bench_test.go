package chess_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/chess/pgn"
)

// gamePositions returns every position of the games in the PGN files of
// testdata/games (80 games of the built-in engine's levels, see
// docs/BENCHMARKS.md) and chess/pgn/testdata, and of the file named by
// $JOINPAL_GAMES_PGN if set.
func gamePositions(tb testing.TB) []chess.Position {
	tb.Helper()
	files, _ := filepath.Glob("testdata/games/*.pgn")
	more, _ := filepath.Glob("pgn/testdata/*.pgn")
	files = append(files, more...)
	if extra := os.Getenv("JOINPAL_GAMES_PGN"); extra != "" {
		files = append(files, extra)
	}
	var positions []chess.Position
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			tb.Fatal(err)
		}
		r := pgn.NewReader(f)
		for {
			g, err := r.Next()
			if err != nil {
				break // end of file, or a broken game in broken.pgn
			}
			p := g.Start
			positions = append(positions, p)
			for _, m := range g.Moves {
				if p.Play(m.Move) != nil {
					break
				}
				positions = append(positions, p)
			}
		}
		f.Close()
	}
	if len(positions) == 0 {
		tb.Fatal("no games found")
	}
	return positions
}

// BenchmarkDeadPositionPerMove measures the check every move pays: the
// average per position of the games (ns/op is per pass over all of them,
// ns/move the average, worst-ns/move the slowest single position, at its
// fastest over the passes).
func BenchmarkDeadPositionPerMove(b *testing.B) {
	positions := gamePositions(b)
	// fastest[i] is the least time position i took over the passes, so that
	// the worst case reported is the position's and not a pause of the
	// machine's.
	fastest := make([]time.Duration, len(positions))
	for i := range fastest {
		fastest[i] = time.Hour
	}
	dead := 0
	b.ResetTimer()
	for b.Loop() {
		dead = 0
		for i := range positions {
			start := time.Now()
			if positions[i].IsDeadPosition() {
				dead++
			}
			fastest[i] = min(fastest[i], time.Since(start))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(positions)), "ns/move")
	b.ReportMetric(float64(slices.Max(fastest).Nanoseconds()), "worst-ns/move")
	b.ReportMetric(float64(len(positions)), "moves")
	b.ReportMetric(float64(dead), "dead")
}

// BenchmarkWinnability measures the full analysis (FIDE 6.9, what a flag
// fall costs) on every 10th position of the games, both colours, at
// chess.DefaultMateBudget: positions per second, the share decided, and the
// slowest single analysis.
func BenchmarkWinnability(b *testing.B) {
	var sample []chess.Position
	for i, p := range gamePositions(b) {
		if i%10 == 0 {
			sample = append(sample, p)
		}
	}
	var worst time.Duration
	undecided := 0
	b.ResetTimer()
	for b.Loop() {
		undecided = 0
		for i := range sample {
			for _, c := range []chess.Color{chess.White, chess.Black} {
				start := time.Now()
				if sample[i].AnalyzeWinnability(c, chess.DefaultMateBudget).Winnability == chess.WinnabilityUnknown {
					undecided++
				}
				worst = max(worst, time.Since(start))
			}
		}
	}
	n := float64(b.N * len(sample) * 2)
	b.ReportMetric(n/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(worst.Nanoseconds()), "worst-ns")
	b.ReportMetric(float64(undecided)/float64(len(sample)*2), "unknown-share")
}

// BenchmarkWinnabilityBlocked measures the analysis (both colours) on the
// blocked positions of the tests, one sub-benchmark each: the semi-static
// analysis and the walk do the work.
func BenchmarkWinnabilityBlocked(b *testing.B) {
	for _, tc := range []struct{ name, fen string }{
		{"locked-chain", "k7/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K w - - 0 1"},
		{"bishops-behind-chain", "2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"},
		{"bishop-escapes", "4k3/8/3B4/1p1p1p1p/1P1P1P1P/8/8/4K3 w - - 0 1"},
		{"stalemate-cage", "8/8/8/8/7k/4p1p1/4P1P1/5BK1 b - - 0 1"},
		{"open-files-winnable", "k7/8/8/1p1p1p2/pPpPpP2/P1P1P3/8/7K w - - 0 1"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			p, err := chess.ParseFEN(tc.fen)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				p.AnalyzeWinnability(chess.White, chess.DefaultMateBudget)
				p.AnalyzeWinnability(chess.Black, chess.DefaultMateBudget)
			}
			b.ReportMetric(float64(2*b.N)/b.Elapsed().Seconds(), "positions/s")
		})
	}
}

// BenchmarkCouldCheckmate measures what a flag fall costs: CouldCheckmate
// (which takes the first helpmate it finds) on every 10th position of the
// games, both colours. Run it with -benchtime 1x: CouldCheckmate caches its
// answers, so later passes measure the cache.
func BenchmarkCouldCheckmate(b *testing.B) {
	var sample []chess.Position
	for i, p := range gamePositions(b) {
		if i%10 == 0 {
			sample = append(sample, p)
		}
	}
	var worst time.Duration
	b.ResetTimer()
	for b.Loop() {
		for i := range sample {
			for _, c := range []chess.Color{chess.White, chess.Black} {
				start := time.Now()
				sample[i].CouldCheckmate(c)
				worst = max(worst, time.Since(start))
			}
		}
	}
	b.ReportMetric(float64(b.N*len(sample)*2)/b.Elapsed().Seconds(), "positions/s")
	b.ReportMetric(float64(worst.Nanoseconds()), "worst-ns")
}
