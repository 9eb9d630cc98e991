package game

import (
	"testing"
	"time"
)

// TestDeadPositionEndsTheGame: a move that leaves neither side any mate
// ends the game at once as a draw (FIDE 5.2.2), with its own termination.
func TestDeadPositionEndsTheGame(t *testing.T) {
	now := newFakeTime()
	// The white knight is the only piece that could still do anything;
	// once Black takes it, the locked pawns leave no mate to either side.
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), "k7/1N6/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/7K b - - 0 1")
	moves(t, g, now, time.Second, "a8b7")
	wantEnd(t, g, StatusEnded, DeadPosition, Drawn)
	if !DeadPosition.Draw() || DeadPosition.String() != "dead_position" {
		t.Errorf("DeadPosition: draw %v, code %q", DeadPosition.Draw(), DeadPosition)
	}
}

// TestFlagWhereNeitherCanMate: the white rook and king are
// walled in by their own pawns and Black's king can never reach them, so
// neither side can mate, though the material rule of thumb said both could
// and the cheap check after each move does not see it: a flag by either
// side is a draw (FIDE 6.9).
func TestFlagWhereNeitherCanMate(t *testing.T) {
	const walled = "5k2/1p6/1P6/KP6/1P6/RP6/P7/8 b - - 0 1"
	tests := []struct {
		name string
		uci  []string // the moves before the flag
	}{
		{"White flags", []string{"f8e8", "a5a4", "e8d8"}},
		{"Black flags", []string{"f8e8", "a5a4"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), walled)
			moves(t, g, now, time.Second, tc.uci...)
			now.Advance(4 * time.Minute)
			if !g.Expire() {
				t.Fatal("the flag did not fall")
			}
			wantEnd(t, g, StatusEnded, TimeoutVsInsufficientMaterial, Drawn)
		})
	}
}
