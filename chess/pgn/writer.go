package pgn

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/joinpal/joinpal/chess"
)

// maxLineWidth is the most characters a movetext line may have; PGN's
// export format asks for fewer than 80.
const maxLineWidth = 79

// Write writes g to w in the PGN export format, followed by a blank line, so
// that games written one after another make a PGN file.
//
// The Seven Tag Roster comes first, in its order, with "?", "????.??.??"
// and g.Result for missing tags; then the other tags in their order. The
// FEN, SetUp and Variant tags are made to agree with g.Start. Moves are
// checked and written in SAN as package chess writes it, with their NAGs,
// comments, [%clk] clocks and variations; movetext lines are wrapped at 79
// characters without breaking a token (a long comment is wrapped between
// words). A comment that contains '}' is written as a ';' comment.
func Write(w io.Writer, g *Game) error {
	b, err := format(g)
	if err != nil {
		return err
	}
	if _, err := w.Write(b); err != nil {
		return fmt.Errorf("pgn: %w", err)
	}
	return nil
}

// format returns g in the PGN export format.
func format(g *Game) ([]byte, error) {
	result := g.Result
	if result == "" {
		result = "*"
	}
	if !IsResult(result) {
		return nil, writeError(CodeWriteBadResult, map[string]string{"result": clip(g.Result)},
			fmt.Errorf("bad result %q: want 1-0, 0-1, 1/2-1/2 or *", g.Result))
	}
	start := g.Start
	mode := chess.Standard
	if start.Chess960() {
		mode = chess.Chess960
	}
	if s, err := chess.ParseSetup(start.FEN()); err != nil {
		return nil, writeError(CodeWriteBadStart, nil, fmt.Errorf("bad start position: %w", err))
	} else if _, err := s.Position(mode); err != nil {
		return nil, writeError(CodeWriteBadStart, nil, fmt.Errorf("bad start position: %w", err))
	}
	tags, err := exportTags(g, result)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	for _, t := range tags {
		b.WriteString("[" + t.Name + " \"" + escapeTagValue(t.Value) + "\"]\n")
	}
	b.WriteByte('\n')
	mw, err := movetext(g, result)
	if err != nil {
		return nil, err
	}
	mw.layout(&b)
	b.WriteString("\n\n")
	return b.Bytes(), nil
}

// movetext returns the units of g's movetext.
func movetext(g *Game, result string) (*movetextWriter, error) {
	mw := new(movetextWriter)
	if err := mw.line(g.Start, g.Comments, g.Moves); err != nil {
		return nil, err
	}
	mw.add(result)
	return mw, nil
}

// exportTags returns the tags to write: the Seven Tag Roster, then the
// others, with FEN, SetUp and Variant made to agree with g.Start.
func exportTags(g *Game, result string) (Tags, error) {
	var rest Tags
	seen := map[string]bool{}
	for _, t := range g.Tags {
		if !validTagName(t.Name) {
			return nil, writeError(CodeWriteBadTag, map[string]string{"name": clip(t.Name)}, fmt.Errorf("bad tag name %q", t.Name))
		}
		if !seen[t.Name] {
			seen[t.Name] = true
			rest = append(rest, t)
		}
	}
	start := g.Start
	if _, ok := rest.Lookup("FEN"); ok || start.Chess960() || start.FEN() != chess.StartingFEN {
		rest.Set("SetUp", "1")
		rest.Set("FEN", start.FEN())
	}
	if mode, ok := castlingMode(rest.Get("Variant")); start.Chess960() && mode != chess.Chess960 {
		rest.Set("Variant", "Chess960")
	} else if !start.Chess960() && (!ok || mode == chess.Chess960) {
		rest.Delete("Variant")
	}
	out := make(Tags, 0, len(rest)+len(SevenTagRoster))
	for _, name := range SevenTagRoster {
		v, ok := rest.Lookup(name)
		if !ok {
			switch name {
			case "Date":
				v = "????.??.??"
			case "Result":
				v = result
			default:
				v = "?"
			}
		}
		out = append(out, Tag{Name: name, Value: v})
	}
	for _, t := range rest {
		if !isRosterTag(t.Name) {
			out = append(out, t)
		}
	}
	return out, nil
}

func isRosterTag(name string) bool {
	for _, n := range SevenTagRoster {
		if n == name {
			return true
		}
	}
	return false
}

// validTagName reports whether name can be written as a tag name: a PGN
// symbol that starts with a letter or digit.
func validTagName(name string) bool {
	if name == "" || !isDigit(name[0]) && !('a' <= name[0]|32 && name[0]|32 <= 'z') {
		return false
	}
	for i := 1; i < len(name); i++ {
		if !isSymbolChar(name[i]) {
			return false
		}
	}
	return true
}

