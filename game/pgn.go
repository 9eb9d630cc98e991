package game

import (
	"io"
	"strings"

	"github.com/joinpal/joinpal/chess/pgn"
	"github.com/joinpal/joinpal/i18n"
)

// PGNOptions are the tags of a game that the game itself does not know.
type PGNOptions struct {
	Event string // "JoinPal" by default
	Site  string // e.g. the game's URL
	Round string
	// ECO and Opening are the opening's code and English name (tags
	// written when set).
	ECO     string
	Opening string
}

// PGN returns the game as a pgn.Game: the Seven Tag Roster, TimeControl,
// ECO and Opening when given, Termination, FEN/SetUp for a game from a position, and a [%clk] comment
// with the mover's time after each move of a timed game.
func (g *Game) PGN(opts PGNOptions) *pgn.Game {
	out := &pgn.Game{Start: g.history.Start(), Result: g.pgnResult()}
	if opts.Event == "" {
		opts.Event = "JoinPal"
	}
	tags := &out.Tags
	tags.Set("Event", opts.Event)
	tags.Set("Site", orUnknown(opts.Site))
	tags.Set("Date", g.rec.CreatedAt.UTC().Format("2006.01.02"))
	tags.Set("Round", orUnknown(opts.Round))
	tags.Set("White", playerName(g.rec.White))
	tags.Set("Black", playerName(g.rec.Black))
	tags.Set("Result", out.Result)
	tags.Set("UTCDate", g.rec.CreatedAt.UTC().Format("2006.01.02"))
	tags.Set("UTCTime", g.rec.CreatedAt.UTC().Format("15:04:05"))
	tags.Set("TimeControl", g.rec.TimeControl.PGN())
	if opts.ECO != "" {
		tags.Set("ECO", opts.ECO)
	}
	if opts.Opening != "" {
		tags.Set("Opening", opts.Opening)
	}
	if g.rec.StartFEN != "" {
		tags.Set("SetUp", "1")
		start := g.history.Start()
		tags.Set("FEN", start.FEN())
	}
	tags.Set("Termination", g.pgnTermination())
	for i, m := range g.history.Moves() {
		mv := pgn.Move{Move: m, SAN: g.rec.Moves[i].SAN}
		if g.clock != nil {
			mv.Clock, mv.HasClock = g.rec.Moves[i].Remaining, true
		}
		out.Moves = append(out.Moves, mv)
	}
	if st := g.rec.State; st.Status == StatusEnded {
		out.Moves = appendComment(out.Moves, &out.Comments, i18n.Message(i18n.English, g.OutcomeCode(), nil))
	}
	return out
}

// WritePGN writes the game's PGN to w.
func (g *Game) WritePGN(w io.Writer, opts PGNOptions) error {
	return pgn.Write(w, g.PGN(opts))
}

func (g *Game) pgnResult() string {
	st := g.rec.State
	if st.Status != StatusEnded {
		return "*"
	}
	return st.Result.PGN()
}

// pgnTermination gives PGN's Termination tag: "normal", "time forfeit",
// "abandoned", "unterminated" (lichess's values).
func (g *Game) pgnTermination() string {
	st := g.rec.State
	switch {
	case st.Status == StatusAborted:
		return "abandoned"
	case st.Status != StatusEnded:
		return "unterminated"
	case st.Termination == Timeout || st.Termination == TimeoutVsInsufficientMaterial:
		return "time forfeit"
	case st.Termination == Abandonment || st.Termination == NoShow || st.Termination == DrawClaimed ||
		st.Termination == NoStart:
		return "abandoned"
	}
	return "normal"
}

func appendComment(moves []pgn.Move, before *[]string, text string) []pgn.Move {
	if len(moves) == 0 {
		*before = append(*before, text)
		return moves
	}
	last := &moves[len(moves)-1]
	last.Comments = append(last.Comments, text)
	return moves
}

func orUnknown(s string) string {
	if strings.TrimSpace(s) == "" {
		return "?"
	}
	return s
}

func playerName(p Player) string {
	if p.Name != "" {
		return p.Name
	}
	if p.IsAI() {
		return "JoinPal AI"
	}
	return "?"
}
