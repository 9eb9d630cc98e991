package game

import "time"

// Lag compensation, after lichess (scalachess's LagTracker and Clock): every
// move of a running clock may be credited with the network lag of that
// move, as reported by the client or estimated by the server, but only up to
// a quota per player. The credit for a move is
//
//	credit = min(lag, quota, time actually spent on the move)
//
// and after the move the quota becomes min(quota − credit + gain, 7 × gain).
// The quota starts at 3 × gain. A client that lies about its lag therefore
// gains at most 3 × gain + gain × (moves − 1) in a whole game, and never
// holds more than 7 × gain in reserve; an honest client whose lag averages
// below the gain is fully compensated.
//
// The gain scales with the time control, as lichess's does
// ([LagQuotaGain]): min(1 s, 150 ms + expected duration / 250), the expected
// duration being base + 40 × increment. That is 390 ms at 1+0, 630 ms at
// 2+0, 790 ms at 2+1, and the full second from 3+2 up (and at 5+0). Lichess
// lowers the gain further to a player's measured frame lag plus 40 ms of
// CPU time; JoinPal does not measure frame lag yet and uses the bound.
//
// A per-move clock counts 20 allowances as its expected duration (the
// estimate the first-move and reconnection windows use too), so its gain is
// 150 ms + allowance × 2/25: 550 ms at 5 s a move, 950 ms at 10 s, the full
// second from 11 s up. A per-move clock gives each move a fresh allowance,
// so 20 moves of it weigh about as much as lichess's 40 increments.
//
// # The flag
//
// A move is in time when the time charged for it (elapsed − credit) is
// below the time the mover had left. A move can therefore arrive after the
// raw deadline ([Clock.ExpiresAt]) and still be in time, by the lag it is
// owed; so the flag falls only at the deadline plus a grace of min(quota,
// [MaxLagGrace]) ([Clock.FlagsAt]), as on lichess, and a move arriving from
// that moment on is lost on time whatever lag it reports. [Clock.Flagged],
// [Clock.Press] and [Game.NextDeadline] all follow this one rule.
const (
	// MaxLagGrace bounds the grace after the raw deadline during which a
	// move may still be saved by its lag credit.
	MaxLagGrace = 2 * time.Second
	// maxLagQuotaGain bounds the gain per move (lichess's 100 centiseconds).
	maxLagQuotaGain = time.Second
	// baseLagQuotaGain is the gain of the shortest imaginable control.
	baseLagQuotaGain = 150 * time.Millisecond
)

// LagQuotaGain returns what a player's lag quota gains with each of their
// timed moves under tc: min(1 s, 150 ms + expected duration / 250).
func LagQuotaGain(tc TimeControl) time.Duration {
	return min(maxLagQuotaGain, baseLagQuotaGain+expectedDuration(tc)/250).Truncate(time.Millisecond)
}

// LagQuotaInitial returns each player's lag quota when the clock starts:
// three gains.
func LagQuotaInitial(tc TimeControl) time.Duration { return 3 * LagQuotaGain(tc) }

// LagQuotaMax returns the cap of a player's lag quota: seven gains.
func LagQuotaMax(tc TimeControl) time.Duration { return 7 * LagQuotaGain(tc) }

// lagGrace returns how long after the raw deadline the flag falls for a
// player holding quota.
func lagGrace(quota time.Duration) time.Duration { return min(max(quota, 0), MaxLagGrace) }

// lagQuota is one player's lag compensation allowance.
type lagQuota struct {
	quota time.Duration
}

// credit returns the compensation for a move on which spent time passed on
// the clock and the client reports (or the server estimates) lag, and
// updates the quota, gain being the control's [LagQuotaGain]. Negative
// values count as zero.
func (q *lagQuota) credit(lag, spent, gain time.Duration) time.Duration {
	c := min(max(lag, 0), q.quota, max(spent, 0))
	q.quota = min(q.quota-c+gain, 7*gain)
	return c
}
