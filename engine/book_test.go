package engine

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/chess"
)

func TestBookLinesAreLegal(t *testing.T) {
	lines := 0
	for n, line := range strings.Split(bookText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		lines++
		h := chess.NewHistory(chess.StartingPosition())
		for _, san := range strings.Fields(line) {
			pos := h.Position()
			m, err := pos.ParseSAN(san)
			if err != nil {
				t.Fatalf("book.txt:%d: %q: %v", n+1, san, err)
			}
			// The book writes SAN exactly as chess writes it.
			if got := pos.SAN(m); got != san {
				t.Errorf("book.txt:%d: %q is written %q in SAN", n+1, san, got)
			}
			if err := h.Play(m); err != nil {
				t.Fatalf("book.txt:%d: %q: %v", n+1, san, err)
			}
		}
		if len(strings.Fields(line)) < 8 {
			t.Errorf("book.txt:%d: line shorter than four moves", n+1)
		}
	}
	if lines < 40 {
		t.Errorf("%d book lines, want at least 40", lines)
	}
	if _, err := loadBook(); err != nil {
		t.Fatal(err)
	}
}

func TestBookCoversMainOpenings(t *testing.T) {
	pos := chess.StartingPosition()
	first := map[string]bool{}
	for _, e := range book()[pos.RepetitionKey()] {
		first[pos.SAN(e.move)] = true
	}
	for _, want := range []string{"e4", "d4", "c4", "Nf3"} {
		if !first[want] {
			t.Errorf("the book has no 1.%s", want)
		}
	}
	p := pos
	m, _ := p.ParseSAN("e4")
	p.PlayUnchecked(m)
	replies := map[string]bool{}
	for _, e := range book()[p.RepetitionKey()] {
		replies[p.SAN(e.move)] = true
	}
	for _, want := range []string{"e5", "c5", "e6", "c6"} {
		if !replies[want] {
			t.Errorf("the book has no 1.e4 %s", want)
		}
	}
}

func TestBookMoveVaries(t *testing.T) {
	pos := chess.StartingPosition()
	seen := map[chess.Move]bool{}
	for seed := uint64(0); seed < 50; seed++ {
		m, ok := bookMove(&pos, rand.New(rand.NewPCG(seed, 1)))
		if !ok || !pos.IsLegal(m) {
			t.Fatalf("seed %d: no legal book move (%v, %v)", seed, m, ok)
		}
		seen[m] = true
	}
	if len(seen) < 3 {
		t.Errorf("50 seeds chose only %d different first moves", len(seen))
	}
	// Out of the book: no move.
	p := mustFEN(t, benchFENs[1])
	if m, ok := bookMove(&p, rand.New(rand.NewPCG(1, 1))); ok {
		t.Errorf("book move %v in a position outside the book", m)
	}
}
