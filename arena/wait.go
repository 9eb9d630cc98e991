package arena

import "time"

// When an arena pairs, as lila decides it (WaitingUsers.scala,
// TournamentApi.makePairings, arena/PairingSystem.scala and
// Tournament.isRecentlyStarted in modules/tournament/src/main/).
const (
	// RecentStart is how long after its start an arena pairs its waiting
	// players with their neighbours in rank order (lila's
	// PairingSystem.initialPairings, while Tournament.isRecentlyStarted).
	RecentStart = 15 * time.Second
	// Crowd: more players than this waiting are paired without waiting
	// longer (lila's WaitingUsers.haveWaitedEnough).
	Crowd = 100
	// PairingMemory is how long an arena remembers its last pairing: one
	// that made none for this long, or since the service began running
	// the arenas, pairs whoever waits at once (lila's hadPairings, kept
	// in memory for an hour from the last pairing).
	PairingMemory = time.Hour
)

// Wait is how long at least two players must have waited before an
// arena that paired recently (see PairingMemory) pairs again, unless more
// than Crowd wait or, in a small arena, two thirds of its active players
// wait. It grows with the clock's estimated duration, base + 40 ×
// increment (lila's WaitingUsers.waitSeconds over
// Clock.Config.estimateTotalSeconds): under 30 s, 8 s; under 60 s, 10 s;
// otherwise a tenth of it plus 6 s, between 15 and 50 s (1+0: 15 s, 3+0:
// 24 s, 3+2: 32 s, 5+0: 36 s, 10+0: 50 s).
func (a Arena) Wait() time.Duration {
	est := int(a.Base/time.Second) + 40*int(a.Increment/time.Second)
	switch {
	case est < 30:
		return 8 * time.Second
	case est < 60:
		return 10 * time.Second
	}
	return time.Duration(min(max(est/10+6, 15), 50)) * time.Second
}

// PairingsClose returns how long before its end the arena stops pairing:
// half the clock's base, between 30 s and 2 minutes (lila's
// Tournament.pairingsClosed; 1+0: 30 s, 3+2: 90 s, 5+0 and longer: 2
// minutes). Games running then go on and count.
func (a Arena) PairingsClose() time.Duration {
	half := a.Base / time.Second / 2 * time.Second
	return max(30*time.Second, min(half, 2*time.Minute))
}

// Moment is what the rules of when to pair read besides the entries.
type Moment struct {
	// Now is the time of the pairing.
	Now time.Time
	// Since holds when each waiting player began waiting; one missing
	// began at Now.
	Since map[string]time.Time
	// Paired tells whether the arena made a pairing within PairingMemory
	// before Now.
	Paired bool
}

// PairAt pairs the entries of running arena a at moment m as lila's
// TournamentApi and PairingSystem do:
//
//  1. Whether: the arena's end is at least a.PairingsClose() away, at
//     least two players wait, and the arena has not paired
//     recently (m.Paired false), or more than Crowd wait, or at least
//     two have waited longer than a.Wait(), or the arena is small (fewer
//     than SmallArena entries) and its active players (not paused) are
//     at most one and a half times those waiting.
//  2. Whom: with an odd number waiting, the one who began waiting last
//     is left out (of several who began at the same moment, the lowest
//     ranked); if the others give no pair at all, everyone waiting is
//     paired (lila's WaitingUsers.evenNumber and PairingSystem.evenOrAll).
//  3. How: within RecentStart of the arena's start, each with their
//     neighbour in rank order, heads deciding each pair's colours (true:
//     the higher ranked gets white); later, as Pair.
func PairAt(a Arena, entries []Entry, m Moment, heads func() bool) []Match {
	waiting, active := waitingRanked(entries, a.Streaks)
	n := len(waiting)
	if n < 2 || a.EndsAt().Sub(m.Now) < a.PairingsClose() || !mayPair(a, len(entries), active, waiting, m) {
		return nil
	}
	pair := func(ps []ranked) []Match {
		if m.Now.Sub(a.StartsAt) < RecentStart {
			return initialPairs(ps, heads)
		}
		return pairRanked(ps, duelOf(entries, active), heads)
	}
	if n%2 == 0 {
		return pair(waiting)
	}
	if ms := pair(leaveOutLast(waiting, m)); len(ms) > 0 {
		return ms
	}
	return pair(waiting)
}

// mayPair reports whether an arena of size entries, active of them not
// paused, pairs its waiting players (at least two) at m.
func mayPair(a Arena, size, active int, waiting []ranked, m Moment) bool {
	n := len(waiting)
	if !m.Paired || n > Crowd || (size < SmallArena && 2*active <= 3*n) {
		return true
	}
	before := m.Now.Add(-a.Wait())
	long := 0
	for _, w := range waiting {
		if since, ok := m.Since[w.UserID]; ok && since.Before(before) {
			if long++; long > 1 {
				return true
			}
		}
	}
	return false
}

// leaveOutLast returns waiting without the player who began waiting
// last, the lowest ranked of several who began at the same moment.
func leaveOutLast(waiting []ranked, m Moment) []ranked {
	last, at := -1, time.Time{}
	for i, w := range waiting {
		since, ok := m.Since[w.UserID]
		if !ok {
			since = m.Now
		}
		if last < 0 || !since.Before(at) {
			last, at = i, since
		}
	}
	out := make([]ranked, 0, len(waiting)-1)
	out = append(out, waiting[:last]...)
	return append(out, waiting[last+1:]...)
}

// initialPairs pairs ps (in rank order) two by two, each with the next,
// heads deciding the colours, as lila pairs an arena's first seconds:
// neither last opponents nor colour histories are looked at, and one left
// over waits.
func initialPairs(ps []ranked, heads func() bool) []Match {
	var out []Match
	for i := 0; i+1 < len(ps); i += 2 {
		if heads() {
			out = append(out, Match{ps[i].UserID, ps[i+1].UserID})
		} else {
			out = append(out, Match{ps[i+1].UserID, ps[i].UserID})
		}
	}
	return out
}
