package engine

import (
	_ "embed"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"

	"github.com/joinpal/joinpal/chess"
)

// The opening book: main lines written in SAN in book.txt, embedded in the
// binary. It is indexed by position, so lines that transpose share moves.

//go:embed book.txt
var bookText string

type bookMoveCount struct {
	move  chess.Move
	count int // how many lines play it here
}

var (
	bookOnce  sync.Once
	bookIndex map[uint64][]bookMoveCount
)

// loadBook parses the book into a map from RepetitionKey to moves.
func loadBook() (map[uint64][]bookMoveCount, error) {
	index := make(map[uint64][]bookMoveCount)
	for n, line := range strings.Split(bookText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pos := chess.StartingPosition()
		for _, san := range strings.Fields(line) {
			m, err := pos.ParseSAN(san)
			if err != nil {
				return nil, fmt.Errorf("book.txt:%d: %s: %w", n+1, san, err)
			}
			key := pos.RepetitionKey()
			entries := index[key]
			found := false
			for i := range entries {
				if entries[i].move == m {
					entries[i].count++
					found = true
				}
			}
			if !found {
				entries = append(entries, bookMoveCount{move: m, count: 1})
			}
			index[key] = entries
			pos.PlayUnchecked(m)
		}
	}
	return index, nil
}

// book returns the parsed book. The book is embedded and its tests parse
// it, so a line that does not parse is a bug of the build: it panics.
func book() map[uint64][]bookMoveCount {
	bookOnce.Do(func() {
		var err error
		if bookIndex, err = loadBook(); err != nil {
			panic("engine: " + err.Error())
		}
	})
	return bookIndex
}

// bookMove returns a book move for pos, chosen at random among the book's
// moves with weights by how many lines play them.
func bookMove(pos *chess.Position, rng *rand.Rand) (chess.Move, bool) {
	entries := book()[pos.RepetitionKey()]
	total := 0
	for _, e := range entries {
		total += e.count
	}
	if total == 0 {
		return chess.NullMove, false
	}
	r := rng.IntN(total)
	for _, e := range entries {
		if r < e.count {
			if !pos.IsLegal(e.move) { // a key collision, in theory
				return chess.NullMove, false
			}
			return e.move, true
		}
		r -= e.count
	}
	return chess.NullMove, false
}
