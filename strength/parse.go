package strength

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/joinpal/joinpal/engine"
)

// Stockfish 15.1's UCI_Elo range: an anchor must lie within it.
const (
	MinStockfishElo = 1350
	MaxStockfishElo = 2850
)

// ParseAnchors reads "3=1350,4=1500": level 3 plays Stockfish at UCI_Elo
// 1350, level 4 at 1500. Levels are 1 to 8, each given once; Elos lie
// within Stockfish's UCI_Elo range.
func ParseAnchors(text string) (map[int]int, error) {
	out := map[int]int{}
	for _, part := range strings.Split(text, ",") {
		l, e, ok := strings.Cut(strings.TrimSpace(part), "=")
		level, err1 := strconv.Atoi(l)
		elo, err2 := strconv.Atoi(e)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("strength: anchor %q: want LEVEL=ELO, e.g. 3=1350", part)
		}
		if err := checkAnchor(level, elo); err != nil {
			return nil, err
		}
		if _, dup := out[level]; dup {
			return nil, fmt.Errorf("strength: anchor %q: level %d has an anchor already", part, level)
		}
		out[level] = elo
	}
	return out, nil
}

// checkAnchor checks that level exists and elo is a UCI_Elo Stockfish takes.
func checkAnchor(level, elo int) error {
	if level < 1 || level > len(engine.Levels()) || elo < MinStockfishElo || elo > MaxStockfishElo {
		return fmt.Errorf("strength: anchor %d=%d: want a level 1-%d and Stockfish's UCI_Elo %d-%d",
			level, elo, len(engine.Levels()), MinStockfishElo, MaxStockfishElo)
	}
	return nil
}

// ParseLevels reads a range of levels "FIRST-LAST" ("1-8", "2-3") or a
// single level ("5").
func ParseLevels(text string) (first, last int, err error) {
	a, b, isRange := strings.Cut(text, "-")
	if !isRange {
		b = a
	}
	first, err1 := strconv.Atoi(a)
	last, err2 := strconv.Atoi(b)
	n := len(engine.Levels())
	if err1 != nil || err2 != nil || strings.ContainsAny(text, "+ ") || first < 1 || last > n || first > last {
		return 0, 0, fmt.Errorf("strength: levels %q: want FIRST-LAST within 1-%d", text, n)
	}
	return first, last, nil
}
