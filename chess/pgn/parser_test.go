package pgn

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
)

// dumpRaw writes a RawGame compactly: [Name=Value] tags, {comments}, SAN,
// $NAGs, (variations) and "=> result".
func dumpRaw(g *RawGame) string {
	var sb strings.Builder
	for _, t := range g.Tags {
		fmt.Fprintf(&sb, "[%s=%s] ", t.Name, t.Value)
	}
	dumpRawLine(&sb, g.Comments, g.Moves)
	fmt.Fprintf(&sb, "=> %q", g.Result)
	return sb.String()
}

func dumpRawLine(sb *strings.Builder, comments []string, ms []RawMove) {
	for _, c := range comments {
		fmt.Fprintf(sb, "{%s} ", c)
	}
	for _, m := range ms {
		sb.WriteString(m.SAN + " ")
		for _, n := range m.NAGs {
			fmt.Fprintf(sb, "$%d ", n)
		}
		for _, c := range m.Comments {
			fmt.Fprintf(sb, "{%s} ", c)
		}
		for _, v := range m.Variations {
			sb.WriteString("( ")
			dumpRawLine(sb, v.Comments, v.Moves)
			sb.WriteString(") ")
		}
	}
}

// readAllRaw reads every game of s, with errors as "error: ..." entries.
func readAllRaw(s string, skipVariations bool) []string {
	r := NewReader(strings.NewReader(s))
	r.SkipVariations = skipVariations
	var out []string
	for {
		g, err := r.NextRaw()
		if err == io.EOF {
			return out
		}
		if err != nil {
			out = append(out, "error: "+err.Error())
			continue
		}
		out = append(out, dumpRaw(g))
	}
}

