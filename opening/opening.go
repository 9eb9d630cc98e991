package opening

import (
	"strings"

	"github.com/joinpal/joinpal/chess"
)

// The languages an Opening names itself in.
const (
	Spanish = "es"
	English = "en"
)

// Opening is a named opening of the data.
type Opening struct {
	// ECO is its code in the Encyclopaedia of Chess Openings ("B90").
	ECO string
	// Name is its English name as the data gives it, "Family: Variation,
	// Subvariation" ("Sicilian Defense: Najdorf Variation").
	Name string
	// Family is the name's part before the first colon or comma ("Sicilian
	// Defense"); Variation the rest ("Najdorf Variation"), empty for the
	// family's own position.
	Family    string
	Variation string
}

// splitName splits an English name into its family and its variation.
func splitName(name string) (family, variation string) {
	i := strings.IndexAny(name, ":,")
	if i < 0 {
		return name, ""
	}
	return name[:i], strings.TrimSpace(name[i+1:])
}

// In returns the opening's name in lang: Spanish for "es" (Spanish), the
// English name for any other language.
func (o Opening) In(lang string) string {
	if lang != Spanish {
		return o.Name
	}
	return spanishName(o.Family, o.Variation)
}

// Lookup names the opening of a game from its positions, the start first:
// the last position that is named, walking backwards. It reports false
// when no position is named.
func Lookup(positions []chess.Position) (Opening, bool) {
	b := loaded()
	last := min(len(positions), b.maxPly+1) // no named position lies deeper
	for i := last - 1; i >= 0; i-- {
		if o, ok := b.byEPD[EPD(&positions[i])]; ok {
			return o, true
		}
	}
	return Opening{}, false
}

// OfHistory names the opening of a game's history (Lookup of its positions).
func OfHistory(h *chess.History) (Opening, bool) {
	return FromStart(h.Start(), h.Moves())
}

// FromStart names the opening of the moves played from start; it plays
// only as many as a named position may lie deep.
func FromStart(start chess.Position, moves []chess.Move) (Opening, bool) {
	b := loaded()
	n := min(len(moves), b.maxPly)
	positions := make([]chess.Position, 0, n+1)
	pos := start
	positions = append(positions, pos)
	for _, m := range moves[:n] {
		if pos.Play(m) != nil {
			break
		}
		positions = append(positions, pos)
	}
	return Lookup(positions)
}

// FromUCI names the opening of the moves, in UCI, played from the
// position startFEN (the standard one when empty). Moves past the first
// illegal or unreadable one are ignored, as is a start FEN that does not
// parse (it reports false).
func FromUCI(startFEN string, uci []string) (Opening, bool) {
	start := chess.StartingPosition()
	if startFEN != "" {
		var err error
		if start, err = chess.ParseFEN(startFEN); err != nil {
			return Opening{}, false
		}
	}
	b := loaded()
	pos := start
	moves := make([]chess.Move, 0, min(len(uci), b.maxPly))
	for _, text := range uci[:min(len(uci), b.maxPly)] {
		m, err := pos.ParseUCI(text)
		if err != nil || pos.Play(m) != nil {
			break
		}
		moves = append(moves, m)
	}
	return FromStart(start, moves)
}

// ByFEN names the position of fen itself (its EPD: the FEN without the
// move counters), with no walk backwards. A client that follows a game
// move by move keeps the last one named.
func ByFEN(fen string) (Opening, bool) {
	// The EPD is the FEN up to its fourth space; a move frame's FEN is
	// chess.Position.FEN's, single-spaced, so no copy is made.
	end, spaces := len(fen), 0
	for i := range len(fen) {
		if fen[i] == ' ' {
			if spaces++; spaces == 4 {
				end = i
				break
			}
		}
	}
	if spaces < 3 {
		return Opening{}, false
	}
	o, ok := loaded().byEPD[fen[:end]]
	return o, ok
}

// EPD returns the key positions are named by: the position's FEN
// (chess.Position.FEN, which writes the en-passant square only when an
// en-passant capture is legal) without its two move counters.
func EPD(p *chess.Position) string {
	fen := p.FEN()
	// Drop " halfmove fullmove".
	for range 2 {
		fen = fen[:strings.LastIndexByte(fen, ' ')]
	}
	return fen
}
