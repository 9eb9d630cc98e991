package arena

import "cmp"

// Colour is the colour a player had in a game, as their sheet keeps it.
type Colour int8

// The colours; a game recorded without its colour has NoColour.
const (
	NoColour Colour = iota
	WithWhite
	WithBlack
)

// MaxStrike is how many games in a row with one colour two players may
// both have had and still meet (lila's AntmaPairing): two who have both
// had white, or both black, that many times running are not paired.
const MaxStrike = 3

// ColourHistory is a player's colours as lila's ColorHistory keeps them:
// Strike counts their last games in a row with one colour (positive for
// white, negative for black), Balance their whites less their blacks.
type ColourHistory struct {
	Strike  int
	Balance int
}

// Colours returns the colour history of the sheet's games (games recorded
// without their colour left out).
func (s Sheet) Colours() ColourHistory {
	var h ColourHistory
	for _, sc := range s {
		switch sc.Colour {
		case WithWhite:
			h.Strike, h.Balance = max(h.Strike+1, 1), h.Balance+1
		case WithBlack:
			h.Strike, h.Balance = min(h.Strike-1, -1), h.Balance-1
		}
	}
	return h
}

// CouldPlay reports whether players of histories h and o may meet: not
// when both have had white MaxStrike times running, nor black.
func (h ColourHistory) CouldPlay(o ColourHistory) bool {
	return (h.Strike > -MaxStrike || o.Strike > -MaxStrike) && (h.Strike < MaxStrike || o.Strike < MaxStrike)
}

// compare orders histories as lila does to give white: by strike, then
// by balance; the lower gets white.
func (h ColourHistory) compare(o ColourHistory) int {
	if c := cmp.Compare(h.Strike, o.Strike); c != 0 {
		return c
	}
	return cmp.Compare(h.Balance, o.Balance)
}
