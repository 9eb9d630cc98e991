package game

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// model is the test's own account of a running clock, kept independently of
// Clock's code: what each side started with, was given and was charged.
type model struct {
	tc      TimeControl
	start   time.Time        // start of the current turn
	left    [2]time.Duration // time left at start (per move: the allowance)
	incs    [2]time.Duration // increments received
	charged [2]time.Duration // time charged (moves and pauses)
	credits [2]time.Duration // lag credited
	timed   [2]int           // timed moves made
	quota   [2]time.Duration // lag quotas
}

// grace is the model's lag grace: the quota, at most 2 s.
func (m *model) grace(side Side) time.Duration { return min(m.quota[side], 2*time.Second) }

// gain is the model's quota gain per move, lichess's formula written out.
func (m *model) gain() time.Duration {
	var expected time.Duration
	if m.tc.Mode() == ModePerMove {
		expected = 20 * m.tc.PerMove()
	} else {
		expected = m.tc.Base() + 40*m.tc.Increment()
	}
	return min(time.Second, 150*time.Millisecond+expected/250)
}

// wantLeft is the property: time left = initial + increments − charged.
func (m *model) wantLeft(side Side) time.Duration {
	if m.tc.Mode() == ModePerMove {
		return m.left[side]
	}
	return m.tc.Initial() + m.incs[side] - m.charged[side]
}

func floorMs(d time.Duration) time.Duration { return max(d, 0).Truncate(time.Millisecond) }

func randomTimeControl(rng *rand.Rand) TimeControl {
	if rng.IntN(4) == 0 {
		tc, _ := NewPerMove(time.Duration(5+rng.IntN(56)) * time.Second)
		return tc
	}
	tc, _ := NewWholeGame(time.Duration(1+rng.IntN(3))*time.Minute, time.Duration(rng.IntN(11))*time.Second)
	return tc
}

// randomLag: mostly a realistic lag, sometimes none, a negative value, or a
// lying client's hour.
func randomLag(rng *rand.Rand) time.Duration {
	switch n := rng.IntN(10); {
	case n < 6:
		return time.Duration(rng.Int64N(int64(400 * time.Millisecond)))
	case n < 8:
		return 0
	case n < 9:
		return -time.Duration(rng.Int64N(int64(time.Second)))
	}
	return time.Hour
}

// randomThink: mostly a second or two with nanosecond noise, sometimes a
// long think, sometimes a move right at the edge of the raw deadline, of
// the flag (the raw deadline plus the grace), or in between.
func randomThink(rng *rand.Rand, now time.Time, m *model, side Side) time.Duration {
	switch n := rng.IntN(400); {
	case n < 2:
		edges := []time.Duration{-time.Millisecond, -time.Nanosecond, 0, time.Nanosecond, time.Millisecond}
		at := m.left[side] + edges[rng.IntN(len(edges))]
		switch rng.IntN(3) {
		case 1:
			at += m.grace(side)
		case 2:
			at += time.Duration(rng.Int64N(int64(m.grace(side)) + 1))
		}
		return max(m.start.Add(at).Sub(now), 0)
	case n < 8:
		return time.Duration(rng.Int64N(int64(40 * time.Second)))
	case n < 100:
		return time.Duration(rng.Int64N(int64(6 * time.Second)))
	}
	return time.Duration(rng.Int64N(int64(2 * time.Second)))
}

func TestClockRandomGames(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	rng := rand.New(rand.NewPCG(20260301, 7))
	flags, longest := 0, 0
	for g := range games {
		moves, flagged := playRandomGame(t, g, rng)
		if flagged {
			flags++
		}
		longest = max(longest, moves)
		if t.Failed() {
			return
		}
	}
	// The generator must reach both endings, or the test proves little.
	t.Logf("%d of %d games flagged, longest %d moves", flags, games, longest)
	if flags < games/10 || flags > games*9/10 || longest < 60 {
		t.Errorf("%d of %d games flagged, longest %d moves: adjust the generator", flags, games, longest)
	}
}

