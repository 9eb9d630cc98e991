package tournament

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxNameRunes is how much of a name the text crosstable shows.
const maxNameRunes = 24

// cell is what player i's row shows for one game or bye: 1, ½, 0, +, -,
// or . for a game not decided yet.
func cell(e Result, white bool) string {
	switch e {
	case Drawn:
		return "½"
	case WhiteWins:
		return pick(white, "1", "0")
	case BlackWins:
		return pick(white, "0", "1")
	case WhiteWinsByForfeit:
		return pick(white, "+", "-")
	case BlackWinsByForfeit:
		return pick(white, "-", "+")
	case DoubleForfeit:
		return "-"
	}
	return "."
}

func pick(c bool, a, b string) string {
	if c {
		return a
	}
	return b
}

// Crosstable writes a round-robin's crosstable as plain text: a line per
// player by pairing number, a column per opponent holding the results
// against it in the order played (two in a double round-robin), then the
// points, the rank and the Rules' tie-breaks. Names are cut to 24
// characters. It fails as [Standings] does.
func Crosstable(players []Player, games []Game, rules Rules) (string, error) {
	st, err := Standings(players, games, rules)
	if err != nil {
		return "", err
	}
	byNum := slices.Clone(st)
	slices.SortFunc(byNum, func(a, b Standing) int { return a.Player.Number - b.Player.Number })
	col := map[int]int{} // number → column
	for i, s := range byNum {
		col[s.Player.Number] = i
	}
	sorted := slices.Clone(games)
	slices.SortStableFunc(sorted, func(a, b Game) int { return a.Round - b.Round })
	cells := make([][]string, len(byNum))
	for i := range cells {
		cells[i] = make([]string, len(byNum))
	}
	for _, g := range sorted {
		if g.Black == Bye {
			continue
		}
		w, b := col[g.White], col[g.Black]
		cells[w][b] += cell(g.Result, true)
		cells[b][w] += cell(g.Result, false)
	}
	width := 1
	for _, row := range cells {
		for _, c := range row {
			width = max(width, utf8.RuneCountInString(c))
		}
	}
	if len(byNum) == 0 {
		return "", nil
	}
	numW := len(strconv.Itoa(byNum[len(byNum)-1].Player.Number))
	nameW := 4
	for _, s := range byNum {
		nameW = max(nameW, utf8.RuneCountInString(clipName(s.Player.Name)))
	}
	var b strings.Builder
	pad := func(s string, w int, right bool) string {
		n := w - utf8.RuneCountInString(s)
		if n <= 0 {
			return s
		}
		if right {
			return strings.Repeat(" ", n) + s
		}
		return s + strings.Repeat(" ", n)
	}
	cw := max(width, numW)
	// Header.
	b.WriteString(pad("#", numW, true) + " " + pad("Name", nameW, false) + " " + pad("Rtg", 4, true))
	for _, s := range byNum {
		b.WriteString(" " + pad(strconv.Itoa(s.Player.Number), cw, true))
	}
	b.WriteString(" " + pad("Pts", 4, true) + " " + pad("Rank", 4, true))
	for _, tb := range rules.TieBreaks {
		b.WriteString(" " + pad(string(tb), 6, true))
	}
	b.WriteString("\n")
	for i, s := range byNum {
		rating := ""
		if s.Player.Rating > 0 {
			rating = strconv.Itoa(s.Player.Rating)
		}
		b.WriteString(pad(strconv.Itoa(s.Player.Number), numW, true) + " " + pad(clipName(s.Player.Name), nameW, false) + " " + pad(rating, 4, true))
		for j := range byNum {
			c := cells[i][j]
			if i == j {
				c = strings.Repeat("*", width)
			}
			b.WriteString(" " + pad(c, cw, false))
		}
		b.WriteString(" " + pad(s.Points.String(), 4, true) + " " + pad(strconv.Itoa(s.Rank), 4, true))
		for _, v := range s.TieBreaks {
			b.WriteString(" " + pad(strconv.FormatFloat(v, 'f', -1, 64), 6, true))
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// clipName cuts a name to maxNameRunes characters and turns control
// characters into spaces, so that one line stays one line.
func clipName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f || r == utf8.RuneError {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "?"))
	if utf8.RuneCountInString(s) > maxNameRunes {
		s = string([]rune(s)[:maxNameRunes-1]) + "…"
	}
	return s
}
