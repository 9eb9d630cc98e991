package engine

import "fmt"

// Search scores are centipawns from the side to move's point of view, in
// [-scoreInf, scoreInf]. A mate is scoreMate minus the number of plies from
// the root to the mate, so shorter mates score higher.
const (
	maxPly         = 128
	scoreInf       = 32001
	scoreMate      = 32000
	scoreMateInMax = scoreMate - 2*maxPly // at or above: a mate we deliver
	scoreTBWin     = scoreMateInMax - 1   // largest non-mate score
	scoreNone      = -32002               // "no score" marker in tables
)

// mateIn is the score of delivering mate ply plies from the root.
func mateIn(ply int) int { return scoreMate - ply }

// matedIn is the score of being mated ply plies from the root.
func matedIn(ply int) int { return -scoreMate + ply }

// isMate reports whether s is a mate score (either side).
func isMate(s int) bool { return s >= scoreMateInMax || s <= -scoreMateInMax }

// toTT converts a score counted from the root into one counted from the
// node at ply, as the transposition table stores mates.
func toTT(s, ply int) int {
	switch {
	case s >= scoreMateInMax:
		return s + ply
	case s <= -scoreMateInMax:
		return s - ply
	}
	return s
}

// fromTT is the inverse of toTT.
func fromTT(s, ply int) int {
	switch {
	case s == scoreNone:
		return s
	case s >= scoreMateInMax:
		return s - ply
	case s <= -scoreMateInMax:
		return s + ply
	}
	return s
}

// Score is a search result as UCI reports it: centipawns, or a mate.
type Score struct {
	// CP is the evaluation in centipawns for the side to move (100 is about
	// a pawn). With a mate score it holds ±(32000 - plies to mate), which
	// sorts with other scores; -32000 with Mate 0 means checkmated now.
	CP int
	// Mate counts the moves (not plies) to mate: positive when the side to
	// move mates, negative when it is mated, 0 when the score is not a mate.
	Mate int
}

// String writes the score as UCI does: "cp 35" or "mate -2".
func (s Score) String() string {
	if s.Mate != 0 {
		return fmt.Sprintf("mate %d", s.Mate)
	}
	return fmt.Sprintf("cp %d", s.CP)
}

// makeScore turns an internal score into a Score.
func makeScore(s int) Score {
	switch {
	case s >= scoreMateInMax:
		return Score{CP: s, Mate: (scoreMate - s + 1) / 2}
	case s <= -scoreMateInMax:
		// Checkmated at the root leaves Mate 0 and CP at -32000.
		return Score{CP: s, Mate: -(scoreMate + s) / 2}
	}
	return Score{CP: s}
}

// packed holds a middlegame and an endgame value in one int32: the
// endgame value in the high half, the middlegame value in the low half.
type packed int32

// S packs a middlegame and an endgame value.
func S(mg, eg int) packed { return packed(int32(uint32(eg)<<16) + int32(mg)) }

func (p packed) mg() int { return int(int16(uint16(uint32(p)))) }
func (p packed) eg() int { return int(int16(uint16((uint32(p) + 0x8000) >> 16))) }