// playRandomGame plays one random game against the model and reports its
// number of moves and whether it ended on a flag.
func playRandomGame(t *testing.T, g int, rng *rand.Rand) (int, bool) {
	now := newFakeTime()
	now.Advance(time.Duration(rng.Int64N(int64(time.Hour))))
	tc := randomTimeControl(rng)
	first := Side(rng.IntN(2))
	c, err := NewClock(tc, first, now.Now)
	if err != nil {
		t.Fatal(err)
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("game %d (%v, %v first), move %d: "+format, append([]any{g, tc, first, c.Moves()}, args...)...)
	}

	// The first two moves are not charged and earn the increment.
	for i := range 2 {
		now.Advance(time.Duration(rng.Int64N(int64(time.Minute))))
		ch, err := c.Press(c.Turn(), randomLag(rng))
		if err != nil || ch.Spent != 0 || ch.Elapsed != 0 || ch.Increment != tc.Increment() || ch.Remaining != tc.Initial()+tc.Increment() {
			fail("first move %d: %+v, %v", i, ch, err)
			return 0, false
		}
		if c.LagQuota(White) != LagQuotaInitial(tc) || c.LagQuota(Black) != LagQuotaInitial(tc) {
			fail("quota moved before the start")
		}
	}
	if c.State() != ClockRunning || c.Turn() != first {
		fail("not running after two moves: %v", c.State())
		return 0, false
	}
	first2 := tc.Initial() + tc.Increment()
	m := &model{tc: tc, start: wholeMilli(now.Now()), left: [2]time.Duration{first2, first2},
		incs: [2]time.Duration{tc.Increment(), tc.Increment()}}
	m.quota = [2]time.Duration{3 * m.gain(), 3 * m.gain()}

	for c.Moves() < 300 {
		side := c.Turn()

		// The time runs out exactly at ExpiresAt; the flag falls exactly
		// at FlagsAt, the grace later.
		exp, ok := c.ExpiresAt()
		if !ok || !exp.Equal(m.start.Add(m.left[side])) {
			fail("ExpiresAt %v, %v; want %v", exp, ok, m.start.Add(m.left[side]))
			return c.Moves(), false
		}
		if c.Remaining(side, exp.Add(-time.Nanosecond)) != time.Millisecond || c.Remaining(side, exp) != 0 {
			fail("time not out exactly at ExpiresAt")
		}
		flagAt, ok := c.FlagsAt()
		if !ok || !flagAt.Equal(exp.Add(m.grace(side))) || c.Grace() != m.grace(side) {
			fail("FlagsAt %v, %v; want ExpiresAt + %v", flagAt.Sub(exp), ok, m.grace(side))
		}
		if c.Flagged(flagAt.Add(-time.Nanosecond)) || !c.Flagged(flagAt) {
			fail("flag not exactly at FlagsAt")
		}
		// Live time left at a random instant of the turn.
		at := m.start.Add(time.Duration(rng.Int64N(int64(m.left[side] + time.Second))))
		if got, want := c.Remaining(side, at), max(m.left[side]-floorMs(at.Sub(m.start)), 0); got != want {
			fail("Remaining at +%v = %v, want %v", at.Sub(m.start), got, want)
		}
		if got := c.Remaining(side.Other(), at); got != m.left[side.Other()] {
			fail("waiting side Remaining %v, want %v", got, m.left[side.Other()])
		}

		now.Advance(randomThink(rng, now.Now(), m, side))

		switch rng.IntN(30) {
		case 0: // the server goes down, maybe restarting from a snapshot
			crash := now.Now()
			now.Advance(time.Duration(rng.Int64N(int64(24 * time.Hour))))
			if rng.IntN(2) == 0 {
				c = roundTrip(t, c, now)
			}
			c.Pause(crash)
			e := floorMs(crash.Sub(m.start))
			if e >= m.left[side] {
				if c.State() != ClockStopped || !c.Flagged(now.Now()) || c.Turn() != side {
					fail("flag during a pause not seen: %+v", c.Snapshot())
				}
				return c.Moves(), true
			}
			m.left[side] -= e
			m.charged[side] += e
			c.Resume(now.Now())
			m.start = wholeMilli(now.Now())
			now.Advance(randomThink(rng, now.Now(), m, side))
		case 1: // a snapshot round trip without downtime
			c = roundTrip(t, c, now)
		}

		lag := randomLag(rng)
		quota := m.quota[side]
		if c.LagQuota(side) != quota {
			fail("quota %v, want %v", c.LagQuota(side), quota)
		}
		elapsed := floorMs(now.Now().Sub(m.start))
		credit := min(max(lag.Truncate(time.Millisecond), 0), quota, elapsed)
		ch, err := c.Press(side, lag)
		if err != nil {
			fail("Press: %v", err)
			return c.Moves(), false
		}
		want := Charge{Side: side, Elapsed: elapsed, LagCredit: credit, Spent: elapsed - credit}
		if elapsed >= m.left[side]+m.grace(side) { // the move came after the flag
			want.LagCredit, want.Spent = 0, elapsed
		}
		if elapsed >= m.left[side]+m.grace(side) || want.Spent >= m.left[side] { // the move was not in time
			want.Flagged = true
			if ch != want || c.State() != ClockStopped || !c.Flagged(now.Now()) ||
				c.Remaining(side, now.Now()) != 0 || c.Turn() != side {
				fail("move after the flag: %+v, want %+v, state %v", ch, want, c.State())
			}
			if _, err := c.Press(side, 0); !errors.Is(err, ErrClockStopped) {
				fail("press after the flag: %v", err)
			}
			return c.Moves(), true
		}
		m.charged[side] += want.Spent
		m.credits[side] += credit
		m.timed[side]++
		m.quota[side] = min(quota-credit+m.gain(), 7*m.gain())
		if tc.Mode() == ModeWholeGame {
			want.Increment = tc.Increment()
			m.incs[side] += want.Increment
			m.left[side] = m.left[side] - want.Spent + want.Increment
		} else {
			m.left[side] = tc.PerMove()
		}
		want.Remaining = m.wantLeft(side)
		m.start = m.start.Add(elapsed)
		if ch != want {
			fail("charge %+v\nwant %+v", ch, want)
			return c.Moves(), false
		}

		// Time left = initial + increments − charged, to the millisecond.
		for s := White; s <= Black; s++ {
			if got := c.Remaining(s, now.Now()); got != max(m.wantLeft(s)-floorMs(now.Now().Sub(m.start))*b2d(s == c.Turn()), 0) {
				fail("%v has %v, want %v", s, got, m.wantLeft(s))
			}
			if m.wantLeft(s)%time.Millisecond != 0 {
				fail("%v has %v: not whole milliseconds", s, m.wantLeft(s))
			}
		}
		// No time lost or counted twice: the next turn starts less than a
		// millisecond before now, at a whole millisecond.
		if d := now.Now().Sub(m.start); d < 0 || d >= time.Millisecond || m.start.Nanosecond()%int(time.Millisecond) != 0 {
			fail("next turn starts %v before now", d)
		}
		// Lag credit: never above the quota, the lag or the time spent; the
		// quota stays under its cap; the total under its bound.
		if credit > quota || c.LagQuota(side) != m.quota[side] || c.LagQuota(side) > 7*m.gain() || c.LagQuota(side) < m.gain() {
			fail("credit %v with quota %v, quota now %v, want %v", credit, quota, c.LagQuota(side), m.quota[side])
		}
		if bound := 3*m.gain() + time.Duration(m.timed[side]-1)*m.gain(); m.credits[side] > bound {
			fail("total credit %v above %v", m.credits[side], bound)
		}
	}
	return c.Moves(), false
}

func b2d(b bool) time.Duration {
	if b {
		return 1
	}
	return 0
}

// roundTrip stores c as JSON and restores it.
func roundTrip(t *testing.T, c *Clock, now *fakeTime) *Clock {
	t.Helper()
	b, err := json.Marshal(c.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	var s ClockSnapshot
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	r, err := RestoreClock(s, now.Now)
	if err != nil {
		t.Fatalf("restore %s: %v", b, err)
	}
	if r.Snapshot() != c.Snapshot() {
		t.Fatalf("restored %+v\nwant %+v", r.Snapshot(), c.Snapshot())
	}
	return r
}
