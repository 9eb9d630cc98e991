package game

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

var (
	alice = Player{ID: "alice", Name: "Alice"}
	bob   = Player{ID: "bob", Name: "Bob"}
	ai3   = Player{Name: "IA", AILevel: 3}
)

func wholeGame(t testing.TB, base, inc time.Duration) TimeControl {
	t.Helper()
	tc, err := NewWholeGame(base, inc)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

func newGame(t testing.TB, now *fakeTime, tc TimeControl, fen string) *Game {
	t.Helper()
	g, err := New(Config{ID: "g1", White: alice, Black: bob, TimeControl: tc, StartFEN: fen, Now: now.Now})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// moves plays UCI moves alternately, advancing the fake time by step
// before each.
func moves(t testing.TB, g *Game, now *fakeTime, step time.Duration, uci ...string) {
	t.Helper()
	for _, u := range uci {
		now.Advance(step)
		if _, err := g.Move(g.Turn(), u, 0, 0); err != nil {
			t.Fatalf("%s: %v", u, err)
		}
	}
}

func wantEnd(t *testing.T, g *Game, status Status, term Termination, res Result) {
	t.Helper()
	if g.Status() != status || g.Termination() != term || g.Result() != res {
		t.Fatalf("status %v, termination %v, result %v; want %v, %v, %v", g.Status(), g.Termination(), g.Result(), status, term, res)
	}
	if _, ok := g.NextDeadline(); ok {
		t.Fatal("an ended game still has a deadline")
	}
}

// TestEveryTermination reaches each way a game can end.
func TestEveryTermination(t *testing.T) {
	blitz := func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 2*time.Second) }
	tests := []struct {
		name   string
		fen    string
		tc     func(testing.TB) TimeControl
		play   func(t *testing.T, g *Game, now *fakeTime)
		status Status
		term   Termination
		result Result
	}{
		{"checkmate", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "f2f3", "e7e5", "g2g4", "d8h4")
		}, StatusEnded, Checkmate, BlackWins},
		{"resignation", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4", "e7e5")
			must(t, g.Resign(White))
		}, StatusEnded, Resignation, BlackWins},
		{"resignation before any move", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			must(t, g.Resign(Black))
		}, StatusEnded, Resignation, WhiteWins},
		{"leaving a game in progress", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4", "e7e5", "g1f3")
			must(t, g.Leave(Black))
		}, StatusEnded, Resignation, WhiteWins},
		{"timeout", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4", "e7e5")
			now.Advance(3*time.Minute + 2*time.Second + MaxLagGrace)
			if !g.Expire() {
				t.Fatal("the flag did not fall")
			}
		}, StatusEnded, Timeout, BlackWins},
		{"timeout against a lone king is a draw (FIDE 6.9)", "4k3/8/8/8/8/8/8/R3K3 b - - 0 1", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e8d8", "a1a2", "d8e8")
			now.Advance(4 * time.Minute) // white's flag falls; black has a lone king
			g.Expire()
		}, StatusEnded, TimeoutVsInsufficientMaterial, Drawn},
		{"timeout against king and knight v king and queen is a draw", "4k3/7q/8/8/8/8/8/1N2K3 w - - 0 1", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			// Black's flag falls: white has only a knight against king and queen.
			moves(t, g, now, time.Second, "b1c3", "h7h8", "c3b1")
			now.Advance(4 * time.Minute)
			g.Expire()
		}, StatusEnded, TimeoutVsInsufficientMaterial, Drawn},
		{"stalemate", "7k/8/8/6K1/8/8/8/5Q2 w - - 0 1", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "f1f7")
		}, StatusEnded, Stalemate, Drawn},
		{"threefold repetition", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			for range 2 {
				moves(t, g, now, time.Second, "g1f3", "g8f6", "f3g1", "f6g8")
			}
		}, StatusEnded, ThreefoldRepetition, Drawn},
		{"fifty moves", "4k3/8/8/8/8/8/8/R3K3 w - - 98 70", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "a1a2", "e8d8")
		}, StatusEnded, FiftyMoves, Drawn},
		{"insufficient material", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e1d2")
		}, StatusEnded, InsufficientMaterial, Drawn},
		{"agreement", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4", "e7e5")
			must(t, g.OfferDraw(White))
			must(t, g.AcceptDraw(Black))
		}, StatusEnded, Agreement, Drawn},
		{"abandonment", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4", "e7e5")
			must(t, g.Disconnect(Black))
			now.Advance(ReconnectWindow(g.TimeControl()))
			if !g.Expire() {
				t.Fatal("no abandonment at the end of the window")
			}
		}, StatusEnded, Abandonment, WhiteWins},
		{"abort", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4")
			must(t, g.Abort(Black))
		}, StatusAborted, TerminationNone, NoResult},
		{"first move not made", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			now.Advance(FirstMoveTimeout)
			g.Expire()
		}, StatusAborted, TerminationNone, NoResult},
		{"leaving before both moved aborts", "", blitz, func(t *testing.T, g *Game, now *fakeTime) {
			moves(t, g, now, time.Second, "e2e4")
			must(t, g.Leave(White))
		}, StatusAborted, TerminationNone, NoResult},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			g := newGame(t, now, tc.tc(t), tc.fen)
			tc.play(t, g, now)
			wantEnd(t, g, tc.status, tc.term, tc.result)
			// Nothing more may happen to an ended game.
			if err := g.Resign(White); !errors.Is(err, ErrGameOver) {
				t.Fatalf("resign after the end: %v", err)
			}
		})
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestNoShow(t *testing.T) {
	tests := []struct {
		name    string
		present []Side
		result  Result
	}{
		{"black absent", []Side{White}, WhiteWins},
		{"white absent", []Side{Black}, BlackWins},
		{"both absent", nil, BothLose},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			now := newFakeTime()
			start := now.Now().Add(2 * time.Hour)
			g, err := New(Config{ID: "s", White: alice, Black: bob, TimeControl: wholeGame(t, 10*time.Minute, 0), ScheduledAt: start, Now: now.Now})
			must(t, err)
			now.t = start
			g.Expire() // the start
			for _, s := range tc.present {
				must(t, g.Reconnect(s))
			}
			now.t = start.Add(NoShowGrace - time.Millisecond)
			if g.Expire() {
				t.Fatal("ended before the grace period")
			}
			now.Advance(time.Millisecond)
			if !g.Expire() {
				t.Fatal("no no-show at the end of the grace period")
			}
			wantEnd(t, g, StatusEnded, NoShow, tc.result)
		})
	}
}

