package arena

import "github.com/joinpal/joinpal/tournament"

// Sizes that decide how an arena pairs, as lila's PairingSystem and
// StartedOrganizer decide them.
const (
	// SmallArena: an arena of fewer players is small; when only two of
	// its players are active (not paused), they may meet again and
	// again, their last game notwithstanding.
	SmallArena = 30
	// MaxGroup is the most waiting players paired by one weighted
	// matching: up to it, all of them at once; beyond, the best-ranked
	// waiting players in two groups of at most MaxGroup, and the next
	// ones in pairs of neighbours.
	MaxGroup = 100
)

// Match is a pairing the rules made: White against Black (user ids).
type Match struct{ White, Black string }

// ranked is a waiting entry with its place in the whole arena's
// standings, 0 for the leader.
type ranked struct {
	Entry
	rank int
	hist ColourHistory
}

// Pair pairs the waiting entries of an arena (not paused, not playing) as
// lila's PairingSystem pairs an arena's waiting players. entries are all
// the arena's entries: the ranks come from the standings of all of them,
// and their number tells a small arena. Up to MaxGroup waiting players
// are paired by one weighted matching (see bestPairs); beyond, the
// best-ranked waiting players are split into two groups of g = min(n/4×2,
// MaxGroup) (n waiting), each paired by a weighted matching, the next 6g
// are paired with their neighbour in rank order, and the rest wait for the
// next pairing. heads breaks a tie of colours (true: the higher ranked
// gets white).
func Pair(entries []Entry, streaks bool, heads func() bool) []Match {
	waiting, active := waitingRanked(entries, streaks)
	return pairRanked(waiting, duelOf(entries, active), heads)
}

// waitingRanked returns the waiting entries (not paused, not playing) in
// the order of the whole arena's standings, each with its rank, and the
// number of active entries (not paused).
func waitingRanked(entries []Entry, streaks bool) (waiting []ranked, active int) {
	byID := make(map[string]Entry, len(entries))
	for _, e := range entries {
		byID[e.UserID] = e
		if !e.Paused {
			active++
		}
	}
	for i, r := range Standings(entries, streaks) {
		if e := byID[r.UserID]; !e.Paused && e.GameID == "" {
			waiting = append(waiting, ranked{e, i, e.Sheet.Colours()})
		}
	}
	return waiting, active
}

// duelOf reports whether the arena of entries, active of them not
// paused, is small with only two active players, who may meet again and
// again.
func duelOf(entries []Entry, active int) bool { return len(entries) < SmallArena && active == 2 }

// pairRanked pairs waiting (in rank order) as Pair does.
func pairRanked(waiting []ranked, duel bool, heads func() bool) []Match {
	n := len(waiting)
	if n < 2 {
		return nil
	}
	if n <= MaxGroup {
		return bestPairs(waiting, duel, heads)
	}
	g := min(n/4*2, MaxGroup)
	out := bestPairs(waiting[:g], duel, heads)
	out = append(out, bestPairs(waiting[g:2*g], duel, heads)...)
	return append(out, nearPairs(waiting[2*g:min(8*g, n)], heads)...)
}

// bestPairs pairs ps (in rank order) by lila's AntmaPairing: the
// matching with the most pairs, and among those the least total cost,
// over the pairs allowed (see pairCost); in a duel, any pair at all.
func bestPairs(ps []ranked, duel bool, heads func() bool) []Match {
	if len(ps) < 2 {
		return nil
	}
	cost := func(i, j int) (int64, bool) { return pairCost(ps[i], ps[j], ps[len(ps)-1].rank) }
	if duel {
		cost = func(int, int) (int64, bool) { return 1, true }
	}
	mate := tournament.MinCostPairs(len(ps), cost)
	var out []Match
	for i, j := range mate {
		if i < j {
			out = append(out, colours(ps[i], ps[j], heads))
		}
	}
	return out
}

// nearPairs pairs ps (in rank order) two by two, each with the next, as
// lila pairs the waiting players beyond its two weighted groups: their
// last opponents and colours are not looked at, one left over waits.
func nearPairs(ps []ranked, heads func() bool) []Match {
	var out []Match
	for i := 0; i+1 < len(ps); i += 2 {
		out = append(out, colours(ps[i], ps[i+1], heads))
	}
	return out
}

// colours gives white to the one of a (ranked higher) and b whose colour
// history is lower (lila's ColorHistory.firstGetsWhite): who has had black
// more times running, then who has had white less often; heads decides a
// tie.
func colours(a, b ranked, heads func() bool) Match {
	switch c := a.hist.compare(b.hist); {
	case c < 0, c == 0 && heads():
		return Match{a.UserID, b.UserID}
	}
	return Match{b.UserID, a.UserID}
}
