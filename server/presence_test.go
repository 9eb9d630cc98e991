package server

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// TestPresenceFrames: a player whose last socket closes is shown to the
// other as gone, since when and until when they may come back; coming back
// clears it; and the player's catch-up from ?v= ends with their legal
// moves when they are to move.
func TestPresenceFrames(t *testing.T) {
	m := newMatrix(t)
	id := m.newGame(t, "e2e4", "e7e5")
	white := m.roles["white"].dial("/api/game/" + id + "/socket")
	white.full()
	black := m.roles["black"].dial("/api/game/" + id + "/socket")
	black.full()
	seen := black.lastV
	black.conn.CloseNow()

	var gone struct {
		Gone map[string]goneJSON `json:"gone"`
	}
	decodeFrameData(t, white.next("a gone notice", func(f wsFrame) bool { return f.T == "state" && len(f.D) > 0 }), &gone)
	g, ok := gone.Gone["black"]
	tc, _ := game.ParseTimeControl("10+0")
	if !ok || len(gone.Gone) != 1 || g.Since == 0 || time.Duration(g.Until-g.Since)*time.Millisecond != game.ReconnectWindow(tc) {
		t.Fatalf("gone notice %+v, want black gone with a window of %s", gone, game.ReconnectWindow(tc))
	}

	white.move("g1f3", 2, 1)
	back := m.roles["black"].dial("/api/game/" + id + "/socket?v=" + itoa64(seen))
	var last eventJSON
	for {
		f := back.next("a catch-up frame", func(f wsFrame) bool { return f.V > 0 })
		decodeFrameData(t, f, &last)
		if last.Ply == 3 {
			break
		}
	}
	if len(last.Legal) == 0 {
		t.Fatalf("the catch-up's last frame has no legal moves for the player to move: %+v", last)
	}
	white.state("black back", func(st stateJSON) bool { return len(st.Gone) == 0 && st.Ply == 3 })
}