func TestReadRaw(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"empty", "", nil},
		{"blank", "  \n\n\t\n", nil},
		{"tags only", `[Event "x"]` + "\n", []string{`[Event=x] => ""`}},
		{"tags and moves", "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 2. Nf3 *\n",
			[]string{`[Event=x] [Site=y] e4 e5 Nf3 => "*"`}},
		{"escaped tag value", `[White "a \"q\" \\ b"] *`, []string{`[White=a "q" \ b] => "*"`}},
		{"other backslash kept", `[Site "C:\games"] *`, []string{`[Site=C:\games] => "*"`}},
		{"unescaped quotes in value", `[Event "The "Big" Open"]` + "\n*", []string{`[Event=The "Big" Open] => "*"`}},
		{"empty tag value", `[Event ""] *`, []string{`[Event=] => "*"`}},
		{"two tags on a line", `[Event "x"] [Site "y"] *`, []string{`[Event=x] [Site=y] => "*"`}},
		{"repeated tag replaces", "[White \"a\"]\n[Black \"b\"]\n[White \"c\"] *", []string{`[White=c] [Black=b] => "*"`}},
		{"no tags", "1. e4 e5 1-0", []string{`e4 e5 => "1-0"`}},
		{"no result", "[Event \"x\"]\n1. e4", []string{`[Event=x] e4 => ""`}},
		{"no result before next game", "[Event \"a\"]\n1. e4\n[Event \"b\"]\n1. d4 *",
			[]string{`[Event=a] e4 => ""`, `[Event=b] d4 => "*"`}},
		{"no blank line between games", "[Event \"a\"]\n1. e4 1-0\n[Event \"b\"]\n1. d4 0-1",
			[]string{`[Event=a] e4 => "1-0"`, `[Event=b] d4 => "0-1"`}},
		{"results", "1-0 0-1 1/2-1/2 *", []string{`=> "1-0"`, `=> "0-1"`, `=> "1/2-1/2"`, `=> "*"`}},
		{"move numbers", "1.e4 e5 2 Nf3 2...Nc6 3. . Bb5 *", []string{`e4 e5 Nf3 Nc6 Bb5 => "*"`}},
		{"black move number after comment", "1. e4 {c} 1... e5 *", []string{`e4 {c} e5 => "*"`}},
		{"castling with zeros", "1. 0-0 0-0-0 *", []string{`0-0 0-0-0 => "*"`}},
		{"suffix annotations", "1. e4! e5? 2. d4!! d5?? 3. c4!? c5?! *",
			[]string{`e4 $1 e5 $2 d4 $3 d5 $4 c4 $5 c5 $6 => "*"`}},
		{"numeric NAGs", "1. e4 $1 $14 e5 $0 $255 *", []string{`e4 $1 $14 e5 $0 $255 => "*"`}},
		{"check and promotion symbols", "1. e8=Q+ Nxf7# 2. exd6e.p. *", []string{`e8=Q+ Nxf7# exd6e.p. => "*"`}},
		{"e.p. after the move is dropped", "1. exd6 e.p. *", []string{`exd6 => "*"`}},
		{"null moves", "1. e4 -- 2. Z0 *", []string{`e4 -- Z0 => "*"`}},
		{"brace comments", "{before} 1. e4 {after e4} {again} e5 {x} *",
			[]string{`{before} e4 {after e4} {again} e5 {x} => "*"`}},
		{"multi-line comment", "1. e4 {one\ntwo} *", []string{"e4 {one\ntwo} => \"*\""}},
		{"rest-of-line comment", "1. e4 ; a } comment\ne5 *", []string{`e4 { a } comment} e5 => "*"`}},
		{"rest-of-line comment CRLF", "1. e4 ;c\r\ne5 *", []string{`e4 {c} e5 => "*"`}},
		{"comment brace inside rest-of-line", "1. e4 {a ; b} *", []string{`e4 {a ; b} => "*"`}},
		{"escape lines", "% skip me [Event \"no\"]\n[Event \"x\"]\n%1. d4\n1. e4 *", []string{`[Event=x] e4 => "*"`}},
		{"percent inside comment is text", "1. e4 {a\n% b} *", []string{"e4 {a\n% b} => \"*\""}},
		{"BOM", "\xef\xbb\xbf[Event \"x\"] *", []string{`[Event=x] => "*"`}},
		{"CRLF", "[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n", []string{`[Event=x] e4 e5 => "*"`}},
		{"variation", "1. e4 (1. d4 d5) e5 *", []string{`e4 ( d4 d5 ) e5 => "*"`}},
		{"variations nested", "1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) (1... e6) 2. Nf3 *",
			[]string{`e4 e5 ( c5 Nf3 ( c3 ) d6 ) ( e6 ) Nf3 => "*"`}},
		{"comment at variation start", "1. e4 ({start} 1. d4 {after}) *", []string{`e4 ( {start} d4 {after} ) => "*"`}},
		{"comment after variation goes to the move", "1. e4 (1. d4) {c} e5 *", []string{`e4 {c} ( d4 ) e5 => "*"`}},
		{"empty variation dropped", "1. e4 () ({only a comment}) e5 *", []string{`e4 e5 => "*"`}},
		{"only comments is no game", "1. e4 *\n{trailing}\n", []string{`e4 => "*"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := readAllRaw(tt.in, false)
			if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
				t.Errorf("read %q\n got: %q\nwant: %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestReadRawSkipVariations(t *testing.T) {
	got := readAllRaw("1. e4 (1. d4 (1. c4) {x} d5) {c} e5 ((()) ) 2. Nf3 *\n[Event \"b\"] 1. d4 (1. e4 *", true)
	want := []string{
		`e4 {c} e5 Nf3 => "*"`,
		"error: pgn: game 2, line 2, column 19: unclosed variation",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func TestReadRawPositions(t *testing.T) {
	r := NewReader(strings.NewReader("\n[Event \"é\"]\n\n1. e4 {ü}\n  e5 2.Nf3 *"))
	g, err := r.NextRaw()
	if err != nil {
		t.Fatal(err)
	}
	if g.Number != 1 || g.Line != 2 {
		t.Errorf("game %d at line %d, want 1 at 2", g.Number, g.Line)
	}
	want := [][2]int{{4, 4}, {5, 3}, {5, 8}}
	for i, m := range g.Moves {
		if m.Line != want[i][0] || m.Column != want[i][1] {
			t.Errorf("%s at %d:%d, want %d:%d", m.SAN, m.Line, m.Column, want[i][0], want[i][1])
		}
	}
}

func TestReadRawErrors(t *testing.T) {
	tests := []struct {
		name, in       string
		line, col      int
		msg            string
		thenReadsGameB bool
	}{
		{"stray character", "1. e4 @ e5 *", 1, 7, `unexpected character '@'`, false},
		{"stray non-ASCII", "1. e4 ½ *", 1, 7, `unexpected character '½'`, false},
		{"bad byte", "1. e4 \xff *", 1, 7, `unexpected byte 0xff`, false},
		{"column counts characters", "{ü} @", 1, 5, `unexpected character '@'`, false},
		{"column counts bad bytes", "{\x9d\xff} @", 1, 6, `unexpected character '@'`, false},
		{"unterminated string", "[Event \"x\n1. e4 *\n\n[Event \"B\"] *", 1, 8, "unterminated string", true},
		{"tag name missing", "[\"x\"] *\n\n[Event \"B\"] *", 1, 2, "want a tag name after '[', got string", true},
		{"bad tag name", "[e.p. \"x\"] *\n\n[Event \"B\"] *", 1, 2, `bad tag name "e.p."`, true},
		{"tag value missing", "[Event x] *\n\n[Event \"B\"] *", 1, 8, "want a quoted tag value after Event, got symbol", true},
		{"tag not closed", "[Event \"x\" *\n\n[Event \"B\"] *", 1, 12, "want ']' after the value of Event, got result", true},
		{"bracket in movetext", "1. e4 [Event \"x\"] *\n\n[Event \"B\"] *", 1, 7, "unexpected '[' in movetext", true},
		{"string in movetext", "1. e4 \"x\" *", 1, 7, "unexpected string in movetext", false},
		{"unexpected close paren", "1. e4 ) *\n[Event \"B\"] *", 1, 7, "unexpected ')'", true},
		{"unclosed variation at end", "1. e4 (1. d4", 1, 7, "unclosed variation", false},
		{"unclosed variation before result", "1. e4 (1. d4 *", 1, 7, "unclosed variation before the result", false},
		{"unclosed variation before next game", "1. e4 (1. d4\n[Event \"B\"] *", 1, 7, "unclosed variation", true},
		{"variation before any move", "(1. d4) 1. e4 *", 1, 1, "variation before any move", false},
		{"NAG before any move", "$1 1. e4 *", 1, 1, "NAG before any move", false},
		{"bad NAG", "1. e4 $256 *", 1, 7, `bad NAG "$256": want $0 to $255`, false},
		{"long NAG", "1. e4 $123456 *", 1, 7, `bad NAG "$1234": want $0 to $255`, false},
		{"empty NAG", "1. e4 $ *", 1, 7, `bad NAG "$": want $0 to $255`, false},
		{"unknown annotation", "1. e4 !!! *", 1, 7, `unknown annotation "!!!"`, false},
		{"unterminated comment", "1. e4 {oops\n1. d4 *", 1, 7, "unterminated comment", false},
		{"unterminated comment before next game", "1. e4 {oops\n\n[Event \"B\"] *", 1, 7, "unterminated comment", true},
		{"too deep", "1. e4 " + strings.Repeat("(1. d4 ", maxDepth+1), 1, 7 + 7*maxDepth, "variations nested too deeply", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(tt.in))
			_, err := r.NextRaw()
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("got %v, want *Error", err)
			}
			if e.Game != 1 || e.Line != tt.line || e.Column != tt.col || e.Code != CodeSyntax || e.Err.Error() != tt.msg {
				t.Errorf("got game %d, %d:%d %s %q; want game 1, %d:%d %s %q",
					e.Game, e.Line, e.Column, e.Code, e.Err, tt.line, tt.col, CodeSyntax, tt.msg)
			}
			want := fmt.Sprintf("pgn: game 1, line %d, column %d: %s", tt.line, tt.col, tt.msg)
			if err.Error() != want {
				t.Errorf("Error() = %q, want %q", err, want)
			}
			g, err := r.NextRaw()
			if tt.thenReadsGameB {
				if err != nil || g.Tags.Get("Event") != "B" || g.Number != 2 {
					t.Errorf("after the error: %v, %v; want game 2 with Event B", g, err)
				}
			} else if err != io.EOF {
				t.Errorf("after the error: %v, %v; want io.EOF", g, err)
			}
		})
	}
}

// errReader returns some text, then an error.
type errReader struct {
	s   string
	err error
}

func (r *errReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, r.err
	}
	n := copy(p, r.s)
	r.s = r.s[n:]
	return n, nil
}

func TestReadIOError(t *testing.T) {
	boom := errors.New("boom")
	r := NewReader(&errReader{s: "[Event \"x\"]\n1. e4 e5 *\n\n[Event \"y\"]\n1. d4", err: boom})
	if g, err := r.NextRaw(); err != nil || g.Tags.Get("Event") != "x" {
		t.Fatalf("first game: %v, %v", g, err)
	}
	for range 2 {
		_, err := r.NextRaw()
		if !errors.Is(err, boom) || !strings.HasPrefix(err.Error(), "pgn: ") {
			t.Fatalf("got %v, want pgn: boom", err)
		}
		var e *Error
		if errors.As(err, &e) {
			t.Errorf("an I/O error is not an *Error: %v", e)
		}
	}
}
