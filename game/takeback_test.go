package game

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// fenAfter returns the FEN after the first n of the moves, replayed on a
// fresh game.
func fenAfter(t *testing.T, fen string, uci []string, n int) string {
	t.Helper()
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), fen)
	moves(t, g, now, time.Second, uci[:n]...)
	pos := g.Position()
	return pos.FEN()
}

// TestTakebackPlies takes back the offerer's last move: one ply when the
// opponent is on turn, two when the offerer is.
func TestTakebackPlies(t *testing.T) {
	tests := []struct {
		name   string
		played []string
		by     Side
		want   int // plies left
	}{
		{"white's first move, black to move", []string{"e2e4"}, White, 0},
		{"white's move and black's reply", []string{"e2e4", "e7e5"}, White, 0},
		{"black's move, white to move", []string{"e2e4", "e7e5"}, Black, 1},
		{"black's move and white's reply", []string{"e2e4", "e7e5", "g1f3"}, Black, 1},
		{"white's move, black to move", []string{"e2e4", "e7e5", "g1f3"}, White, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
			moves(t, g, now, time.Second, tc.played...)
			v := g.Version()
			must(t, g.OfferTakeback(tc.by, false))
			if by, ok := g.TakebackOffer(); !ok || by != tc.by {
				t.Fatalf("offer %v %v, want %v", by, ok, tc.by)
			}
			must(t, g.AcceptTakeback(tc.by.Other(), false))
			if g.Version() != v+2 {
				t.Errorf("version %d, want %d", g.Version(), v+2)
			}
			if g.Ply() != tc.want || len(g.Moves()) != tc.want {
				t.Fatalf("ply %d (%d moves), want %d", g.Ply(), len(g.Moves()), tc.want)
			}
			pos := g.Position()
			if got, want := pos.FEN(), fenAfter(t, "", tc.played, tc.want); got != want {
				t.Errorf("FEN %s, want %s", got, want)
			}
			if g.Turn() != tc.by {
				t.Errorf("%v to move, want the offerer %v", g.Turn(), tc.by)
			}
			if _, ok := g.TakebackOffer(); ok {
				t.Error("the offer is still open")
			}
			if g.Status() != StatusStarted {
				t.Errorf("status %v", g.Status())
			}
		})
	}
}

// TestTakebackClock: each clock goes back to the time its side had at the
// restored position (increments included), and the turn runs from the
// acceptance.
func TestTakebackClock(t *testing.T) {
	tests := []struct {
		name  string
		tc    func(testing.TB) TimeControl
		by    Side
		white time.Duration // after the takeback
		black time.Duration
		state ClockState
	}{
		// 3+2: white spends 0 (waiting), 5s, 7s; black 0, 4s, then 9s.
		// After e4 e5 Nf3 Nc6 Bc4 Nf6 Bc4 is white's 3rd move: remaining
		// after it 3:00+2+2-5+2-7 = 2:54; black after Nc6 3:00+2+2-4 = 3:00.
		{"3+2, white takes back Bc4 after Nf6", func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 2*time.Second) },
			White, 3*time.Minute + 2*time.Second + 2*time.Second - 5*time.Second, 3*time.Minute + 4*time.Second - 4*time.Second, ClockRunning},
		{"3+2, black takes back Nf6", func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 2*time.Second) },
			Black, 3*time.Minute + 6*time.Second - 5*time.Second - 7*time.Second, 3*time.Minute + 4*time.Second - 4*time.Second, ClockRunning},
		{"per move 30s", func(t testing.TB) TimeControl {
			tc, err := NewPerMove(30 * time.Second)
			must(t, err)
			return tc
		}, White, 30 * time.Second, 30 * time.Second, ClockRunning},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			g := newGame(t, now, tc.tc(t), "")
			steps := []struct {
				uci   string
				think time.Duration
			}{{"e2e4", 0}, {"e7e5", 0}, {"g1f3", 5 * time.Second}, {"b8c6", 4 * time.Second},
				{"f1c4", 7 * time.Second}, {"g8f6", 9 * time.Second}}
			for _, s := range steps {
				now.Advance(s.think)
				if _, err := g.Move(g.Turn(), s.uci, 0, 0); err != nil {
					t.Fatal(err)
				}
			}
			now.Advance(3 * time.Second) // thinking before the offer
			must(t, g.OfferTakeback(tc.by, false))
			now.Advance(2 * time.Second) // before the acceptance: charged to nobody
			must(t, g.AcceptTakeback(tc.by.Other(), false))
			w, _ := g.Remaining(White)
			b, _ := g.Remaining(Black)
			if w != tc.white || b != tc.black {
				t.Fatalf("clocks %v / %v after the takeback, want %v / %v", w, b, tc.white, tc.black)
			}
			snap, _ := g.Clock()
			if snap.State != tc.state || snap.Turn != g.Turn() || snap.Moves != g.Ply() {
				t.Fatalf("clock %+v at ply %d, %v to move", snap, g.Ply(), g.Turn())
			}
			// The turn runs from the acceptance.
			now.Advance(1500 * time.Millisecond)
			left, _ := g.Remaining(g.Turn())
			want := tc.white
			if g.Turn() == Black {
				want = tc.black
			}
			if left != want-1500*time.Millisecond {
				t.Fatalf("%v has %v 1.5s after the takeback, want %v", g.Turn(), left, want-1500*time.Millisecond)
			}
			// The PGN holds the moves left, with their clocks.
			var sb strings.Builder
			must(t, g.WritePGN(&sb, PGNOptions{}))
			if pgn := sb.String(); strings.Contains(pgn, "Nf6") || !strings.Contains(pgn, "Nc6") {
				t.Fatalf("the PGN after the takeback:\n%s", pgn)
			}
		})
	}
}

