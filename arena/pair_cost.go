package arena

// Weights of lila's AntmaPairing: what a pair costs in the weighted
// matching of an arena's waiting players.
const (
	// TopRankFactor and BottomRankFactor are what one place of rank
	// distance costs between the leader and another, and between the
	// last two: a distance between high-ranked players costs more, so
	// that leaders meet leaders.
	TopRankFactor    = 2000
	BottomRankFactor = 300
)

// rankFactor is what one place of rank distance costs between players
// whose better rank is rank, of ranks 0 … maxRank: BottomRankFactor plus
// (TopRankFactor - BottomRankFactor) × (maxRank - rank) / maxRank, in
// whole numbers (lila's PairingSystem.rankFactorFor).
func rankFactor(rank, maxRank int) int {
	return BottomRankFactor + (TopRankFactor-BottomRankFactor)*(maxRank-rank)/maxRank
}

// pairCost is what pairing a with b costs, among waiting players whose
// worst rank is maxRank (> 0): their rank distance times the rank factor
// of the better of them, plus their rating difference. They may not meet
// when one was the other's last opponent, or when both have had white, or
// both black, MaxStrike times running.
func pairCost(a, b ranked, maxRank int) (int64, bool) {
	if a.LastOpponent == b.UserID || b.LastOpponent == a.UserID || !a.hist.CouldPlay(b.hist) {
		return 0, false
	}
	return int64(abs(a.rank-b.rank)*rankFactor(min(a.rank, b.rank), maxRank) + abs(a.Rating-b.Rating)), true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
