package server

import (
	"context"
	"testing"

	"github.com/joinpal/joinpal/game"
)

// BenchmarkSocketMoveAck measures one move over a game socket, from the
// frame sent to its ack: the frame decoded, the runtime's checks, the
// durable write to SQLite, the ack back over loopback. Knights shuffle, in
// a new game every seven moves (before a threefold repetition), set up off
// the clock.
func BenchmarkSocketMoveAck(b *testing.B) {
	env := newPlayEnv(b, playOptions{})
	alba, bruno := env.guest(b), env.guest(b)
	tc, _ := game.ParseTimeControl("10+0")
	shuffle := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}
	var white, black *wsClient
	ply := len(shuffle)
	newGame := func() {
		id := game.NewID()
		if _, err := env.rt.Create(context.Background(), game.Config{ID: id, TimeControl: tc,
			White: game.Player{ID: alba.id, Name: "alba"}, Black: game.Player{ID: bruno.id, Name: "bruno"}}); err != nil {
			b.Fatal(err)
		}
		if white != nil {
			white.conn.CloseNow()
			black.conn.CloseNow()
		}
		white, black = alba.dial("/api/game/"+id+"/socket"), bruno.dial("/api/game/"+id+"/socket")
		white.full()
		black.full()
		ply = 0
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if ply == len(shuffle) {
			b.StopTimer()
			newGame()
			b.StartTimer()
		}
		mover := white
		if ply%2 == 1 {
			mover = black
		}
		mover.move(shuffle[ply], ply, int64(i+1))
		// The frames the move's event brought are not the benchmark's.
		white.pending, black.pending = white.pending[:0], black.pending[:0]
		ply++
	}
}
