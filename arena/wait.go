package arena

import "time"

// When and whom an arena pairs, after lila (TournamentApi.makePairings,
// arena/PairingSystem.scala and Tournament.isRecentlyStarted in
// modules/tournament/src/main/), except that an arena pairs as soon as two
// players wait, where lila waits to gather a pool (WaitingUsers.scala).

// RecentStart is how long after its start an arena pairs its waiting
// players with their neighbours in rank order (lila's
// PairingSystem.initialPairings, while Tournament.isRecentlyStarted).
const RecentStart = 15 * time.Second

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
}

// PairAt pairs the entries of running arena a at moment m as lila's
// TournamentApi and PairingSystem do, but without waiting for more
// players:
//
//  1. Whether: at least two players wait and the arena's end is at least
//     a.PairingsClose() away.
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
	if n < 2 || a.EndsAt().Sub(m.Now) < a.PairingsClose() {
		return nil
	}
	pair := func(ps []ranked) []Match {
		if m.Now.Sub(a.StartsAt) < RecentStart {
			return initialPairs(ps, duelOf(entries, active), heads)
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

// initialPairs pairs ps (in rank order) two by two, each with the next
// one free, heads deciding the colours, as lila pairs an arena's first
// seconds: colour histories are not looked at, and one left over waits.
// Unlike lila, a player's last opponent is passed over (the next free one
// is taken), so that two players whose game ended in those seconds do not
// meet again at once — except in a duel (a small arena with only two
// active players, see SmallArena), whose two meet again and again.
func initialPairs(ps []ranked, duel bool, heads func() bool) []Match {
	var out []Match
	taken := make([]bool, len(ps))
	for i := range ps {
		if taken[i] {
			continue
		}
		for j := i + 1; j < len(ps); j++ {
			if taken[j] || !duel && (ps[i].LastOpponent == ps[j].UserID || ps[j].LastOpponent == ps[i].UserID) {
				continue
			}
			taken[i], taken[j] = true, true
			if heads() {
				out = append(out, Match{ps[i].UserID, ps[j].UserID})
			} else {
				out = append(out, Match{ps[j].UserID, ps[i].UserID})
			}
			break
		}
	}
	return out
}
