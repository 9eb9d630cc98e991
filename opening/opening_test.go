package opening

import (
	"strings"
	"testing"

	"github.com/joinpal/joinpal/chess"
)

func TestFromUCIKnownGames(t *testing.T) {
	tests := []struct {
		name  string
		moves string
		eco   string
		want  string
		es    string
	}{
		{"Sicilian", "e2e4 c7c5", "B20", "Sicilian Defense", "Defensa Siciliana"},
		{"Najdorf", "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6", "B90",
			"Sicilian Defense: Najdorf Variation", "Defensa Siciliana: Variante Najdorf"},
		{"Nimzo-Indian", "d2d4 g8f6 c2c4 e7e6 b1c3 f8b4", "E20", "Nimzo-Indian Defense", "Defensa Nimzoindia"},
		{"Queen's Gambit Declined by transposition", "g1f3 d7d5 d2d4 g8f6 c2c4 e7e6 b1c3", "D37",
			"Queen's Gambit Declined: Three Knights Variation", "Gambito de Dama rehusado: Variante de los Tres Caballos"},
		{"Ruy Lopez by transposition", "g1f3 b8c6 e2e4 e7e5 f1b5", "C60", "Ruy Lopez", "Apertura Española (Ruy López)"},
		{"Italian Game", "e2e4 e7e5 g1f3 b8c6 f1c4", "C50", "Italian Game", "Apertura Italiana"},
		{"leaves theory, keeps the last name, an unreviewed variation in English", "e2e4 c7c5 h2h4 h7h5 a2a4 a7a5 h1h3 h8h6 a1a3 a8a6", "B20",
			"Sicilian Defense: Myers Attack, with h4", "Defensa Siciliana: Myers Attack, with h4"},
		{"each variation part named", "e2e4 e7e6 d2d4 d7d5 b1c3 g8f6 e4e5", "C11",
			"French Defense: Classical Variation, Steinitz Variation", "Defensa Francesa: Variante Clásica, Variante Steinitz"},
		{"Czech Benoni, en passant legal", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e5", "A56",
			"Benoni Defense: Czech Benoni Defense", "Defensa Benoni: Czech Benoni Defense"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			o, ok := FromUCI("", strings.Fields(tt.moves))
			if !ok || o.ECO != tt.eco || o.Name != tt.want {
				t.Fatalf("FromUCI = %+v, %v; want %s %q", o, ok, tt.eco, tt.want)
			}
			if got := o.In(Spanish); got != tt.es {
				t.Errorf("In(es) = %q, want %q", got, tt.es)
			}
			if got := o.In(English); got != tt.want {
				t.Errorf("In(en) = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestNoOpening(t *testing.T) {
	tests := []struct {
		name, fen, moves string
	}{
		{"no moves", "", ""},
		{"a start with no named position", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "h1h8"},
		{"a start FEN that does not parse", "not a fen", "e2e4"},
	}
	for _, tt := range tests {
		if o, ok := FromUCI(tt.fen, strings.Fields(tt.moves)); ok {
			t.Errorf("%s: FromUCI = %+v, want none", tt.name, o)
		}
	}
}

// TestLookupWalksBackwards: the last named position wins, however deep the
// game goes, and positions past the deepest named one are not looked at.
func TestLookupWalksBackwards(t *testing.T) {
	h := chess.NewHistory(chess.StartingPosition())
	for _, u := range strings.Fields("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7") {
		pos := h.Position()
		m, err := pos.ParseUCI(u)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	o, ok := OfHistory(h)
	if !ok || o.ECO != "C84" || o.Family != "Ruy Lopez" {
		t.Fatalf("OfHistory = %+v, %v; want a C84 Ruy Lopez", o, ok)
	}
	if o.Variation == "" || !strings.HasPrefix(o.Name, "Ruy Lopez: ") {
		t.Errorf("Variation = %q of %q", o.Variation, o.Name)
	}
}

// TestEPDEnPassant: the en-passant square is part of a position's EPD only
// when an en-passant capture is legal.
func TestEPDEnPassant(t *testing.T) {
	tests := []struct {
		name, moves, want string
	}{
		{"no capture possible", "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -"},
		{"a legal capture", "d2d4 g8f6 c2c4 c7c5 d4d5 e7e5",
			"rnbqkb1r/pp1p1ppp/5n2/2pPp3/2P5/8/PP2PPPP/RNBQKBNR w KQkq e6"},
	}
	// The capture d5xe6 would leave the king on a5 to the rook on h5.
	pinned, err := chess.ParseFEN("4k3/8/8/K2Pp2r/8/8/8/8 w - e6 0 2")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := EPD(&pinned), "4k3/8/8/K2Pp2r/8/8/8/8 w - -"; got != want {
		t.Errorf("pinned: EPD = %q, want %q", got, want)
	}
	for _, tt := range tests {
		pos := chess.StartingPosition()
		for _, u := range strings.Fields(tt.moves) {
			m, err := pos.ParseUCI(u)
			if err != nil {
				t.Fatalf("%s: %s: %v", tt.name, u, err)
			}
			pos.PlayUnchecked(m)
		}
		if got := EPD(&pos); got != tt.want {
			t.Errorf("%s: EPD = %q, want %q", tt.name, got, tt.want)
		}
		if _, ok := ByFEN(pos.FEN()); tt.name == "a legal capture" && !ok {
			t.Errorf("%s: ByFEN(%q) names nothing", tt.name, pos.FEN())
		}
	}
}

func TestByFEN(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
		"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -", // an EPD
	} {
		if o, ok := ByFEN(fen); !ok || o.ECO != "B20" {
			t.Errorf("ByFEN(%q) = %+v, %v; want the Sicilian", fen, o, ok)
		}
	}
	start := chess.StartingPosition()
	for _, fen := range []string{"", "8/8 w", start.FEN()} {
		if o, ok := ByFEN(fen); ok {
			t.Errorf("ByFEN(%q) = %+v, want none", fen, o)
		}
	}
}
