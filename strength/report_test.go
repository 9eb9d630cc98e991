package strength

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/i18n"
)

func TestWriteMarkdownAndSVG(t *testing.T) {
	levels := []Level{
		{Number: 1, Rating: Rating{Name: "L1", Elo: 700, Margin: 150, Games: 20}},
		{Number: 2, Rating: Rating{Name: "L2", Elo: 1000, Margin: 120, Games: 40}},
	}
	anchors := []Rating{{Name: "sf1350", Elo: 1350, Anchor: true}}
	var md strings.Builder
	err := WriteMarkdown(&md, Report{Command: "make strength", Machine: "2 cores", Date: "2026-11-30", TimeControl: "10+0.1",
		Levels: levels, Anchors: anchors, Results: []Result{{A: "L2", B: "L1", Wins: 15, Draws: 2, Losses: 3}},
		Speeds: []Speed{{Engine: "JoinPal", Nodes: 2_000_000, Millis: 1000}}, Plot: "strength.svg"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| 1 | Principiante | Beginner | 700 | 150 | 20 |", "| L2 – L1 | 20 | 15 | 2 | 3 | 80 % |", "| JoinPal | 2000000 | 1000 | 2000000 |", "![level against Elo](strength.svg)"} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
	var svg strings.Builder
	if err := WriteSVG(&svg, levels, anchors); err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal([]byte(svg.String()), new(struct{})); err != nil {
		t.Fatalf("the SVG is not XML: %v", err)
	}
	if strings.Count(svg.String(), "<circle") != 2 || !strings.Contains(svg.String(), "sf1350") {
		t.Fatalf("SVG:\n%s", svg.String())
	}
}

// TestLevelNamesInEveryLanguage: every level, and full strength, has a
// name in each catalogue, and the report shows Spanish and English.
func TestLevelNamesInEveryLanguage(t *testing.T) {
	for _, l := range append(engine.Levels(), engine.Level{Number: 0}) {
		for _, lang := range i18n.Languages() {
			if !i18n.Has(lang, l.NameCode()) {
				t.Errorf("%s has no text in %s", l.NameCode(), lang)
			}
		}
	}
	if l := (Level{Number: 6}); l.Name(i18n.Spanish) != "Difícil" || l.Name(i18n.English) != "Hard" {
		t.Errorf("level 6: %q, %q", l.Name(i18n.Spanish), l.Name(i18n.English))
	}
}
