package analysis

import (
	"fmt"
	"math"
)

// Eval is an evaluation from White's point of view: centipawns, or a mate
// in Mate moves (positive: White mates, negative: Black mates).
type Eval struct {
	CP   int `json:"cp"`
	Mate int `json:"mate,omitempty"`
}

// cpCeiling is where centipawns stop counting: a mate counts as ±1000, as
// lichess counts it.
const cpCeiling = 1000

// Pawns returns the evaluation in centipawns capped at ±1000, a mate
// counting as the cap.
func (e Eval) Pawns() int {
	switch {
	case e.Mate > 0:
		return cpCeiling
	case e.Mate < 0:
		return -cpCeiling
	}
	return max(-cpCeiling, min(cpCeiling, e.CP))
}

// PGN writes the evaluation as PGN's [%eval] command takes it: "0.35",
// "-1.20", "#3", "#-2".
func (e Eval) PGN() string {
	if e.Mate != 0 {
		return fmt.Sprintf("#%d", e.Mate)
	}
	return fmt.Sprintf("%.2f", float64(e.CP)/100)
}

// WinningChances maps centipawns (White's view, capped at ±1000) to
// White's winning chances in [-1, 1], by lichess's model fitted on its
// games: 2 / (1 + e^(-0.00368208·cp)) - 1.
func WinningChances(cp int) float64 {
	cp = max(-cpCeiling, min(cpCeiling, cp))
	return 2/(1+math.Exp(-0.00368208*float64(cp))) - 1
}

// WinPercent is WinningChances as a percentage for White: 0 to 100.
func WinPercent(cp int) float64 { return 50 + 50*WinningChances(cp) }
