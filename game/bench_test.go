package game

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// benchGame is a scripted game for the benchmarks of a move's layers:
// random legal moves from a fixed seed, cut before the move that would end
// the game.
func benchGame(b *testing.B) []string {
	b.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	h := chess.NewHistory(chess.StartingPosition())
	var (
		l      chess.MoveList
		script []string
	)
	for len(script) < 120 {
		pos := h.Position()
		pos.GenerateLegal(&l)
		m := l.Slice()[rng.IntN(l.N)]
		if err := h.Play(m); err != nil {
			b.Fatal(err)
		}
		if h.Outcome(chess.AutomaticDraws).Over() {
			break
		}
		script = append(script, pos.UCI(m))
	}
	return script
}

// benchNewGame starts a 30+0 game between two people on a clock that
// moves 1 ms at each reading.
func benchNewGame(b *testing.B) *Game {
	b.Helper()
	at := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	tc, _ := ParseTimeControl("30+0")
	g, err := New(Config{ID: "bench", White: Player{ID: "w"}, Black: Player{ID: "b"}, TimeControl: tc,
		Now: func() time.Time { at = at.Add(time.Millisecond); return at }})
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkMoveLayers measures the game's part of a move, as the live
// runtime runs it, layer by layer: Move (the move applied: parsed, its
// SAN, the clock, the rules' verdict), State (the copy the store
// writes), and NewEvent (the event published). ns/op and allocs/op are
// per move, over a scripted game played again and again.
func BenchmarkMoveLayers(b *testing.B) {
	script := benchGame(b)
	sides := [2]Side{White, Black}
	b.Run("Move", func(b *testing.B) {
		b.ReportAllocs()
		g, ply := benchNewGame(b), 0
		for b.Loop() {
			if ply == len(script) {
				b.StopTimer()
				g, ply = benchNewGame(b), 0
				b.StartTimer()
			}
			if _, err := g.Move(sides[ply%2], script[ply], 0, int64(ply+1)); err != nil {
				b.Fatal(err)
			}
			ply++
		}
	})
	// A game at each ply of the script, to read from.
	games := make([]*Game, len(script))
	g := benchNewGame(b)
	for ply, uci := range script {
		if _, err := g.Move(sides[ply%2], uci, 0, int64(ply+1)); err != nil {
			b.Fatal(err)
		}
		games[ply] = benchNewGame(b)
		for i := 0; i <= ply; i++ {
			games[ply].Move(sides[i%2], script[i], 0, int64(i+1))
		}
	}
	b.Run("State", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			st := games[i].State()
			benchState = st
			i = (i + 1) % len(games)
		}
	})
	b.Run("NewEvent", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			g := games[i]
			moves := g.Moves()
			ev := g.NewEvent(EventMove, &moves[len(moves)-1])
			benchEvent = ev
			i = (i + 1) % len(games)
		}
	})
}

var (
	benchState State
	benchEvent Event
)