// escapeTagValue escapes quotes and backslashes and turns newlines, which a
// tag value cannot hold, into spaces.
func escapeTagValue(v string) string {
	if !strings.ContainsAny(v, "\\\"\n") {
		return v
	}
	var sb strings.Builder
	for i := 0; i < len(v); i++ {
		switch c := v[i]; c {
		case '\\', '"':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case '\n':
			sb.WriteByte(' ')
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// unit is a piece of movetext that is never broken across lines.
type unit struct {
	text      []byte
	breakNext bool // a ';' comment: the line must end after it
}

// movetextWriter collects the units of a game's movetext and lays them out
// in lines.
type movetextWriter struct {
	units  []unit
	prefix string // "(" waiting to be glued to the next unit
}

func (mw *movetextWriter) add(s string) {
	mw.units = append(mw.units, unit{text: []byte(mw.prefix + s)})
	mw.prefix = ""
}

// glue appends s to the last unit.
func (mw *movetextWriter) glue(s string) {
	u := &mw.units[len(mw.units)-1]
	u.text = append(u.text, s...)
}

// closeParen glues ")" to the last unit, unless that is a ';' comment.
func (mw *movetextWriter) closeParen() {
	if n := len(mw.units); n > 0 && !mw.units[n-1].breakNext {
		mw.glue(")")
		return
	}
	mw.add(")")
}

// comment adds a comment: in braces, split into words so that it can wrap,
// or after a ';' if it contains a '}'.
func (mw *movetextWriter) comment(c string) {
	words := strings.Fields(c)
	if len(words) == 0 {
		return
	}
	if strings.Contains(c, "}") {
		mw.add("; " + strings.Join(words, " "))
		mw.units[len(mw.units)-1].breakNext = true
		return
	}
	words[0] = "{" + words[0]
	words[len(words)-1] += "}"
	for i, w := range words {
		// A word that starts with '%' or '[' is kept on the line of the word
		// before it, so that no line starts with an escape or a tag.
		if i > 0 && (w[0] == '%' || w[0] == '[') {
			mw.glue(" " + w)
			continue
		}
		mw.add(w)
	}
}

// line adds the moves ms played from pos, after the comments before them.
func (mw *movetextWriter) line(pos chess.Position, comments []string, ms []Move) error {
	for _, c := range comments {
		mw.comment(c)
	}
	forceNumber := true
	for i := range ms {
		m := &ms[i]
		before := pos
		// The move number is glued to its move: "12. Nf3" never breaks.
		if pos.Turn() == chess.White {
			mw.prefix += strconv.Itoa(pos.FullmoveNumber()) + ". "
		} else if forceNumber {
			mw.prefix += strconv.Itoa(pos.FullmoveNumber()) + "... "
		}
		if m.Move == chess.NullMove {
			if pos.InCheck() {
				n := strconv.Itoa(pos.FullmoveNumber())
				return writeError(CodeWriteIllegalMove, map[string]string{"number": n}, fmt.Errorf("move %s: a null move while in check", n))
			}
			mw.add("--")
			pos.PlayNull()
		} else {
			if !pos.IsLegal(m.Move) {
				n := strconv.Itoa(pos.FullmoveNumber())
				return writeError(CodeWriteIllegalMove, map[string]string{"number": n}, fmt.Errorf("move %s: %w", n, pos.Play(m.Move)))
			}
			mw.add(pos.SAN(m.Move))
			pos.PlayUnchecked(m.Move)
		}
		for _, n := range m.NAGs {
			if n < 0 || n > 255 {
				return writeError(CodeWriteBadNAG, map[string]string{"nag": strconv.Itoa(n)}, fmt.Errorf("bad NAG %d: want 0 to 255", n))
			}
			mw.glue(" $" + strconv.Itoa(n)) // kept with its move
		}
		comments := m.Comments
		if m.HasClock {
			clk := "[%clk " + formatClock(m.Clock) + "]"
			if len(comments) > 0 {
				comments = append([]string{clk + " " + comments[0]}, comments[1:]...)
			} else {
				comments = []string{clk}
			}
		}
		forceNumber = false
		for _, c := range comments {
			if normalizeComment(c) != "" {
				mw.comment(c)
				forceNumber = true
			}
		}
		for _, v := range m.Variations {
			if len(v.Moves) == 0 {
				continue
			}
			mw.prefix = "("
			if err := mw.line(before, v.Comments, v.Moves); err != nil {
				return err
			}
			mw.closeParen()
			forceNumber = true
		}
	}
	return nil
}

// layout writes the units to b in lines of at most maxLineWidth characters,
// except where a single unit is longer.
func (mw *movetextWriter) layout(b *bytes.Buffer) {
	width, empty := 0, true // the current line's width; has it no unit yet?
	for _, u := range mw.units {
		n := utf8.RuneCount(u.text)
		if !empty && width+1+n > maxLineWidth {
			b.WriteByte('\n')
			width, empty = 0, true
		}
		if !empty {
			b.WriteByte(' ')
			width++
		}
		b.Write(u.text)
		width, empty = width+n, false
		if u.breakNext {
			b.WriteByte('\n')
			width, empty = 0, true
		}
	}
}
