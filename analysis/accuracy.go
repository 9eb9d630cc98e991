package analysis

import "math"

// MoveAccuracy is the accuracy of one move, in percent, from the mover's
// win percentages before and after it (lichess's formula, fitted on its
// games, with its one point of allowance for the engine's own error): 100
// when the move lost nothing.
func MoveAccuracy(before, after float64) float64 {
	if after >= before {
		return 100
	}
	raw := 103.1668100711649*math.Exp(-0.04354415386753951*(before-after)) - 3.166924740191411
	return max(0, min(100, raw+1))
}

// GameAccuracy returns each side's accuracy over a game, in percent, from
// White's win percentage in every position (the start, then after each
// ply); whiteFirst says whether White made the first move. As lichess
// does, each move's accuracy is weighted by how volatile the game was
// around it (the standard deviation of the win percentages in a window of
// positions), and the weighted mean is averaged with the harmonic mean, so
// that one blunder weighs more than in a plain mean.
func GameAccuracy(winPercents []float64, whiteFirst bool) (white, black float64) {
	moves := len(winPercents) - 1
	if moves < 1 {
		return 0, 0
	}
	size := max(2, min(8, moves/10))
	size = min(size, len(winPercents))
	var windows [][]float64
	for range max(0, size-2) {
		windows = append(windows, winPercents[:size])
	}
	for i := 0; i+size <= len(winPercents); i++ {
		windows = append(windows, winPercents[i:i+size])
	}
	var acc, wts [2][]float64 // by side: 0 white, 1 black
	for i := 0; i < moves; i++ {
		weight := 0.5
		if i < len(windows) {
			weight = max(0.5, min(12, stdDev(windows[i])))
		}
		side := i % 2
		if !whiteFirst {
			side = 1 - side
		}
		before, after := winPercents[i], winPercents[i+1]
		if side == 1 {
			before, after = 100-before, 100-after
		}
		acc[side] = append(acc[side], MoveAccuracy(before, after))
		wts[side] = append(wts[side], weight)
	}
	return combine(acc[0], wts[0]), combine(acc[1], wts[1])
}

// combine averages the weighted mean and the harmonic mean of accuracies.
func combine(acc, weights []float64) float64 {
	if len(acc) == 0 {
		return 0
	}
	var sum, wsum, inv float64
	for i, a := range acc {
		sum += a * weights[i]
		wsum += weights[i]
		inv += 1 / max(a, 0.01)
	}
	weighted := sum / wsum
	harmonic := float64(len(acc)) / inv
	return (weighted + harmonic) / 2
}

func stdDev(xs []float64) float64 {
	var mean float64
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	var v float64
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return math.Sqrt(v / float64(len(xs)))
}
