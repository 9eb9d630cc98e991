package analysis

import (
	"context"
	"os"
	"testing"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/chess/pgn"
	"github.com/joinpal/joinpal/uci"
)

// fortyMoves is the first 40 moves (80 plies) of Fischer–Spassky 1992,
// game 29.
func fortyMoves(b *testing.B) []chess.Move {
	b.Helper()
	f, err := os.Open("../chess/pgn/testdata/fischer-spassky.pgn")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	g, err := pgn.NewReader(f).Next()
	if err != nil {
		b.Fatal(err)
	}
	var out []chess.Move
	for _, m := range g.Moves[:80] {
		out = append(out, m.Move)
	}
	return out
}

// BenchmarkAnalyseFortyMoves analyses a 40-move game (81 positions) with
// the server's default budgets: the built-in engine at
// DefaultBuiltinNodes per position, and Stockfish to DefaultUCIDepth.
//
//	go test -run '^$' -bench AnalyseFortyMoves -benchtime 1x ./analysis
func BenchmarkAnalyseFortyMoves(b *testing.B) {
	moves := fortyMoves(b)
	b.Run("builtin", func(b *testing.B) {
		for b.Loop() {
			if _, err := Analyse(context.Background(), NewBuiltin(0), chess.StartingPosition(), moves, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("stockfish", func(b *testing.B) {
		path := "/usr/games/stockfish"
		if _, err := os.Stat(path); err != nil {
			b.Skip("no Stockfish at " + path)
		}
		ev, err := NewUCI(context.Background(), uci.Command{Path: path}, 0)
		if err != nil {
			b.Fatal(err)
		}
		defer ev.Close()
		for b.Loop() {
			if _, err := Analyse(context.Background(), ev, chess.StartingPosition(), moves, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
}
