package match

import (
	"io"
	"slices"
	"strconv"

	"github.com/joinpal/joinpal/chess/pgn"
)

// writeGame writes g as PGN: the Seven Tag Roster, the opening, time control,
// termination and ply count, the book moves marked "book", the clocks, and a
// comment after the last move that says how the game ended.
func writeGame(w io.Writer, c *Config, g Game) error {
	pg := &pgn.Game{Start: g.Opening.Start, Result: g.Result}
	pg.Tags.Set("Event", c.Event)
	pg.Tags.Set("Site", "?")
	pg.Tags.Set("Date", c.Now().Format("2006.01.02"))
	pg.Tags.Set("Round", strconv.Itoa(g.Number))
	pg.Tags.Set("White", g.Names[0])
	pg.Tags.Set("Black", g.Names[1])
	pg.Tags.Set("Result", g.Result)
	pg.Tags.Set("Opening", g.Opening.Name)
	pg.Tags.Set("TimeControl", c.TimeControl.String())
	pg.Tags.Set("Termination", g.Termination)
	pg.Tags.Set("PlyCount", strconv.Itoa(len(g.Moves)))
	book := len(g.Opening.Moves)
	for i, m := range g.Moves {
		pm := pgn.Move{Move: m}
		if i < book {
			pm.Comments = []string{"book"}
		} else if j := i - book; j < len(g.Clocks) {
			pm.Clock, pm.HasClock = g.Clocks[j], true
		}
		pg.Moves = append(pg.Moves, pm)
	}
	comment := g.Reason
	if n := len(pg.Moves); n > 0 {
		pg.Moves[n-1].Comments = append(pg.Moves[n-1].Comments, comment)
	} else {
		pg.Comments = []string{comment}
	}
	return pgn.Write(w, pg)
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
