package game

import (
	"testing"
	"time"
)

// TestPresence: who loses when players drop and come back. The window is
// 30 s at 3+2 (ReconnectWindow); times are from the start of the scene,
// just after both first moves.
func TestPresence(t *testing.T) {
	const window = 30 * time.Second
	type act struct {
		at   time.Duration
		do   string // "gone W", "back B", "move" (the side to move moves), "expire"
		side Side
	}
	tests := []struct {
		name   string
		acts   []act
		term   Termination // TerminationNone: the game goes on
		result Result
		at     time.Duration // when it ended (-1: not checked)
	}{
		{name: "one gone, the other there: the gone one loses",
			acts: []act{{0, "gone", Black}, {window, "expire", 0}},
			term: Abandonment, result: WhiteWins, at: window},
		{name: "White gone, Black there: White loses (no colour favoured)",
			acts: []act{{0, "gone", White}, {window, "expire", 0}},
			term: Abandonment, result: BlackWins, at: window},
		{name: "both gone at the same instant: both lose",
			acts: []act{{0, "gone", White}, {0, "gone", Black}, {window - time.Millisecond, "expire", 0}, {window, "expire", 0}},
			term: Abandonment, result: BothLose, at: window},
		{name: "both gone, the second never back: both lose at the end of the second window",
			acts: []act{{0, "gone", Black}, {10 * time.Second, "gone", White}, {window, "expire", 0}, {window + 10*time.Second - time.Millisecond, "expire", 0}, {window + 10*time.Second, "expire", 0}},
			term: Abandonment, result: BothLose, at: window + 10*time.Second},
		{name: "both gone, the second back after the first's window: the second wins at once",
			acts: []act{{0, "gone", Black}, {10 * time.Second, "gone", White}, {window, "expire", 0}, {35 * time.Second, "back", White}},
			term: Abandonment, result: WhiteWins, at: 35 * time.Second},
		{name: "both gone, the second back within the first's window: the first loses at its end",
			acts: []act{{0, "gone", White}, {10 * time.Second, "gone", Black}, {20 * time.Second, "back", Black}, {window, "expire", 0}},
			term: Abandonment, result: BlackWins, at: window},
		{name: "both gone, the first back after its own window but before the other's: the game goes on",
			acts: []act{{0, "gone", White}, {10 * time.Second, "gone", Black}, {35 * time.Second, "back", White}, {39 * time.Second, "expire", 0}},
		},
		{name: "and then the second's window runs out: the second loses",
			acts: []act{{0, "gone", White}, {10 * time.Second, "gone", Black}, {35 * time.Second, "back", White}, {40 * time.Second, "expire", 0}},
			term: Abandonment, result: WhiteWins, at: 40 * time.Second},
		{name: "a move makes the mover present",
			acts: []act{{0, "gone", White}, {5 * time.Second, "move", 0}, {time.Minute, "expire", 0}},
		},
		{name: "a move by a player gone with the opponent past its window wins",
			// Black left first; White (to move) left too; Black's window ran
			// out while White was gone; White's move shows White is there.
			acts: []act{{0, "gone", Black}, {10 * time.Second, "gone", White}, {window, "expire", 0}, {35 * time.Second, "move", 0}},
			term: Abandonment, result: WhiteWins, at: 35 * time.Second},
		{name: "a command after a deadline passed: the deadline decides first",
			acts: []act{{0, "gone", Black}, {window + time.Second, "gone", White}},
			term: Abandonment, result: WhiteWins, at: window + time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := newFakeTime()
			g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
			moves(t, g, now, time.Second, "e2e4", "e7e5")
			start := now.Now()
			replies := []string{"g1f3", "b8c6", "f1c4", "g8f6"}
			for _, a := range tt.acts {
				now.Advance(start.Add(a.at).Sub(now.Now()))
				var err error
				switch a.do {
				case "gone":
					err = g.Disconnect(a.side)
				case "back":
					err = g.Reconnect(a.side)
				case "move":
					_, err = g.Move(g.Turn(), replies[0], 0, 0)
					replies = replies[1:]
				case "expire":
					g.Expire()
				}
				if err != nil && !(g.Over() && CodeOf(err) == CodeGameOver) {
					t.Fatalf("%s %v at %v: %v", a.do, a.side, a.at, err)
				}
				if g.Over() && a.at != tt.acts[len(tt.acts)-1].at {
					t.Fatalf("ended at %v (%v %v), before the last act", a.at, g.Termination(), g.Result())
				}
			}
			if tt.term == TerminationNone {
				if g.Over() {
					t.Fatalf("ended %v %v; want the game to go on", g.Termination(), g.Result())
				}
				return
			}
			wantEnd(t, g, StatusEnded, tt.term, tt.result)
			if got := g.State().EndedAt.Sub(start); got != tt.at {
				t.Fatalf("ended at %v, want %v", got, tt.at)
			}
		})
	}
}