// TestTakebackBeforeBothMoved: taking back one of the first two moves puts
// the clock back to waiting, and the first-move timer runs again.
func TestTakebackBeforeBothMoved(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
	moves(t, g, now, time.Second, "e2e4", "e7e5")
	must(t, g.OfferTakeback(Black, false))
	must(t, g.AcceptTakeback(White, false))
	snap, _ := g.Clock()
	if snap.State != ClockWaiting || snap.Moves != 1 || snap.BlackMs != (3*time.Minute).Milliseconds() ||
		snap.WhiteMs != (3*time.Minute+2*time.Second).Milliseconds() {
		t.Fatalf("clock %+v", snap)
	}
	st := g.State()
	if st.FirstMoveDeadline.IsZero() {
		t.Fatal("no first-move deadline after taking back a first move")
	}
}

// TestTakebackCounters: repetitions and the fifty-move counter are those
// of the restored position; the positions taken back no longer count.
func TestTakebackCounters(t *testing.T) {
	t.Run("repetition", func(t *testing.T) {
		now := newFakeTime()
		g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), "")
		moves(t, g, now, time.Second, "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1")
		// The position after f3g1 has occurred twice; take the second back.
		must(t, g.OfferTakeback(White, false))
		must(t, g.AcceptTakeback(Black, false))
		moves(t, g, now, time.Second, "f3g1") // its second occurrence again, not its third
		if g.Over() {
			t.Fatalf("the game ended (%v): a position taken back was counted", g.Termination())
		}
		moves(t, g, now, time.Second, "f6g8") // the start position for the third time
		wantEnd(t, g, StatusEnded, ThreefoldRepetition, Drawn)
	})
	t.Run("fifty moves", func(t *testing.T) {
		const fen = "7k/8/8/8/8/8/8/K5R1 w - - 98 60"
		now := newFakeTime()
		g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), fen)
		moves(t, g, now, time.Second, "g1g2")
		must(t, g.OfferTakeback(White, false))
		must(t, g.AcceptTakeback(Black, false))
		pos := g.Position()
		if pos.HalfmoveClock() != 98 || pos.FEN() != fen {
			t.Fatalf("after the takeback: %s (halfmove %d)", pos.FEN(), pos.HalfmoveClock())
		}
		moves(t, g, now, time.Second, "g1g3", "h8h7")
		wantEnd(t, g, StatusEnded, FiftyMoves, Drawn)
	})
}