func TestScheduledGameRules(t *testing.T) {
	now := newFakeTime()
	start := now.Now().Add(3 * time.Hour)
	g, err := New(Config{ID: "s", White: alice, Black: bob, TimeControl: wholeGame(t, 10*time.Minute, 0), ScheduledAt: start, Now: now.Now})
	must(t, err)
	if _, err := g.Move(White, "e2e4", 0, 0); !errors.Is(err, ErrNotStarted) {
		t.Fatalf("move before the start: %v", err)
	}
	// Postponing needs an hour's notice before the start, and a new start an hour away.
	if err := g.Postpone(White, now.Now().Add(30*time.Minute)); !errors.Is(err, ErrPostponeTooSoon) {
		t.Fatalf("postpone to 30 minutes from now: %v", err)
	}
	must(t, g.Postpone(Black, start.Add(time.Hour)))
	start = start.Add(time.Hour)
	now.t = start.Add(-59 * time.Minute)
	if err := g.Postpone(White, start.Add(time.Hour)); !errors.Is(err, ErrPostponeTooLate) {
		t.Fatalf("postpone with 59 minutes' notice: %v", err)
	}
	// Both show up; white does not make its first move: no abort, white's
	// clock runs from the start and white loses on time.
	now.t = start.Add(-time.Minute)
	must(t, g.Reconnect(White))
	must(t, g.Reconnect(Black))
	now.t = start.Add(FirstMoveTimeout)
	g.Expire()
	if g.Over() {
		t.Fatal("a first-move timer in a scheduled game")
	}
	now.t = start.Add(10*time.Minute + MaxLagGrace)
	g.Expire()
	wantEnd(t, g, StatusEnded, Timeout, BlackWins)
}

func TestDrawOfferLapsesWhenItsMakerMovesAgain(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 5*time.Minute, 0), "")
	moves(t, g, now, time.Second, "e2e4")
	// Black offers on its own turn: the offer goes with its move, and lapses
	// with black's next move.
	must(t, g.OfferDraw(Black))
	moves(t, g, now, time.Second, "e7e5")
	if _, ok := g.DrawOffer(); !ok {
		t.Fatal("the offer lapsed with the move it went with")
	}
	moves(t, g, now, time.Second, "g1f3")
	if _, ok := g.DrawOffer(); !ok {
		t.Fatal("the opponent's move withdrew the offer")
	}
	moves(t, g, now, time.Second, "b8c6")
	if _, ok := g.DrawOffer(); ok {
		t.Fatal("the offer outlived its maker's next move")
	}
	if err := g.AcceptDraw(White); !errors.Is(err, ErrNoDrawOffer) {
		t.Fatalf("accepting a lapsed offer: %v", err)
	}
	// White offers on black's turn; black declines.
	must(t, g.OfferDraw(White))
	if err := g.AcceptDraw(White); !errors.Is(err, ErrNoDrawOffer) {
		t.Fatalf("accepting one's own offer: %v", err)
	}
	must(t, g.DeclineDraw(Black))
	// Offering while the opponent's offer is open accepts it.
	must(t, g.OfferDraw(Black))
	must(t, g.OfferDraw(White))
	wantEnd(t, g, StatusEnded, Agreement, Drawn)
}

