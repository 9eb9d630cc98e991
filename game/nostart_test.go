package game

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestNoStart: the first-move deadline aborts an ordinary game and, in a
// game made with NoStartLoses, ends it as a loss for the side that did not
// make its first move (termination NoStart).
func TestNoStart(t *testing.T) {
	blitz := func(t testing.TB) TimeControl { return wholeGame(t, 3*time.Minute, 2*time.Second) }
	rapid := func(t testing.TB) TimeControl { return wholeGame(t, 30*time.Minute, 0) }
	tests := []struct {
		name    string
		loses   bool
		tc      func(testing.TB) TimeControl
		fen     string
		played  []string      // moves made, a second apart, before the wait
		wait    time.Duration // from the last move (or the start)
		status  Status
		term    Termination
		result  Result
		pgnTerm string
	}{
		{"white never moves", true, blitz, "", nil, FirstMoveTimeout, StatusEnded, NoStart, BlackWins, "abandoned"},
		{"black never moves", true, blitz, "", []string{"e2e4"}, FirstMoveTimeout, StatusEnded, NoStart, WhiteWins, "abandoned"},
		{"black to move first never moves", true, blitz, "4k3/8/8/8/8/8/3P4/4K3 b - - 0 1", nil, FirstMoveTimeout, StatusEnded, NoStart, WhiteWins, "abandoned"},
		{"a slow game's longer window", true, rapid, "", nil, SlowFirstMoveTimeout, StatusEnded, NoStart, BlackWins, "abandoned"},
		{"a slow game at the fast window goes on", true, rapid, "", nil, FirstMoveTimeout, StatusCreated, TerminationNone, NoResult, "unterminated"},
		{"a millisecond before the deadline", true, blitz, "", []string{"e2e4"}, FirstMoveTimeout - time.Millisecond, StatusStarted, TerminationNone, NoResult, "unterminated"},
		{"both moved: no first-move deadline", true, blitz, "", []string{"e2e4", "e7e5"}, FirstMoveTimeout, StatusStarted, TerminationNone, NoResult, "unterminated"},
		{"without the option white's absence aborts", false, blitz, "", nil, FirstMoveTimeout, StatusAborted, TerminationNone, NoResult, "abandoned"},
		{"without the option black's absence aborts", false, blitz, "", []string{"e2e4"}, FirstMoveTimeout, StatusAborted, TerminationNone, NoResult, "abandoned"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := newFakeTime()
			g, err := New(Config{ID: "g1", White: alice, Black: bob, TimeControl: tt.tc(t), StartFEN: tt.fen, NoStartLoses: tt.loses, Now: now.Now})
			if err != nil {
				t.Fatal(err)
			}
			moves(t, g, now, time.Second, tt.played...)
			now.Advance(tt.wait)
			g.Expire()
			if g.Status() != tt.status || g.Termination() != tt.term || g.Result() != tt.result {
				t.Fatalf("status %v, termination %v, result %v; want %v, %v, %v", g.Status(), g.Termination(), g.Result(), tt.status, tt.term, tt.result)
			}
			var b strings.Builder
			if err := g.WritePGN(&b, PGNOptions{}); err != nil {
				t.Fatal(err)
			}
			if want := `[Termination "` + tt.pgnTerm + `"]`; !strings.Contains(b.String(), want) {
				t.Errorf("PGN has no %s:\n%s", want, b.String())
			}
			if want := `[Result "` + tt.result.PGN() + `"]`; tt.status == StatusEnded && !strings.Contains(b.String(), want) {
				t.Errorf("PGN has no %s:\n%s", want, b.String())
			}
		})
	}
}

// TestNoStartMoveTooLate: a first move that arrives after its deadline
// is refused, and the game is lost by the side that sent it.
func TestNoStartMoveTooLate(t *testing.T) {
	now := newFakeTime()
	g, err := New(Config{ID: "g1", White: alice, Black: bob, TimeControl: wholeGame(t, 3*time.Minute, 0), NoStartLoses: true, Now: now.Now})
	if err != nil {
		t.Fatal(err)
	}
	now.Advance(FirstMoveTimeout)
	if _, err := g.Move(White, "e2e4", 0, 0); !errors.Is(err, ErrGameOver) {
		t.Fatalf("late first move: %v, want game over", err)
	}
	wantEnd(t, g, StatusEnded, NoStart, BlackWins)
	if got := g.OutcomeCode(); got != "outcome.no_start.black" {
		t.Errorf("outcome %q", got)
	}
}

// TestNoStartRestored: the option is part of the record, so a game read
// back from its JSON (or a store) after a restart still loses on the
// first-move deadline, the downtime charged to nobody.
func TestNoStartRestored(t *testing.T) {
	now := newFakeTime()
	g, err := New(Config{ID: "g1", White: alice, Black: bob, TimeControl: wholeGame(t, 3*time.Minute, 0), NoStartLoses: true, Now: now.Now})
	if err != nil {
		t.Fatal(err)
	}
	moves(t, g, now, time.Second, "e2e4")
	b, err := json.Marshal(g.Record())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"noStartLoses":true`) {
		t.Fatalf("the record's JSON lacks the option: %s", b)
	}
	var rec Record
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	lastSeen := now.Now()
	now.Advance(time.Hour) // the server was down
	r, err := Restore(rec, now.Now)
	if err != nil {
		t.Fatal(err)
	}
	r.ResumeAfterDowntime(lastSeen)
	now.Advance(FirstMoveTimeout - time.Millisecond)
	if r.Expire() {
		t.Fatal("the downtime was charged to black")
	}
	now.Advance(time.Millisecond)
	if !r.Expire() {
		t.Fatal("no end at the deadline")
	}
	wantEnd(t, r, StatusEnded, NoStart, WhiteWins)
}

// TestNoStartNoAbort: a game whose first move is owed cannot be aborted by
// either player, before or after a first move; leaving it resigns.
func TestNoStartNoAbort(t *testing.T) {
	for _, played := range [][]string{nil, {"e2e4"}} {
		now := newFakeTime()
		g, err := New(Config{ID: "g1", White: alice, Black: bob, TimeControl: wholeGame(t, 3*time.Minute, 0), NoStartLoses: true, Now: now.Now})
		if err != nil {
			t.Fatal(err)
		}
		moves(t, g, now, time.Second, played...)
		for _, side := range []Side{White, Black} {
			if err := g.Abort(side); !errors.Is(err, ErrCannotAbort) {
				t.Errorf("after %v, %v aborts: %v, want %v", played, side, err, ErrCannotAbort)
			}
		}
		if err := g.Leave(Black); err != nil {
			t.Fatal(err)
		}
		wantEnd(t, g, StatusEnded, Resignation, WhiteWins)
	}
}