// TestTakebackOffers: an offer is withdrawn by a move of either side, by
// its maker, or declined; a takeback clears a draw offer.
func TestTakebackOffers(t *testing.T) {
	tests := []struct {
		name string
		act  func(t *testing.T, g *Game, now *fakeTime)
	}{
		{"the opponent moves", func(t *testing.T, g *Game, now *fakeTime) { moves(t, g, now, time.Second, "g8f6") }},
		{"the offerer moves", func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "g8f6")
			must(t, g.OfferTakeback(White, false))
			moves(t, g, now, time.Second, "b1c3")
		}},
		{"declined", func(t *testing.T, g *Game, now *fakeTime) { must(t, g.DeclineTakeback(Black)) }},
		{"cancelled", func(t *testing.T, g *Game, now *fakeTime) { must(t, g.CancelTakeback(White)) }},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), "")
			moves(t, g, now, time.Second, "e2e4", "e7e5", "g1f3")
			must(t, g.OfferTakeback(White, false))
			v := g.Version()
			tc.act(t, g, now)
			if _, ok := g.TakebackOffer(); ok {
				t.Fatal("the offer is still open")
			}
			if g.Version() <= v {
				t.Fatal("the version did not grow")
			}
			if err := g.AcceptTakeback(Black, false); CodeOf(err) != CodeNoTakebackOffer {
				t.Fatalf("accepting a withdrawn offer: %v", err)
			}
		})
	}
	t.Run("a takeback clears a draw offer", func(t *testing.T) {
		now := newFakeTime()
		g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), "")
		moves(t, g, now, time.Second, "e2e4", "e7e5")
		must(t, g.OfferDraw(White))
		must(t, g.OfferTakeback(Black, false))
		must(t, g.AcceptTakeback(White, false))
		if _, ok := g.DrawOffer(); ok {
			t.Fatal("a draw offer survived the takeback")
		}
	})
}

// TestTakebackRefusalsChangeNothing: every refusal has its code, and
// leaves the game and its version as they were.
func TestTakebackRefusalsChangeNothing(t *testing.T) {
	blitz := func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 0) }
	tests := []struct {
		name  string
		rated bool
		setup func(t *testing.T, g *Game, now *fakeTime)
		act   func(g *Game) error
		code  Code
	}{
		{"nothing played", false, func(*testing.T, *Game, *fakeTime) {}, func(g *Game) error { return g.OfferTakeback(White, false) }, CodeTakebackNothing},
		{"black has not moved", false, func(t *testing.T, g *Game, now *fakeTime) { moves(t, g, now, time.Second, "e2e4") },
			func(g *Game) error { return g.OfferTakeback(Black, false) }, CodeTakebackNothing},
		{"offered twice", false, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4")
			must(t, g.OfferTakeback(White, false))
		}, func(g *Game) error { return g.OfferTakeback(White, false) }, CodeTakebackPending},
		{"the opponent's offer is open", false, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4", "e7e5")
			must(t, g.OfferTakeback(White, false))
		}, func(g *Game) error { return g.OfferTakeback(Black, false) }, CodeTakebackPending},
		{"accept with no offer", false, func(t *testing.T, g *Game, now *fakeTime) { moves(t, g, now, time.Second, "e2e4") },
			func(g *Game) error { return g.AcceptTakeback(Black, false) }, CodeNoTakebackOffer},
		{"accept one's own offer", false, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4")
			must(t, g.OfferTakeback(White, false))
		}, func(g *Game) error { return g.AcceptTakeback(White, false) }, CodeNoTakebackOffer},
		{"decline with no offer", false, func(t *testing.T, g *Game, now *fakeTime) { moves(t, g, now, time.Second, "e2e4") },
			func(g *Game) error { return g.DeclineTakeback(Black) }, CodeNoTakebackOffer},
		{"cancel the opponent's offer", false, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4")
			must(t, g.OfferTakeback(White, false))
		}, func(g *Game) error { return g.CancelTakeback(Black) }, CodeNoTakebackOffer},
		{"too many offers", false, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4")
			for range MaxTakebackOffers {
				must(t, g.OfferTakeback(White, false))
				must(t, g.DeclineTakeback(Black))
			}
		}, func(g *Game) error { return g.OfferTakeback(White, false) }, CodeTakebackLimit},
		{"rated, not agreed", true, func(t *testing.T, g *Game, now *fakeTime) { moves(t, g, now, time.Second, "e2e4") },
			func(g *Game) error { return g.OfferTakeback(White, false) }, CodeTakebackRated},
		{"rated, accepted without agreement", true, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4")
			must(t, g.OfferTakeback(White, true))
		}, func(g *Game) error { return g.AcceptTakeback(Black, false) }, CodeTakebackRated},
		{"game over", false, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4", "e7e5")
			must(t, g.Resign(Black))
		}, func(g *Game) error { return g.OfferTakeback(White, false) }, CodeGameOver},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			g, err := New(Config{ID: "g1", White: alice, Black: bob, TimeControl: blitz(t), Rated: tc.rated, Now: now.Now})
			must(t, err)
			tc.setup(t, g, now)
			before, version := g.Record(), g.Version()
			err = tc.act(g)
			if CodeOf(err) != tc.code {
				t.Fatalf("%v, want code %s", err, tc.code)
			}
			if !strings.HasPrefix(err.Error(), "game: ") {
				t.Errorf("%q lacks the package prefix", err)
			}
			if g.Version() != version || !reflect.DeepEqual(g.Record(), before) {
				t.Fatal("a refused command changed the game")
			}
		})
	}
}