func TestReconnectInTimeKeepsTheGame(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 10*time.Minute, 0), "")
	moves(t, g, now, time.Second, "e2e4", "e7e5")
	must(t, g.Disconnect(White))
	now.Advance(ReconnectWindow(g.TimeControl()) - time.Millisecond)
	must(t, g.Reconnect(White))
	now.Advance(time.Hour / 10)
	if g.Expire() && g.Termination() == Abandonment {
		t.Fatal("abandoned after reconnecting")
	}
}

func TestClockCharges(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
	// The clock starts after both first moves, which earn the increment.
	moves(t, g, now, 5*time.Second, "e2e4", "e7e5")
	now.Advance(10 * time.Second)
	rec, err := g.Move(White, "g1f3", 0, 7)
	must(t, err)
	if rec.Spent != 10*time.Second || rec.Remaining != 3*time.Minute+2*time.Second-10*time.Second+2*time.Second {
		t.Fatalf("spent %v remaining %v", rec.Spent, rec.Remaining)
	}
	if rec.SAN != "Nf3" || rec.UCI != "g1f3" || rec.ClientMoveID != 7 || rec.Ply != 2 {
		t.Fatalf("record %+v", rec)
	}
	// A move that arrives after the flag is not played; the game is lost on time.
	now.Advance(3*time.Minute + 2*time.Second + time.Millisecond)
	if _, err := g.Move(Black, "b8c6", 0, 0); !errors.Is(err, ErrGameOver) {
		t.Fatalf("move after the flag: %v", err)
	}
	wantEnd(t, g, StatusEnded, Timeout, WhiteWins)
	if g.Ply() != 3 {
		t.Fatalf("the late move was played: ply %d", g.Ply())
	}
}

func TestRefusalsChangeNothing(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 0), "")
	moves(t, g, now, time.Second, "e2e4", "e7e5")
	before, version := g.Record(), g.Version()
	tests := []struct {
		name string
		act  func() error
		code Code
	}{
		{"out of turn", func() error { _, err := g.Move(Black, "d7d5", 0, 0); return err }, CodeNotYourTurn},
		{"illegal move", func() error { _, err := g.Move(White, "e4e5", 0, 0); return err }, CodeIllegalMove},
		{"not a move", func() error { _, err := g.Move(White, "hello", 0, 0); return err }, CodeIllegalMove},
		{"abort after both moved", func() error { return g.Abort(White) }, CodeCannotAbort},
		{"accept without offer", func() error { return g.AcceptDraw(White) }, CodeNoDrawOffer},
		{"decline without offer", func() error { return g.DeclineDraw(Black) }, CodeNoDrawOffer},
		{"postpone an unscheduled game", func() error { return g.Postpone(White, now.Now().Add(5*time.Hour)) }, CodeCannotPostpone},
	}
	for _, tc := range tests {
		err := tc.act()
		if CodeOf(err) != tc.code {
			t.Errorf("%s: %v, want code %s", tc.name, err, tc.code)
		}
		if !strings.HasPrefix(err.Error(), "game: ") {
			t.Errorf("%s: %q lacks the package prefix", tc.name, err)
		}
	}
	if g.Version() != version || !reflect.DeepEqual(g.Record(), before) {
		t.Fatal("a refused command changed the game")
	}
}

func TestNewRefusesBadGames(t *testing.T) {
	tc := wholeGame(t, 5*time.Minute, 0)
	tests := []struct {
		name string
		cfg  Config
		code Code
	}{
		{"no id", Config{White: alice, Black: bob, TimeControl: tc}, CodeBadGame},
		{"no time control", Config{ID: "x", White: alice, Black: bob}, CodeBadTimeControl},
		{"untimed between people", Config{ID: "x", White: alice, Black: bob, TimeControl: NewUntimed()}, CodeUntimedNotAllowed},
		{"bad FEN", Config{ID: "x", White: alice, Black: bob, TimeControl: tc, StartFEN: "8/8 w - -"}, CodeBadPosition},
		{"decided position", Config{ID: "x", White: alice, Black: bob, TimeControl: tc, StartFEN: "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"}, CodeBadPosition},
	}
	for _, c := range tests {
		if _, err := New(c.cfg); CodeOf(err) != c.code {
			t.Errorf("%s: %v, want %s", c.name, err, c.code)
		}
	}
	if _, err := New(Config{ID: "x", White: alice, Black: ai3, TimeControl: NewUntimed()}); err != nil {
		t.Errorf("untimed against the AI refused: %v", err)
	}
}

