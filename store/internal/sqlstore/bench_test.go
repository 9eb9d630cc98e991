package sqlstore

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// benchState is the state a move of a running 3+2 game writes.
func benchState() game.State {
	tc, _ := game.ParseTimeControl("180+2")
	at := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	return game.State{
		Status: game.StatusStarted,
		Clock: &game.ClockSnapshot{TimeControl: tc, State: game.ClockRunning, Turn: game.Black, Moves: 24,
			WhiteMs: 151_230, BlackMs: 144_870, WhiteLagQuotaMs: 1_200, BlackLagQuotaMs: 980, TurnStart: at},
		Seq: 26,
	}
}

// BenchmarkMoveArgs measures turning a move and its state into the
// statement's arguments (StateArgs, MoveArgs), and the clock's encoding
// alone (codec.EncodeClock): the store's own work for a move before the
// database's.
func BenchmarkMoveArgs(b *testing.B) {
	st := benchState()
	mv := game.MoveRecord{Ply: 24, UCI: "g1f3", SAN: "Nf3", ClientMoveID: 25, Spent: 2300 * time.Millisecond,
		Remaining: 151_230 * time.Millisecond, At: st.Clock.TurnStart}
	b.Run("StateArgs+MoveArgs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			args, err := StateArgs(st)
			if err != nil {
				b.Fatal(err)
			}
			benchArgs = append(args, MoveArgs(mv)...)
		}
	})
	b.Run("EncodeClock", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			data, err := codec.EncodeClock(st.Clock)
			if err != nil {
				b.Fatal(err)
			}
			benchData = data
		}
	})
}

var (
	benchArgs []any
	benchData []byte
)