// TestMoveMakesThePlayerPresent: a move clears the mover's GoneSince (and
// shows up a scheduled game's player); the other side stays gone.
func TestMoveMakesThePlayerPresent(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
	moves(t, g, now, time.Second, "e2e4", "e7e5")
	must(t, g.Disconnect(White))
	must(t, g.Disconnect(Black))
	now.Advance(time.Second)
	mustMove(t, g, White, "g1f3", 0)
	if st := g.State(); !st.GoneSince[White].IsZero() || st.GoneSince[Black].IsZero() {
		t.Fatalf("gone since %v after White's move", st.GoneSince)
	}
	// Black's window ends: Black loses, White is there.
	now.Advance(ReconnectWindow(g.TimeControl()))
	if !g.Expire() {
		t.Fatal("no abandonment")
	}
	wantEnd(t, g, StatusEnded, Abandonment, WhiteWins)
}

// TestRestartFavoursNoColour: after a restart (Resume) both players are
// gone at the same instant. Players who keep moving are present; players
// who never come back both lose, whichever colour.
func TestRestartFavoursNoColour(t *testing.T) {
	restarted := func(t *testing.T) (*Game, *fakeTime) {
		now := newFakeTime()
		g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
		moves(t, g, now, time.Second, "e2e4", "e7e5")
		lastSeen := now.Now()
		now.Advance(5 * time.Second)
		back, err := Restore(g.Record(), now.Now)
		must(t, err)
		back.ResumeAfterDowntime(lastSeen)
		return back, now
	}
	t.Run("both keep moving", func(t *testing.T) {
		g, now := restarted(t)
		moves(t, g, now, time.Second, "g1f3", "b8c6")
		now.Advance(time.Hour / 60 * 2) // past any window, but within the clocks
		if g.Expire() {
			t.Fatalf("ended %v %v though both moved", g.Termination(), g.Result())
		}
	})
	t.Run("neither comes back", func(t *testing.T) {
		g, now := restarted(t)
		now.Advance(ReconnectWindow(g.TimeControl()))
		if !g.Expire() {
			t.Fatal("no end at the end of the windows")
		}
		wantEnd(t, g, StatusEnded, Abandonment, BothLose)
	})
}

// TestSuspendPastTheFlag: a game restored after the side on turn ran out
// of time while the server was up is lost on time at once, rather than
// waiting with a stopped clock and no deadline.
func TestSuspendPastTheFlag(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, time.Minute, 0), "")
	moves(t, g, now, time.Second, "e2e4", "e7e5")
	rec := g.Record()
	now.Advance(2 * time.Minute) // the server was up all along, then died
	lastSeen := now.Now()
	now.Advance(time.Minute)
	back, err := Restore(rec, now.Now)
	must(t, err)
	back.Suspend(lastSeen)
	wantEnd(t, back, StatusEnded, Timeout, BlackWins)
}
