package pgn

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// readGames reads every game of s and fails the test on any error.
func readGames(t testing.TB, s string) []*Game {
	t.Helper()
	r := NewReader(strings.NewReader(s))
	var games []*Game
	for {
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			t.Fatalf("reading %q: %v", s, err)
		}
		games = append(games, g)
	}
}

// readOne reads the only game of s.
func readOne(t testing.TB, s string) *Game {
	t.Helper()
	games := readGames(t, s)
	if len(games) != 1 {
		t.Fatalf("read %d games from %q, want 1", len(games), s)
	}
	return games[0]
}

// roundTrip writes g, reads it back and checks that the game read is g, with
// the tags as Write normalizes them, and that writing it again gives the
// same text. It returns the text written.
func roundTrip(t testing.TB, g *Game) string {
	t.Helper()
	first, err := format(g)
	if err != nil {
		t.Fatalf("writing: %v", err)
	}
	r := NewReader(strings.NewReader(string(first)))
	back, err := r.Next()
	if err != nil {
		t.Fatalf("reading back:\n%s\nerror: %v", first, err)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("reading back:\n%s\nmore than one game: %v", first, err)
	}
	result := g.Result
	if result == "" {
		result = "*"
	}
	wantTags, _ := exportTags(g, result)
	if d := diffGames(g, back, wantTags); d != "" {
		t.Fatalf("read back a different game: %s\nwritten:\n%s", d, first)
	}
	second, err := format(back)
	if err != nil {
		t.Fatalf("writing again: %v", err)
	}
	if string(second) != string(first) {
		t.Fatalf("written twice differently:\n%s\n---\n%s", first, second)
	}
	mw, _ := movetext(g, result)
	units := map[string]bool{}
	for _, u := range mw.units {
		units[string(u.text)] = true
	}
	for _, line := range strings.Split(string(first), "\n") {
		// Only a single unit may be longer than a line.
		if !strings.HasPrefix(line, "[") && utf8.RuneCountInString(line) > maxLineWidth && !units[line] {
			t.Errorf("line of %d characters: %q", utf8.RuneCountInString(line), line)
		}
	}
	return string(first)
}

// diffGames says how got differs from want, whose tags are taken to be
// wantTags; "" if it does not.
func diffGames(want, got *Game, wantTags Tags) string {
	switch {
	case !reflect.DeepEqual(got.Tags, wantTags):
		return fmt.Sprintf("tags %q, want %q", got.Tags, wantTags)
	case got.Start.FEN() != want.Start.FEN() || got.Start.Chess960() != want.Start.Chess960():
		return fmt.Sprintf("start %s, want %s", got.Start.FEN(), want.Start.FEN())
	case !reflect.DeepEqual(got.Comments, want.Comments):
		return fmt.Sprintf("comments %q, want %q", got.Comments, want.Comments)
	case !reflect.DeepEqual(got.Moves, want.Moves):
		return fmt.Sprintf("moves\n%s\nwant\n%s", dumpMoves(got.Moves), dumpMoves(want.Moves))
	case got.Result != want.Result && !(want.Result == "" && got.Result == "*"):
		return fmt.Sprintf("result %q, want %q", got.Result, want.Result)
	}
	return ""
}

// dumpMoves writes moves compactly for test messages.
func dumpMoves(ms []Move) string {
	var sb strings.Builder
	for _, m := range ms {
		fmt.Fprintf(&sb, "%s(%s)", m.SAN, m.Move)
		if m.HasClock {
			fmt.Fprintf(&sb, "[clk %v]", m.Clock)
		}
		for _, n := range m.NAGs {
			fmt.Fprintf(&sb, " $%d", n)
		}
		for _, c := range m.Comments {
			fmt.Fprintf(&sb, " {%s}", c)
		}
		for _, v := range m.Variations {
			sb.WriteString(" (")
			for _, c := range v.Comments {
				fmt.Fprintf(&sb, "{%s} ", c)
			}
			sb.WriteString(dumpMoves(v.Moves) + ")")
		}
		sb.WriteString(" ")
	}
	return sb.String()
}
