package game

import (
	"errors"
	"testing"
	"time"
)

// TestClaims: a player whose opponent is gone may claim the win or a draw
// once the claim delay has passed; before it, with the opponent back, or
// before both sides moved, the claim is refused and changes nothing.
func TestClaims(t *testing.T) {
	const delay = 15 * time.Second // 5+0: a 30 s window, half of it
	tests := []struct {
		name   string
		moves  []string
		gone   bool          // Black's connection drops after the moves
		back   time.Duration // Black reconnects this long after (0: never)
		after  time.Duration // when White claims, after the drop
		draw   bool
		code   Code // the refusal, or "" when the claim is taken
		left   string
		status Status
		term   Termination
		result Result
	}{
		{name: "the win, at the delay", moves: []string{"e2e4", "e7e5"}, gone: true, after: delay,
			status: StatusEnded, term: Abandonment, result: WhiteWins},
		{name: "a draw, after the delay", moves: []string{"e2e4", "e7e5"}, gone: true, after: delay + 5*time.Second, draw: true,
			status: StatusEnded, term: DrawClaimed, result: Drawn},
		{name: "a millisecond early: refused, a second left", moves: []string{"e2e4", "e7e5"}, gone: true, after: delay - time.Millisecond,
			code: CodeClaimTooEarly, left: "1"},
		{name: "at once: refused, the whole delay left", moves: []string{"e2e4", "e7e5"}, gone: true, after: 0, draw: true,
			code: CodeClaimTooEarly, left: "15"},
		{name: "the opponent never left", moves: []string{"e2e4", "e7e5"}, after: delay,
			code: CodeOpponentPresent},
		{name: "the opponent came back", moves: []string{"e2e4", "e7e5"}, gone: true, back: 10 * time.Second, after: delay,
			code: CodeOpponentPresent},
		{name: "before both sides moved", moves: []string{"e2e4"}, gone: true, after: delay,
			code: CodeCannotClaim},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			now := newFakeTime()
			g := newGame(t, now, wholeGame(t, 5*time.Minute, 0), "")
			if got := ClaimDelay(g.TimeControl()); got != delay {
				t.Fatalf("ClaimDelay = %v, want %v", got, delay)
			}
			moves(t, g, now, time.Second, tt.moves...)
			if tt.gone {
				must(t, g.Disconnect(Black))
			}
			if tt.back > 0 {
				now.Advance(tt.back)
				must(t, g.Reconnect(Black))
				now.Advance(tt.after - tt.back)
			} else {
				now.Advance(tt.after)
			}
			before, version := g.Record(), g.Version()
			claim := g.ClaimVictory
			if tt.draw {
				claim = g.ClaimDraw
			}
			err := claim(White)
			if tt.code != "" {
				if CodeOf(err) != tt.code {
					t.Fatalf("claim: %v, want %s", err, tt.code)
				}
				var e *Error
				if errors.As(err, &e) && e.Params["left"] != tt.left {
					t.Fatalf("left = %q, want %q", e.Params["left"], tt.left)
				}
				if g.Version() != version || g.Status() != before.State.Status || g.State().GoneSince != before.State.GoneSince {
					t.Fatal("a refused claim changed the game")
				}
				return
			}
			must(t, err)
			wantEnd(t, g, tt.status, tt.term, tt.result)
		})
	}
}

// TestClaimDelay: half the reconnection window, at most a minute.
func TestClaimDelay(t *testing.T) {
	tests := []struct {
		base, inc time.Duration
		want      time.Duration
	}{
		{time.Minute, 0, 15 * time.Second},
		{5 * time.Minute, 0, 15 * time.Second},
		{10 * time.Minute, 0, 30 * time.Second},
		{15 * time.Minute, 10 * time.Second, time.Minute},
		{180 * time.Minute, 0, time.Minute},
	}
	for _, tt := range tests {
		tc := wholeGame(t, tt.base, tt.inc)
		if got := ClaimDelay(tc); got != tt.want {
			t.Errorf("ClaimDelay(%v) = %v, want %v", tc, got, tt.want)
		}
		if ClaimDelay(tc) > ReconnectWindow(tc) {
			t.Errorf("ClaimDelay(%v) past the reconnection window", tc)
		}
	}
}

// TestClaimAfterTheWindow: the server's own decision at the end of the
// reconnection window stands; a claim arriving after it finds the game
// decided (game.over) and the gone player lost by abandonment.
func TestClaimAfterTheWindow(t *testing.T) {
	now := newFakeTime()
	g := newGame(t, now, wholeGame(t, 5*time.Minute, 0), "")
	moves(t, g, now, time.Second, "e2e4", "e7e5")
	must(t, g.Disconnect(Black))
	now.Advance(ReconnectWindow(g.TimeControl()))
	if err := g.ClaimDraw(White); CodeOf(err) != CodeGameOver {
		t.Fatalf("claim after the window: %v, want %s", err, CodeGameOver)
	}
	wantEnd(t, g, StatusEnded, Abandonment, WhiteWins)
}
