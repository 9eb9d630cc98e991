package strength

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/i18n"
)

// Level is one of the AI's levels with its estimated rating.
type Level struct {
	Number int // the engine's level, 1 to 8
	Rating Rating
}

// NameCode returns the code of the level's name in package i18n's
// catalogues (engine.Level.NameCode), e.g. "level.3".
func (l Level) NameCode() string {
	el, ok := engine.LevelByNumber(l.Number)
	if !ok {
		el = engine.Level{Number: l.Number}
	}
	return el.NameCode()
}

// Name returns the level's name in lang ("es", "en"), from package i18n's
// catalogues.
func (l Level) Name(lang string) string { return i18n.Message(lang, l.NameCode(), nil) }

// Speed is one engine's search speed on the same positions.
type Speed struct {
	Engine string
	Nodes  uint64
	Millis int64
	Note   string
}

// NPS returns the nodes per second.
func (s Speed) NPS() float64 {
	if s.Millis <= 0 {
		return 0
	}
	return float64(s.Nodes) * 1000 / float64(s.Millis)
}

// Report is everything docs/STRENGTH.md shows.
type Report struct {
	Command     string
	Machine     string
	Date        string
	TimeControl string
	Levels      []Level
	Anchors     []Rating
	Results     []Result
	Speeds      []Speed
	Plot        string // file name of the SVG plot, relative to the report
}

// WriteMarkdown writes the report as Markdown.
func WriteMarkdown(w io.Writer, r Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Strength of the AI's levels\n\n")
	fmt.Fprintf(&b, "Measured %s on %s with:\n\n```sh\n%s\n```\n\n", r.Date, r.Machine, r.Command)
	fmt.Fprintf(&b, "Every game at %s, pairs of games from balanced openings with colours swapped. "+
		"Ratings are maximum-likelihood Elo estimates from all games at once, Stockfish 15.1's "+
		"`UCI_Elo` settings fixed as anchors (its own calibration, at a longer time control), with "+
		"%.0f virtual draw per pairing as a prior; ± is the 95 %% interval.\n\n", r.TimeControl, PriorDraws)
	fmt.Fprintf(&b, "| level | nombre | name | Elo | ± 95 %% | games |\n|---:|---|---|---:|---:|---:|\n")
	for _, l := range r.Levels {
		fmt.Fprintf(&b, "| %d | %s | %s | %.0f | %.0f | %d |\n", l.Number, l.Name(i18n.Spanish), l.Name(i18n.English), l.Rating.Elo, l.Rating.Margin, l.Rating.Games)
	}
	if r.Plot != "" {
		fmt.Fprintf(&b, "\n![level against Elo](%s)\n", r.Plot)
	}
	fmt.Fprintf(&b, "\n## Games\n\n| pairing | games | + | = | − | score |\n|---|---:|---:|---:|---:|---:|\n")
	for _, res := range r.Results {
		g := res.Games()
		score := 0.0
		if g > 0 {
			score = (float64(res.Wins) + 0.5*float64(res.Draws)) / float64(g) * 100
		}
		fmt.Fprintf(&b, "| %s – %s | %d | %d | %d | %d | %.0f %% |\n", res.A, res.B, g, res.Wins, res.Draws, res.Losses, score)
	}
	if len(r.Speeds) > 0 {
		fmt.Fprintf(&b, "\n## Search speed\n\n| engine | nodes | time (ms) | nodes/s | how |\n|---|---:|---:|---:|---|\n")
		for _, s := range r.Speeds {
			fmt.Fprintf(&b, "| %s | %d | %d | %.0f | %s |\n", s.Engine, s.Nodes, s.Millis, s.NPS(), s.Note)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSVG draws the levels' Elo with their intervals against the level
// number, and the anchors as dashed lines.
func WriteSVG(w io.Writer, levels []Level, anchors []Rating) error {
	const width, height, left, right, top, bottom = 640, 400, 60, 20, 20, 40
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, l := range levels {
		lo = min(lo, l.Rating.Elo-l.Rating.Margin)
		hi = max(hi, l.Rating.Elo+l.Rating.Margin)
	}
	for _, a := range anchors {
		lo, hi = min(lo, a.Elo), max(hi, a.Elo)
	}
	if len(levels) == 0 || math.IsInf(lo, 0) {
		lo, hi = 0, 3000
	}
	lo, hi = math.Floor(lo/200)*200, math.Ceil(hi/200)*200
	if hi == lo {
		hi = lo + 200
	}
	x := func(level int) float64 {
		return left + float64(level-1)*(width-left-right)/7
	}
	y := func(elo float64) float64 {
		return top + (hi-elo)*(height-top-bottom)/(hi-lo)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">`+"\n", width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	for e := lo; e <= hi; e += 200 {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/><text x="%d" y="%.1f" text-anchor="end">%.0f</text>`+"\n",
			left, width-right, y(e), y(e), left-6, y(e)+4, e)
	}
	for l := 1; l <= 8; l++ {
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x(l), height-bottom+18, l)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">level / nivel</text>`+"\n", (left+width-right)/2, height-4)
	fmt.Fprintf(&b, `<text x="14" y="%d" text-anchor="middle" transform="rotate(-90 14 %d)">Elo</text>`+"\n", height/2, height/2)
	for _, a := range anchors {
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#c66" stroke-dasharray="4 4"/><text x="%d" y="%.1f" fill="#c66" text-anchor="end">%s</text>`+"\n",
			left, width-right, y(a.Elo), y(a.Elo), width-right-2, y(a.Elo)-3, a.Name)
	}
	var path []string
	for _, l := range levels {
		px, py := x(l.Number), y(l.Rating.Elo)
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%.1f" y2="%.1f" stroke="#246" stroke-width="2"/>`+"\n",
			px, px, y(l.Rating.Elo+l.Rating.Margin), y(l.Rating.Elo-l.Rating.Margin))
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="#246"/>`+"\n", px, py)
		path = append(path, fmt.Sprintf("%.1f,%.1f", px, py))
	}
	if len(path) > 1 {
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#246"/>`+"\n", strings.Join(path, " "))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
