package game

import "time"

// Lag compensation, after lichess (scalachess LagTracker): every move of a
// running clock may be credited with the network lag of that move, as
// reported by the client or estimated by the server, but only up to a quota
// per player. The credit for a move is
//
//	credit = min(lag, quota, time actually spent on the move)
//
// and after the move the quota becomes min(quota − credit + LagQuotaGain,
// LagQuotaMax). The quota starts at LagQuotaInitial. A client that lies about
// its lag therefore gains at most LagQuotaInitial + LagQuotaGain × moves in
// a whole game, and never holds more than LagQuotaMax in reserve; an honest
// client whose lag averages below LagQuotaGain is fully compensated.
//
// Lichess takes the gain per move from the measured frame lag of the player
// plus 40 ms of estimated CPU lag, capped at 1 s (less for the shortest
// controls), with an initial quota of 3 gains and a cap of 7 gains. JoinPal
// does not measure frame lag yet, so it uses one fixed gain of 200 ms — the
// frame lag of a player on a poor but playable connection plus lichess's CPU
// allowance — and keeps lichess's ratios of 3 and 7 gains. At 200 ms a lying
// client gains at most 8 s over a 40-move game.
const (
	// LagQuotaGain is added to a player's quota after each of their timed
	// moves.
	LagQuotaGain = 200 * time.Millisecond
	// LagQuotaInitial is each player's quota when the clock starts.
	LagQuotaInitial = 3 * LagQuotaGain
	// LagQuotaMax caps a player's quota.
	LagQuotaMax = 7 * LagQuotaGain
)

// lagQuota is one player's lag compensation allowance.
type lagQuota struct {
	quota time.Duration
}

func newLagQuota() lagQuota { return lagQuota{quota: LagQuotaInitial} }

// credit returns the compensation for a move on which spent time passed on
// the clock and the client reports (or the server estimates) lag, and
// updates the quota. Negative values count as zero.
func (q *lagQuota) credit(lag, spent time.Duration) time.Duration {
	c := min(max(lag, 0), q.quota, max(spent, 0))
	q.quota = min(q.quota-c+LagQuotaGain, LagQuotaMax)
	return c
}
