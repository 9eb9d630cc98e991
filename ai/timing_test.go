package ai

import (
	"fmt"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// TestPlanStaysWithinTheClock: for a table of clocks, the move's budget
// never spends the clock's reserve, never more than its share of the time
// left (or of a per-move allowance), and the pause never exceeds it.
func TestPlanStaysWithinTheClock(t *testing.T) {
	tm := Timing{}.withDefaults()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	s := time.Second
	clocks := []Clock{
		{Mode: game.ModeWholeGame, Remaining: 60 * s},
		{Mode: game.ModeWholeGame, Remaining: 60 * s, Increment: 1 * s},
		{Mode: game.ModeWholeGame, Remaining: 180 * s, Increment: 2 * s},
		{Mode: game.ModeWholeGame, Remaining: 10 * time.Minute, Increment: 5 * s},
		{Mode: game.ModeWholeGame, Remaining: 180 * time.Minute, Increment: 10 * s},
		{Mode: game.ModeWholeGame, Remaining: 2 * s, Increment: 10 * s},
		{Mode: game.ModeWholeGame, Remaining: 900 * time.Millisecond},
		{Mode: game.ModeWholeGame, Remaining: 300 * time.Millisecond},
		{Mode: game.ModeWholeGame, Remaining: 100 * time.Millisecond, Increment: 3 * s},
		{Mode: game.ModeWholeGame, Remaining: 0},
		// Read 20 s ago, with the clock running: those 20 s are gone.
		{Mode: game.ModeWholeGame, Remaining: 30 * s, At: now.Add(-20 * s), Running: true},
		{Mode: game.ModeWholeGame, Remaining: 30 * s, At: now.Add(-40 * s), Running: true},
		{Mode: game.ModePerMove, Remaining: 5 * s, PerMove: 5 * s},
		{Mode: game.ModePerMove, Remaining: 10 * s, PerMove: 10 * s},
		{Mode: game.ModePerMove, Remaining: time.Hour, PerMove: time.Hour},
		{Mode: game.ModePerMove, Remaining: 2 * s, PerMove: 30 * s},
		{Mode: game.ModePerMove, Remaining: 200 * time.Millisecond, PerMove: 10 * s},
		{Mode: game.ModePerMove, Remaining: 10 * s, PerMove: 10 * s, At: now.Add(-9 * s), Running: true},
	}
	for _, c := range clocks {
		for level := 1; level <= 8; level++ {
			t.Run(fmt.Sprintf("%v_%v_%v_level%d", c.Mode, c.Remaining, c.Increment, level), func(t *testing.T) {
				p := tm.Plan(c, level, now, 42)
				left := c.Remaining
				if c.Running {
					left -= now.Sub(c.At)
				}
				share := left / time.Duration(tm.MaxShare)
				if c.Mode == game.ModePerMove {
					share = c.PerMove / time.Duration(tm.PerMoveShare)
				}
				allowed := max(0, min(left-tm.Reserve, share, tm.MaxThink))
				if p.Budget < 0 || p.Budget > allowed {
					t.Errorf("budget %v, allowed at most %v (left %v)", p.Budget, allowed, left)
				}
				if p.Delay > p.Budget {
					t.Errorf("pause %v longer than the budget %v", p.Delay, p.Budget)
				}
				if level > tm.DelayLevels && p.Delay != 0 {
					t.Errorf("level %d pauses %v", level, p.Delay)
				}
				if p.Budget < tm.NoDelayBelow && p.Delay != 0 {
					t.Errorf("budget %v is short, yet a pause of %v", p.Budget, p.Delay)
				}
			})
		}
	}
}

// TestPlanFigures pins a few plans, so that a change of the policy is
// deliberate.
func TestPlanFigures(t *testing.T) {
	s := time.Second
	tests := []struct {
		clock  Clock
		budget time.Duration
	}{
		{Clock{Mode: game.ModeWholeGame, Remaining: 5 * time.Minute, Increment: 3 * s}, 12250 * time.Millisecond},
		{Clock{Mode: game.ModeWholeGame, Remaining: 60 * s}, 2 * s},
		{Clock{Mode: game.ModeWholeGame, Remaining: 2 * s, Increment: 10 * s}, 500 * time.Millisecond},
		{Clock{Mode: game.ModeWholeGame, Remaining: 200 * time.Millisecond}, 0},
		{Clock{Mode: game.ModePerMove, Remaining: 10 * s, PerMove: 10 * s}, 5 * s},
		{Clock{Mode: game.ModePerMove, Remaining: time.Hour, PerMove: time.Hour}, 15 * s},
		{Clock{}, 2 * s},
	}
	for _, tt := range tests {
		if got := (Timing{}).Plan(tt.clock, 8, time.Now(), 1).Budget; got != tt.budget {
			t.Errorf("%+v: budget %v, want %v", tt.clock, got, tt.budget)
		}
	}
}

// TestPauseOfTheLowLevels: levels 1 to 3 pause between 0.5 and 2 s,
// repeatably for a seed and differently across seeds; the pause shrinks as
// the clock runs low and disappears when time is short.
func TestPauseOfTheLowLevels(t *testing.T) {
	tm := Timing{}
	now := time.Now()
	untimed := Clock{}
	seen := map[time.Duration]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		for level := 1; level <= 3; level++ {
			d := tm.Plan(untimed, level, now, seed).Delay
			if d < 500*time.Millisecond || d > 2*time.Second {
				t.Fatalf("seed %d level %d: pause %v", seed, level, d)
			}
			if again := tm.Plan(untimed, level, now, seed).Delay; again != d {
				t.Fatalf("seed %d level %d: pause %v, then %v", seed, level, d, again)
			}
			seen[d] = true
		}
	}
	if len(seen) < 100 {
		t.Errorf("only %d different pauses in 150 plans", len(seen))
	}
	long := Clock{Mode: game.ModeWholeGame, Remaining: 10 * time.Minute}
	lowish := Clock{Mode: game.ModeWholeGame, Remaining: 60 * time.Second} // budget 2 s: pause at most 2/3 s
	short := Clock{Mode: game.ModeWholeGame, Remaining: 20 * time.Second}  // budget 0.67 s: no pause
	for seed := uint64(0); seed < 50; seed++ {
		if d := tm.Plan(long, 2, now, seed).Delay; d < 500*time.Millisecond {
			t.Errorf("10 min left, seed %d: pause %v", seed, d)
		}
		if d := tm.Plan(lowish, 2, now, seed).Delay; d > 2*time.Second/3 || d == 0 {
			t.Errorf("60 s left, seed %d: pause %v", seed, d)
		}
		if d := tm.Plan(short, 2, now, seed).Delay; d != 0 {
			t.Errorf("20 s left, seed %d: pause %v", seed, d)
		}
	}
}

// TestSharedPlan: under load a search gets a share of its budget, so the
// queue drains; the whole move's budget and its pause stay.
func TestSharedPlan(t *testing.T) {
	base := Plan{Budget: 2 * time.Second, Search: 2 * time.Second, Delay: time.Second}
	tests := []struct {
		waiting, workers int
		search           time.Duration
	}{
		{0, 1, 2 * time.Second},
		{1, 1, time.Second},
		{3, 1, 500 * time.Millisecond},
		{99, 1, 20 * time.Millisecond},
		{2, 2, time.Second},
		{0, 0, 2 * time.Second},
	}
	for _, tt := range tests {
		got := base.Shared(tt.waiting, tt.workers)
		if got.Search != tt.search || got.Budget != base.Budget || got.Delay != base.Delay {
			t.Errorf("%d waiting, %d workers: %+v, want search %v", tt.waiting, tt.workers, got, tt.search)
		}
	}
}
