package chess

import (
	"testing"
)

// The five standard perft positions (Chess Programming Wiki's "Perft
// Results"), at one ply less than the depths of docs/BENCHMARKS.md so that
// `go test -run '^$' -bench . ./chess` stays short. The full depths are run
// side by side with the peers by bench/cmd/perftcompare (make bench).
var benchPerftPositions = []struct {
	name  string
	fen   string
	depth int
	nodes uint64
}{
	{"start", StartingFEN, 5, 4_865_609},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4_085_603},
	{"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674_624},
	{"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422_333},
	{"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2_103_487},
}

func mustParseFEN(b *testing.B, fen string) Position {
	b.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkPerft runs Perft (single thread, bulk counting at the last ply)
// on each standard position and reports leaf nodes per second.
func BenchmarkPerft(b *testing.B) {
	for _, c := range benchPerftPositions {
		b.Run(c.name, func(b *testing.B) {
			pos := mustParseFEN(b, c.fen)
			var got uint64
			for b.Loop() {
				p := pos
				got = Perft(&p, c.depth)
			}
			if got != c.nodes {
				b.Fatalf("perft %d = %d, want %d", c.depth, got, c.nodes)
			}
			b.ReportMetric(float64(c.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// benchMicroPositions are the positions of the move-generation
// micro-benchmarks: the start, a busy middlegame, an endgame with en passant
// in the air, a position in check with promotions, and one with castling.
var benchMicroPositions = []struct{ name, fen string }{
	{"start", StartingFEN},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
	{"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
	{"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
}

var benchSink int

// BenchmarkCountLegal measures the bulk count of the last perft ply.
func BenchmarkCountLegal(b *testing.B) {
	for _, c := range benchMicroPositions {
		b.Run(c.name, func(b *testing.B) {
			pos := mustParseFEN(b, c.fen)
			n := 0
			for b.Loop() {
				n += pos.CountLegal()
			}
			benchSink = n
		})
	}
}

// BenchmarkGenerateLegal measures filling a MoveList with the legal moves.
func BenchmarkGenerateLegal(b *testing.B) {
	for _, c := range benchMicroPositions {
		b.Run(c.name, func(b *testing.B) {
			pos := mustParseFEN(b, c.fen)
			var l MoveList
			n := 0
			for b.Loop() {
				pos.GenerateLegal(&l)
				n += l.N
			}
			benchSink = n
		})
	}
}

// BenchmarkPlayUnchecked measures copying the position and playing each of
// its legal moves once (the inner step of Perft); ns/op is per move played.
func BenchmarkPlayUnchecked(b *testing.B) {
	for _, c := range benchMicroPositions {
		b.Run(c.name, func(b *testing.B) {
			pos := mustParseFEN(b, c.fen)
			moves := pos.LegalMoves(nil)
			if len(moves) == 0 {
				b.Fatal("no legal move")
			}
			i := 0
			var child Position
			for b.Loop() {
				child = pos
				child.PlayUnchecked(moves[i])
				if i++; i == len(moves) {
					i = 0
				}
			}
			benchSink = int(child.Key() & 1)
		})
	}
}

// BenchmarkNotation measures the texts of one move: its SAN (with the
// check suffix), its UCI text, and ParseUCI of that text; each in the
// kiwipete middlegame, over its legal moves in turn.
func BenchmarkNotation(b *testing.B) {
	pos := mustParseFEN(b, benchMicroPositions[1].fen)
	moves := pos.LegalMoves(nil)
	texts := make([]string, len(moves))
	for i, m := range moves {
		texts[i] = pos.UCI(m)
	}
	b.Run("SAN", func(b *testing.B) {
		b.ReportAllocs()
		n, i := 0, 0
		for b.Loop() {
			n += len(pos.SAN(moves[i]))
			i = (i + 1) % len(moves)
		}
		benchSink = n
	})
	b.Run("UCI", func(b *testing.B) {
		b.ReportAllocs()
		n, i := 0, 0
		for b.Loop() {
			n += len(pos.UCI(moves[i]))
			i = (i + 1) % len(moves)
		}
		benchSink = n
	})
	b.Run("ParseUCI", func(b *testing.B) {
		b.ReportAllocs()
		n, i := 0, 0
		for b.Loop() {
			m, err := pos.ParseUCI(texts[i])
			if err != nil {
				b.Fatal(err)
			}
			n += int(m.To())
			i = (i + 1) % len(moves)
		}
		benchSink = n
	})
}