// TestRestoreAfterDowntime: a stored game comes back with its moves and
// clock, and the time the server was down is charged to nobody.
func TestRestoreAfterDowntime(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 5*time.Minute, 3*time.Second), "")
	moves(t, g, now, 2*time.Second, "e2e4", "c7c5", "g1f3")
	now.Advance(4 * time.Second) // black thinks 4 s, then the server dies
	lastSeen := now.Now()
	blackBefore, _ := g.Remaining(Black)
	rec := g.Record()

	now.Advance(90 * time.Second) // down for a minute and a half
	back, err := Restore(rec, now.Now)
	must(t, err)
	back.ResumeAfterDowntime(lastSeen)
	if got, _ := back.Remaining(Black); got != blackBefore {
		t.Fatalf("black has %v after the restart, had %v", got, blackBefore)
	}
	if back.Ply() != 3 || back.Moves()[2].SAN != "Nf3" {
		t.Fatalf("moves not restored: %d", back.Ply())
	}
	now.Advance(time.Second)
	rec2, err := back.Move(Black, "d7d6", 0, 0)
	must(t, err)
	if want := blackBefore - time.Second + 3*time.Second; rec2.Remaining != want {
		t.Fatalf("black has %v after a move thought over 4 s + 1 s, want %v", rec2.Remaining, want)
	}
	// A record that does not replay is refused.
	rec.Moves[1].UCI = "e7e4"
	if _, err := Restore(rec, now.Now); !errors.Is(err, ErrBadRecord) {
		t.Fatalf("bad record: %v", err)
	}
}

func TestPGNExport(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
	moves(t, g, now, 3*time.Second, "f2f3", "e7e5", "g2g4", "d8h4")
	var sb strings.Builder
	must(t, g.WritePGN(&sb, PGNOptions{Site: "http://localhost:8080/g1", ECO: "A00", Opening: "Barnes Opening: Fool's Mate"}))
	out := sb.String()
	for _, want := range []string{
		`[Event "JoinPal"]`, `[White "Alice"]`, `[Black "Bob"]`, `[Result "0-1"]`,
		"[TimeControl \"180+2\"]\n[ECO \"A00\"]\n[Opening \"Barnes Opening: Fool's Mate\"]\n[Termination \"normal\"]",
		"1. f3 {[%clk 0:03:02]} 1... e5 {[%clk 0:03:02]} 2. g4 {[%clk 0:03:01]}",
		"Qh4#", "Black wins by checkmate}", "0-1",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("PGN lacks %q:\n%s", want, out)
		}
	}
}

// TestHandoutsAreCopies: what the game hands out — its clock, its history,
// its state and record — can be changed without changing the game.
func TestHandoutsAreCopies(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 3*time.Minute, 2*time.Second), "")
	moves(t, g, now, time.Second, "e2e4", "e7e5", "g1f3")
	before := g.Record()
	v := g.Version()

	snap, ok := g.Clock()
	if !ok || snap.State != ClockRunning || snap.Turn != Black || snap.Moves != 3 {
		t.Fatalf("clock snapshot %+v, %v", snap, ok)
	}
	snap.WhiteMs, snap.State, snap.WhiteLagQuotaMs = 1, ClockStopped, 0

	h := g.History()
	if h.Len() != 3 || h.Position() != g.Position() {
		t.Fatalf("history copy has %d moves", h.Len())
	}
	pos := h.Position()
	m, err := pos.ParseUCI("b8c6")
	must(t, err)
	must(t, h.Play(m))
	h.Moves()[0] = m

	st := g.State()
	st.Clock.WhiteMs, st.GoneSince[White] = 5, now.Now()
	rec := g.Record()
	rec.Moves[0].SAN, rec.State.Clock.BlackMs = "Qh5", 7

	if got := g.Record(); !reflect.DeepEqual(got, before) || g.Version() != v || g.Ply() != 3 {
		t.Fatalf("the game changed through what it handed out:\n%+v\nwant %+v", got, before)
	}
	if again, _ := g.Clock(); again.WhiteMs != before.State.Clock.WhiteMs || again.State != ClockRunning {
		t.Fatalf("clock after changing its snapshot: %+v", again)
	}
	if again := g.History(); again.Len() != 3 || again.Moves()[0] == m {
		t.Fatal("history after changing a copy")
	}
	// The game plays on as if nothing happened.
	now.Advance(time.Second)
	mustMove(t, g, Black, "b8c6", 0)
	if _, ok := newGameUntimed(t).Clock(); ok {
		t.Fatal("an untimed game has a clock")
	}
}

func newGameUntimed(t *testing.T) *Game {
	t.Helper()
	g, err := New(Config{ID: "u1", White: alice, Black: ai3, TimeControl: NewUntimed()})
	must(t, err)
	return g
}