// TestTakebackRatedAgreed: in a rated game whose players both agreed,
// takebacks work as in a casual one.
func TestTakebackRatedAgreed(t *testing.T) {
	now := newFakeTime()
	g, err := New(Config{ID: "g1", White: alice, Black: bob, TimeControl: wholeGame(t, 3*time.Minute, 0), Rated: true, Now: now.Now})
	must(t, err)
	moves(t, g, now, time.Second, "e2e4")
	must(t, g.OfferTakeback(White, true))
	must(t, g.AcceptTakeback(Black, true))
	if g.Ply() != 0 {
		t.Fatalf("ply %d", g.Ply())
	}
}

// TestTakebackAgainstAI: the AI grants a takeback at once, MaxAITakebacks
// times per game.
func TestTakebackAgainstAI(t *testing.T) {
	now := newFakeTime()
	g, err := New(Config{ID: "a1", White: alice, Black: ai3, TimeControl: wholeGame(t, 5*time.Minute, 0), Now: now.Now})
	must(t, err)
	moves(t, g, now, time.Second, "e2e4", "e7e5")
	for i := range MaxAITakebacks {
		moves(t, g, now, time.Second, "g1f3")
		if i%2 == 1 {
			moves(t, g, now, time.Second, "b8c6")
		}
		want := g.Ply() - 1 - i%2
		must(t, g.OfferTakeback(White, false))
		if g.Ply() != want {
			t.Fatalf("takeback %d: ply %d, want %d", i+1, g.Ply(), want)
		}
		if _, ok := g.TakebackOffer(); ok {
			t.Fatal("an offer to the AI stayed open")
		}
	}
	moves(t, g, now, time.Second, "g1f3")
	before, v := g.Record(), g.Version()
	err = g.OfferTakeback(White, false)
	if CodeOf(err) != CodeTakebackLimit || !strings.Contains(err.Error(), "3") {
		t.Fatalf("takeback %d: %v, want %s", MaxAITakebacks+1, err, CodeTakebackLimit)
	}
	if g.Version() != v || !reflect.DeepEqual(g.Record(), before) {
		t.Fatal("the refusal changed the game")
	}
}

// TestTakebackRestored: the takeback state is stored and read back with
// the record (JSON and Restore).
func TestTakebackRestored(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
	moves(t, g, now, time.Second, "e2e4", "e7e5", "g1f3", "b8c6")
	must(t, g.OfferTakeback(White, false))
	must(t, g.AcceptTakeback(Black, false))
	must(t, g.OfferTakeback(Black, false))
	b, err := json.Marshal(g.Record())
	must(t, err)
	var rec Record
	must(t, json.Unmarshal(b, &rec))
	r, err := Restore(rec, now.Now)
	must(t, err)
	if !reflect.DeepEqual(r.Record(), g.Record()) {
		t.Fatalf("restored\n%+v\nwant\n%+v", r.Record(), g.Record())
	}
	if by, ok := r.TakebackOffer(); !ok || by != Black || r.State().Takebacks.Offers != [2]int{1, 1} {
		t.Fatalf("restored takebacks %+v", r.State().Takebacks)
	}
	ev := r.NewEvent(EventFull, nil)
	if ev.TakebackOffer == nil || *ev.TakebackOffer != Black || len(ev.Moves) != 2 {
		t.Fatalf("event %+v", ev)
	}
}
