package match

import (
	"fmt"
	"strings"

	"github.com/joinpal/joinpal/chess"
)

// Opening is a short line of book moves that a pair of games starts from.
type Opening struct {
	Name  string
	Start chess.Position
	Moves []chess.Move
}

// balanced are mainstream openings, 4 to 8 plies, that leave neither side
// clearly better. Their moves are in SAN from the standard position.
var balanced = []struct{ name, san string }{
	{"Ruy Lopez, Morphy Defence", "e4 e5 Nf3 Nc6 Bb5 a6"},
	{"Ruy Lopez, Berlin Defence", "e4 e5 Nf3 Nc6 Bb5 Nf6"},
	{"Italian Game", "e4 e5 Nf3 Nc6 Bc4 Bc5"},
	{"Italian Game, Giuoco Pianissimo", "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6"},
	{"Two Knights Defence", "e4 e5 Nf3 Nc6 Bc4 Nf6"},
	{"Scotch Game", "e4 e5 Nf3 Nc6 d4 exd4"},
	{"Four Knights Game", "e4 e5 Nf3 Nc6 Nc3 Nf6"},
	{"Petrov Defence", "e4 e5 Nf3 Nf6"},
	{"Philidor Defence", "e4 e5 Nf3 d6"},
	{"Vienna Game", "e4 e5 Nc3 Nf6"},
	{"Sicilian, Najdorf", "e4 c5 Nf3 d6 d4 cxd4 Nxd4 Nf6"},
	{"Sicilian, Open with Nc6", "e4 c5 Nf3 Nc6 d4 cxd4 Nxd4 Nf6"},
	{"Sicilian, Taimanov", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 Nc6"},
	{"Sicilian, Kan", "e4 c5 Nf3 e6 d4 cxd4 Nxd4 a6"},
	{"Sicilian, Moscow", "e4 c5 Nf3 d6 Bb5+ Bd7"},
	{"Sicilian, Rossolimo", "e4 c5 Nf3 Nc6 Bb5 g6"},
	{"Sicilian, Alapin", "e4 c5 c3 Nf6"},
	{"Sicilian, Closed", "e4 c5 Nc3 Nc6 g3 g6"},
	{"French, Winawer", "e4 e6 d4 d5 Nc3 Bb4"},
	{"French, Classical", "e4 e6 d4 d5 Nc3 Nf6"},
	{"French, Tarrasch", "e4 e6 d4 d5 Nd2 c5"},
	{"French, Advance", "e4 e6 d4 d5 e5 c5"},
	{"Caro-Kann, Classical", "e4 c6 d4 d5 Nc3 dxe4 Nxe4 Bf5"},
	{"Caro-Kann, Advance", "e4 c6 d4 d5 e5 Bf5"},
	{"Pirc Defence", "e4 d6 d4 Nf6 Nc3 g6"},
	{"Scandinavian Defence", "e4 d5 exd5 Qxd5 Nc3 Qa5"},
	{"Alekhine Defence, Modern", "e4 Nf6 e5 Nd5 d4 d6"},
	{"Queen's Gambit Declined", "d4 d5 c4 e6 Nc3 Nf6"},
	{"Queen's Gambit Declined, Exchange", "d4 d5 c4 e6 Nc3 Nf6 cxd5 exd5"},
	{"Queen's Gambit Accepted", "d4 d5 c4 dxc4 Nf3 Nf6"},
	{"Tarrasch Defence", "d4 d5 c4 e6 Nc3 c5"},
	{"Slav Defence", "d4 d5 c4 c6 Nf3 Nf6"},
	{"Semi-Slav Defence", "d4 d5 c4 c6 Nf3 Nf6 Nc3 e6"},
	{"Ragozin Defence", "d4 Nf6 c4 e6 Nf3 d5 Nc3 Bb4"},
	{"London System", "d4 d5 Bf4 Nf6 e3 e6"},
	{"Colle System", "d4 d5 Nf3 Nf6 e3 e6"},
	{"Trompowsky Attack", "d4 Nf6 Bg5 e6"},
	{"King's Indian Defence", "d4 Nf6 c4 g6 Nc3 Bg7 e4 d6"},
	{"Grünfeld Defence", "d4 Nf6 c4 g6 Nc3 d5"},
	{"Nimzo-Indian Defence", "d4 Nf6 c4 e6 Nc3 Bb4"},
	{"Queen's Indian Defence", "d4 Nf6 c4 e6 Nf3 b6"},
	{"Bogo-Indian Defence", "d4 Nf6 c4 e6 Nf3 Bb4+"},
	{"Catalan Opening", "d4 Nf6 c4 e6 g3 d5"},
	{"Benoni Defence", "d4 Nf6 c4 c5 d5 e6"},
	{"Dutch Defence", "d4 f5 g3 Nf6 Bg2 e6"},
	{"English, Symmetrical", "c4 c5 Nc3 Nc6 g3 g6"},
	{"English, Reversed Sicilian", "c4 e5 Nc3 Nf6 g3 d5"},
	{"English, Four Knights", "c4 e5 Nc3 Nf6 Nf3 Nc6"},
	{"Réti Opening", "Nf3 d5 c4 e6 g3 Nf6"},
	{"King's Indian Attack", "Nf3 Nf6 g3 g6 Bg2 Bg7"},
}

// Openings returns the built-in list of 50 balanced openings.
func Openings() []Opening {
	out := make([]Opening, 0, len(balanced))
	for _, b := range balanced {
		o, err := ParseOpening(b.name, chess.StartingFEN, b.san)
		if err != nil {
			panic(err) // the list is checked by the tests
		}
		out = append(out, o)
	}
	return out
}

// ParseOpening reads an opening: a FEN and moves in SAN or UCI notation
// from it.
func ParseOpening(name, fen, moves string) (Opening, error) {
	start, err := chess.ParseFEN(fen)
	if err != nil {
		return Opening{}, fmt.Errorf("match: opening %q: %w", name, err)
	}
	o := Opening{Name: name, Start: start}
	pos := start
	for _, text := range strings.Fields(moves) {
		m, err := pos.ParseSAN(text)
		if err != nil {
			if m2, err2 := pos.ParseUCI(text); err2 == nil {
				m, err = m2, nil
			}
		}
		if err != nil {
			return Opening{}, fmt.Errorf("match: opening %q: move %q: %w", name, text, err)
		}
		pos.PlayUnchecked(m)
		o.Moves = append(o.Moves, m)
	}
	if !pos.HasLegalMoves() {
		return Opening{}, fmt.Errorf("match: opening %q: the game is over after its moves", name)
	}
	return o, nil
}
