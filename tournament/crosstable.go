package tournament

import (
	"slices"
)

// Table is a tournament's crosstable as data, for a page to lay out.
// A Swiss's rows are in rank order, each with a [Cell] per round; a
// round-robin's are by pairing number, each with the results against
// every player, the classic grid.
type Table struct {
	// RoundRobin tells which of the two layouts the rows hold.
	RoundRobin bool `json:"roundRobin"`
	// Rounds is the number of rounds with a board: a Swiss row's cells.
	Rounds int `json:"rounds"`
	// TieBreaks name the rows' tie-break values, in their order.
	TieBreaks []TieBreak `json:"tieBreaks"`
	Rows      []Row      `json:"rows"`
}

// Row is one player's line of a [Table].
type Row struct {
	Number int    `json:"number"`
	Name   string `json:"name"`
	// Rating is 0 for none.
	Rating int `json:"rating"`
	// Rounds are a Swiss row's cells, one per round.
	Rounds []Cell `json:"rounds,omitempty"`
	// Results are a round-robin row's cells, one per player by pairing
	// number: the results against that player in the order played ("1½"
	// in a double round-robin, "." for a game not decided), "*" against
	// itself, "" for no game yet.
	Results []string `json:"results,omitempty"`
	// Points are written as a crosstable writes them: "2½".
	Points    string    `json:"points"`
	Rank      int       `json:"rank"`
	TieBreaks []float64 `json:"tieBreaks"`
}

// Cell is one round of a Swiss row. A game has the opponent's number, the
// colour ("w" or "b") and the result as FIDE crosstables write it: "1",
// "½", "0", "+" for a win by forfeit, "−" for a loss by forfeit, "" while
// not decided. A bye has no opponent, Bye "pairing" (the
// pairing-allocated bye, Result "1" or what the Rules give it), "half" or
// "zero" (byes asked for, "½" and "0"). A round with neither is an
// absence: no opponent and "−".
type Cell struct {
	Opponent int    `json:"opponent,omitempty"`
	Colour   string `json:"colour,omitempty"`
	Result   string `json:"result"`
	Bye      string `json:"bye,omitempty"`
}

// Minus is the sign crosstables write for a loss by forfeit or an
// absence.
const Minus = "−"

// cell is what one player's side of a game shows: 1, ½, 0, +, −, or .
// for a game not decided yet.
func cell(e Result, white bool) string {
	switch e {
	case Drawn:
		return "½"
	case WhiteWins:
		return pick(white, "1", "0")
	case BlackWins:
		return pick(white, "0", "1")
	case WhiteWinsByForfeit:
		return pick(white, "+", Minus)
	case BlackWinsByForfeit:
		return pick(white, Minus, "+")
	case DoubleForfeit:
		return Minus
	}
	return "."
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// Crosstable lays out the crosstable of players and games: for a Swiss
// (rules.RoundRobin false) a row per player in rank order with a cell per
// round; for a round-robin the grid by pairing number. Every row has the
// points, the rank and the Rules' tie-breaks. A Swiss round in which a
// player has no board, up to the last round with a board, is an absence.
// It fails as [Standings] does.
func Crosstable(players []Player, games []Game, rules Rules) (Table, error) {
	st, err := Standings(players, games, rules)
	if err != nil {
		return Table{}, err
	}
	tab := Table{RoundRobin: rules.RoundRobin, TieBreaks: slices.Clone(rules.TieBreaks), Rows: []Row{}}
	if tab.TieBreaks == nil {
		tab.TieBreaks = []TieBreak{}
	}
	for _, g := range games {
		tab.Rounds = max(tab.Rounds, g.Round)
	}
	sorted := slices.Clone(games)
	slices.SortStableFunc(sorted, func(a, b Game) int { return a.Round - b.Round })
	if rules.RoundRobin {
		slices.SortFunc(st, func(a, b Standing) int { return a.Player.Number - b.Player.Number })
	}
	at := map[int]int{} // number → row
	for i, s := range st {
		at[s.Player.Number] = i
		row := Row{Number: s.Player.Number, Name: s.Player.Name, Rating: s.Player.Rating,
			Points: s.Points.String(), Rank: s.Rank, TieBreaks: s.TieBreaks}
		if row.TieBreaks == nil {
			row.TieBreaks = []float64{}
		}
		if rules.RoundRobin {
			row.Results = make([]string, len(st))
			row.Results[i] = "*"
		} else {
			row.Rounds = make([]Cell, tab.Rounds)
			for r := range row.Rounds {
				row.Rounds[r] = Cell{Result: Minus}
			}
		}
		tab.Rows = append(tab.Rows, row)
	}
	for _, g := range sorted {
		w := &tab.Rows[at[g.White]]
		if g.Black == Bye {
			if !rules.RoundRobin {
				w.Rounds[g.Round-1] = byeCell(g.Result, rules)
			}
			continue
		}
		b := &tab.Rows[at[g.Black]]
		if rules.RoundRobin {
			w.Results[at[g.Black]] += cell(g.Result, true)
			b.Results[at[g.White]] += cell(g.Result, false)
			continue
		}
		w.Rounds[g.Round-1] = Cell{Opponent: g.Black, Colour: "w", Result: gameResult(g.Result, true)}
		b.Rounds[g.Round-1] = Cell{Opponent: g.White, Colour: "b", Result: gameResult(g.Result, false)}
	}
	return tab, nil
}

// gameResult is a Swiss cell's result: as [cell], but "" while pending.
func gameResult(e Result, white bool) string {
	if e == Pending {
		return ""
	}
	return cell(e, white)
}

// byeCell is a Swiss cell for a bye.
func byeCell(e Result, rules Rules) Cell {
	switch e {
	case PairingBye:
		return Cell{Bye: "pairing", Result: rules.ByePoints.String()}
	case HalfPointBye:
		return Cell{Bye: "half", Result: "½"}
	case ZeroPointBye:
		return Cell{Bye: "zero", Result: "0"}
	}
	return Cell{Bye: "pairing"}
}
