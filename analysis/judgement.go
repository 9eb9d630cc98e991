package analysis

// Judgement is what a move's drop in winning chances makes of it.
type Judgement string

// The judgements, from the drop in the mover's winning chances on the
// scale of [WinningChances] (lichess's thresholds).
const (
	Good       Judgement = ""
	Inaccuracy Judgement = "inaccuracy" // a drop of 0.1 or more
	Mistake    Judgement = "mistake"    // 0.2 or more
	Blunder    Judgement = "blunder"    // 0.3 or more
)

// Judge returns the judgement of a move that took its player's winning
// chances from before to after (both from the mover's point of view).
func Judge(before, after float64) Judgement {
	// The epsilon keeps a drop of exactly a threshold, written in
	// decimals, on the threshold's side despite binary rounding.
	const epsilon = 1e-9
	switch drop := before - after + epsilon; {
	case drop >= 0.3:
		return Blunder
	case drop >= 0.2:
		return Mistake
	case drop >= 0.1:
		return Inaccuracy
	}
	return Good
}

// NAG is the numeric annotation glyph PGN writes for the judgement: 6
// (?!), 2 (?), 4 (??), or 0 for a good move.
func (j Judgement) NAG() int {
	switch j {
	case Inaccuracy:
		return 6
	case Mistake:
		return 2
	case Blunder:
		return 4
	}
	return 0
}
