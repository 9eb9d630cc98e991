package pgn

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// tokKind is the kind of a PGN token.
type tokKind uint8

const (
	tEOF        tokKind = iota
	tLBracket           // [
	tRBracket           // ]
	tString             // "..." (text is the unescaped value)
	tSymbol             // a SAN move or a tag name
	tMoveNumber         // 12. or 12... or ...
	tResult             // 1-0 0-1 1/2-1/2 *
	tNAG                // $12 or !? and friends (nag is the value)
	tComment            // {...} or ;... (text is the raw comment)
	tLParen             // (
	tRParen             // )
)

var tokNames = [...]string{
	tEOF: "end of input", tLBracket: "'['", tRBracket: "']'", tString: "string",
	tSymbol: "symbol", tMoveNumber: "move number", tResult: "result",
	tNAG: "NAG", tComment: "comment", tLParen: "'('", tRParen: "')'",
}

func (k tokKind) String() string { return tokNames[k] }

// token is one PGN token and where it starts.
type token struct {
	kind      tokKind
	text      string
	nag       int
	line, col int
	lineStart bool // the first token of its line
}

// suffixNAGs maps the move suffix annotations to NAGs 1 to 6.
var suffixNAGs = map[string]int{"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}

// lexer splits PGN text into tokens. It reads line by line so that it can
// skip % escape lines, count lines and columns, and find the start of the
// next game after an error.
type lexer struct {
	br        *bufio.Reader
	buf       []byte // the current line, with its '\n' if any
	pos       int    // next byte of buf to read
	lineNo    int    // 1-based number of the current line
	colPos    int    // a byte offset in buf ...
	col       int    // ... and its 1-based column
	tokSeen   bool   // a token was already read on this line
	prevBlank bool   // the line before the current one was blank
	eof       bool
	ioErr     error
}

func newLexer(r io.Reader) *lexer {
	return &lexer{br: bufio.NewReaderSize(r, 64<<10)}
}

// readLine makes the next line current. It returns false at the end of input.
func (l *lexer) readLine() bool {
	if l.eof {
		return false
	}
	blank := len(bytes.TrimSpace(l.buf)) == 0
	l.buf = l.buf[:0]
	for {
		chunk, err := l.br.ReadSlice('\n')
		l.buf = append(l.buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err != nil {
			if err != io.EOF {
				l.ioErr = err
			}
			l.eof = true
		}
		break
	}
	if len(l.buf) == 0 {
		return false
	}
	if l.lineNo == 0 {
		l.buf = bytes.TrimPrefix(l.buf, []byte("\xef\xbb\xbf"))
	}
	l.prevBlank = blank
	l.lineNo++
	l.pos, l.colPos, l.col = 0, 0, 1
	l.tokSeen = false
	return true
}

// nextLine is readLine skipping % escape lines.
func (l *lexer) nextLine() bool {
	for l.readLine() {
		if len(l.buf) == 0 || l.buf[0] != '%' {
			return true
		}
	}
	return false
}

// column returns the 1-based column of byte offset pos of the current line,
// counting a character (or a byte that is not valid UTF-8) as one column.
func (l *lexer) column(pos int) int {
	if pos < l.colPos {
		l.colPos, l.col = 0, 1
	}
	for l.colPos < pos {
		_, size := utf8.DecodeRune(l.buf[l.colPos:])
		l.colPos += size
		l.col++
	}
	return l.col
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

func isSymbolChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		strings.IndexByte("_+#=:-/", c) >= 0
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// skipSpace moves to the next byte that is not white space, reading lines
// as needed. It returns false at the end of input.
func (l *lexer) skipSpace() bool {
	for {
		for l.pos < len(l.buf) && isSpace(l.buf[l.pos]) {
			l.pos++
		}
		if l.pos < len(l.buf) {
			return true
		}
		if !l.nextLine() {
			return false
		}
	}
}

func (l *lexer) errorf(line, col int, format string, args ...any) *Error {
	return &Error{Line: line, Column: col, Code: CodeSyntax, Err: fmt.Errorf(format, args...)}
}

// next returns the next token.
func (l *lexer) next() (token, error) {
	if l.lineNo == 0 && !l.nextLine() {
		return token{kind: tEOF, line: 1, col: 1}, nil
	}
	if !l.skipSpace() {
		return token{kind: tEOF, line: l.lineNo, col: l.column(len(l.buf))}, nil
	}
	start := l.pos
	t := token{line: l.lineNo, col: l.column(start), lineStart: !l.tokSeen}
	l.tokSeen = true
	c := l.buf[start]
	l.pos++
	switch {
	case c == '[':
		t.kind = tLBracket
	case c == ']':
		t.kind = tRBracket
	case c == '(':
		t.kind = tLParen
	case c == ')':
		t.kind = tRParen
	case c == '*':
		t.kind, t.text = tResult, "*"
	case c == '"':
		return l.lexString(t)
	case c == '{':
		return l.lexBraceComment(t)
	case c == ';':
		end := len(l.buf)
		text := strings.TrimRight(string(l.buf[l.pos:end]), "\r\n")
		l.pos = end
		t.kind, t.text = tComment, text
	case c == '$':
		for l.pos < len(l.buf) && isDigit(l.buf[l.pos]) && l.pos-start <= 4 {
			l.pos++
		}
		digits := string(l.buf[start+1 : l.pos])
		n := 0
		for _, d := range digits {
			n = n*10 + int(d-'0')
		}
		if digits == "" || n > 255 || l.pos < len(l.buf) && isDigit(l.buf[l.pos]) {
			return t, l.errorf(t.line, t.col, "bad NAG %q: want $0 to $255", l.buf[start:l.pos])
		}
		t.kind, t.nag = tNAG, n
	case c == '!' || c == '?':
		for l.pos < len(l.buf) && (l.buf[l.pos] == '!' || l.buf[l.pos] == '?') {
			l.pos++
		}
		s := string(l.buf[start:l.pos])
		n, ok := suffixNAGs[s]
		if !ok {
			return t, l.errorf(t.line, t.col, "unknown annotation %q", s)
		}
		t.kind, t.nag = tNAG, n
	case c == '.':
		for l.pos < len(l.buf) && l.buf[l.pos] == '.' {
			l.pos++
		}
		t.kind = tMoveNumber
	case isDigit(c):
		for l.pos < len(l.buf) && isDigit(l.buf[l.pos]) {
			l.pos++
		}
		if (l.pos == len(l.buf) || !isSymbolChar(l.buf[l.pos])) && string(l.buf[start:l.pos]) != "0000" {
			for l.pos < len(l.buf) && l.buf[l.pos] == '.' {
				l.pos++
			}
			t.kind = tMoveNumber
			break
		}
		l.lexSymbol(&t, start)
	case 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' && l.pos < len(l.buf) && l.buf[l.pos] == '-':
		l.lexSymbol(&t, start)
	default:
		r, _ := utf8.DecodeRune(l.buf[start:])
		if r == utf8.RuneError {
			return t, l.errorf(t.line, t.col, "unexpected byte %#x", c)
		}
		return t, l.errorf(t.line, t.col, "unexpected character %q", r)
	}
	return t, nil
}

// lexSymbol reads a symbol that starts at byte start.
func (l *lexer) lexSymbol(t *token, start int) {
	for l.pos < len(l.buf) && isSymbolChar(l.buf[l.pos]) {
		l.pos++
	}
	if l.buf[l.pos-1] == 'e' && bytes.HasPrefix(l.buf[l.pos:], []byte(".p.")) {
		l.pos += 3 // "exd6e.p." or "e.p."
	}
	t.text = string(l.buf[start:l.pos])
	switch t.text {
	case "1-0", "0-1", "1/2-1/2":
		t.kind = tResult
	default:
		t.kind = tSymbol
	}
}

// lexString reads a tag value. Inside, \" is a quote and \\ a backslash;
// any other backslash is kept. A value that contains unescaped quotes, as
// in [Event "The "Big" Open"], is taken up to the last quote before the
// closing bracket of the line.
func (l *lexer) lexString(t token) (token, error) {
	start := l.pos
	end := -1
	for i := start; i < len(l.buf) && l.buf[i] != '\n'; i++ {
		if l.buf[i] == '\\' && i+1 < len(l.buf) && (l.buf[i+1] == '"' || l.buf[i+1] == '\\') {
			i++
		} else if l.buf[i] == '"' {
			end = i
			break
		}
	}
	if end < 0 {
		return t, l.errorf(t.line, t.col, "unterminated string")
	}
	rest := bytes.TrimLeft(l.buf[end+1:], " \t")
	if len(rest) == 0 || rest[0] != ']' {
		line := bytes.TrimRight(l.buf, " \t\r\n")
		if bytes.HasSuffix(line, []byte("]")) {
			inner := bytes.TrimRight(line[:len(line)-1], " \t")
			if q := len(inner) - 1; q > end && inner[q] == '"' {
				end = q
			}
		}
	}
	t.kind, t.text = tString, unescape(l.buf[start:end])
	l.pos = end + 1
	return t, nil
}

func unescape(b []byte) string {
	if bytes.IndexByte(b, '\\') < 0 {
		return string(b)
	}
	var sb strings.Builder
	for i := 0; i < len(b); i++ {
		if b[i] == '\\' && i+1 < len(b) && (b[i+1] == '"' || b[i+1] == '\\') {
			i++
		}
		sb.WriteByte(b[i])
	}
	return sb.String()
}

// lexBraceComment reads a {comment}, which may span lines. A comment that
// runs into a blank line followed by an [Event tag is taken as unterminated,
// so that the next game can still be read.
func (l *lexer) lexBraceComment(t token) (token, error) {
	if i := bytes.IndexByte(l.buf[l.pos:], '}'); i >= 0 {
		t.kind, t.text = tComment, string(l.buf[l.pos:l.pos+i])
		l.pos += i + 1
		return t, nil
	}
	var sb strings.Builder
	sb.Write(l.buf[l.pos:])
	for l.readLine() {
		if l.prevBlank && bytes.HasPrefix(l.buf, []byte("[Event ")) {
			return t, l.errorf(t.line, t.col, "unterminated comment")
		}
		if i := bytes.IndexByte(l.buf, '}'); i >= 0 {
			sb.Write(l.buf[:i])
			l.pos = i + 1
			l.tokSeen = true // what follows on this line does not start it
			t.kind, t.text = tComment, sb.String()
			return t, nil
		}
		sb.Write(l.buf)
	}
	l.pos = len(l.buf)
	return t, l.errorf(t.line, t.col, "unterminated comment")
}

// atGameStart reports whether the current line may start a game after a
// broken one: it starts with '[' and follows a blank line, or starts with
// an [Event tag.
func (l *lexer) atGameStart() bool {
	line := bytes.TrimLeft(l.buf, " \t")
	return len(line) > 0 && line[0] == '[' && (l.prevBlank || bytes.HasPrefix(line, []byte("[Event ")))
}

// skipToGame moves to the start of the next game after an error on line
// errLine: the current line if it is after errLine, has not been read from
// and starts a game, else the next line that starts a game, else the end.
func (l *lexer) skipToGame(errLine int) {
	if l.lineNo > errLine && l.pos == 0 && l.atGameStart() {
		return
	}
	for l.nextLine() {
		if l.atGameStart() {
			return
		}
	}
	l.pos = len(l.buf)
}

// errIO reports a read error of the underlying reader, if any.
func (l *lexer) errIO() error {
	if l.ioErr != nil {
		return fmt.Errorf("pgn: %w", l.ioErr)
	}
	return nil
}
