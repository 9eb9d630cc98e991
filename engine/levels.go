package engine

import "strconv"

// Playing levels. A level handicaps the full engine in the ways a weaker
// player is weaker: it looks fewer moves ahead (Depth, Nodes), it misjudges
// positions (Noise), it stops following exchanges early (QSearch), and it
// does not always find the best move: it considers its MultiPV best moves
// and plays any within Margin centipawns of the best, the better ones more
// often. The two lowest levels do not see past the first capture, so they
// leave pieces hanging and take defended ones, as beginners do.

// Level is one of the engine's playing levels. Its name, which players
// read, is in package i18n's catalogues under [Level.NameCode] ("level.1":
// "Principiante", "Beginner"); engine keeps no interface words.
type Level struct {
	Number int // 1 (weakest) to 8 (full strength); 0 is full strength for analysis
	// Elo is the level's strength as `make strength` measured it against
	// Stockfish's UCI_Elo settings (docs/STRENGTH.md: 16 games a pairing
	// at 10+0.1 s, rounded to 10). It backs UCI_LimitStrength/UCI_Elo and
	// the levels a player is offered. Measure again after changing the
	// engine or the levels. Full strength (level 0) has none.
	//
	// The figures are of commit b75cf48's levels; commit f85a54e changed
	// the levels afterwards (the Blunder of levels 1 and 2, the margins,
	// noise and depths of the others), and its own short matches agree
	// only roughly (level 7 about 2160 against 2280 here): `make strength`
	// is due.
	Elo int
	// Depth and Nodes cap the search per move (0: no cap).
	Depth int
	Nodes uint64
	// MultiPV is how many of the best moves are searched as candidates, and
	// Margin how far (in centipawns) below the best a candidate may be to be
	// played.
	MultiPV int
	Margin  int
	// Noise is the amplitude in centipawns of a pseudo-random error added
	// to every evaluation.
	Noise int
	// QSearch caps the plies of quiescence search (-1: no cap).
	QSearch int
	// Blunder is the probability that a move is chosen without looking at
	// the opponent's captures at all, as a beginner who forgets that the
	// other side moves too.
	Blunder float64
	// Book reports whether the level plays from the opening book, choosing
	// at random among the book's moves.
	Book bool
}

// fullStrength is Options.Level 0: no handicap and no book.
var fullStrength = Level{Number: 0, QSearch: -1}

var levels = []Level{
	{Number: 1, Depth: 1, Nodes: 2000, MultiPV: 5, Margin: 70, Noise: 30, QSearch: 1, Blunder: 0.5, Elo: 440},
	{Number: 2, Depth: 1, Nodes: 5000, MultiPV: 5, Margin: 60, Noise: 30, QSearch: -1, Blunder: 0.15, Book: true, Elo: 940},
	{Number: 3, Depth: 2, Nodes: 10000, MultiPV: 4, Margin: 60, Noise: 25, QSearch: -1, Book: true, Elo: 1170},
	{Number: 4, Depth: 4, Nodes: 30000, MultiPV: 4, Margin: 40, Noise: 15, QSearch: -1, Book: true, Elo: 1330},
	{Number: 5, Depth: 6, Nodes: 60000, MultiPV: 3, Margin: 25, Noise: 8, QSearch: -1, Book: true, Elo: 1550},
	{Number: 6, Depth: 8, Nodes: 150000, MultiPV: 2, Margin: 15, Noise: 4, QSearch: -1, Book: true, Elo: 2020},
	{Number: 7, Depth: 11, Nodes: 400000, MultiPV: 2, Margin: 8, Noise: 2, QSearch: -1, Book: true, Elo: 2280},
	{Number: 8, QSearch: -1, Book: true, Elo: 2600},
}

// NameCode returns the code of the level's name in package i18n's
// catalogues: "level.1" (Principiante, Beginner) to "level.8" (Maestro,
// Master); "level.0" (Completo, Full strength) for full strength.
func (l Level) NameCode() string { return "level." + strconv.Itoa(l.Number) }

// Levels returns the eight playing levels, weakest first.
func Levels() []Level {
	return append([]Level(nil), levels...)
}

// LevelByNumber returns level n (1 to 8).
func LevelByNumber(n int) (Level, bool) {
	if n < 1 || n > len(levels) {
		return Level{}, false
	}
	return levels[n-1], true
}
