package pgn

import (
	"errors"
	"strconv"
)

// maxDepth is how deeply variations may nest. Deeper input is an error
// (unless variations are skipped), so that hostile input cannot exhaust the
// stack.
const maxDepth = 100

// RawGame is a game as written, read by the syntax layer: its tags and its
// tree of move tokens, before any move is checked against the rules.
type RawGame struct {
	// Number is the 1-based number of the game in its stream; Line is the
	// line of its first token.
	Number, Line int
	// Tags are the tag pairs in the order read.
	Tags Tags
	// Comments are the comments before the first move.
	Comments []string
	// Moves is the mainline.
	Moves []RawMove
	// Result is the game termination marker ("1-0", "0-1", "1/2-1/2" or
	// "*"), or "" if the movetext had none.
	Result string

	fenAt, variantAt where // where the FEN and Variant tags' values are, for errors
}

// where is a place in the input.
type where struct{ line, col int }

// RawMove is one move token of a RawGame with what follows it.
type RawMove struct {
	// SAN is the move as written, such as "Nf3", "0-0" or "exd5+".
	SAN string
	// Line and Column are where the move is written.
	Line, Column int
	// Comments are the comments after the move, as written between the
	// braces (or after the semicolon).
	Comments []string
	// NAGs are the numeric annotation glyphs after the move; the suffixes
	// !, ?, !!, ??, !? and ?! are read as NAGs 1 to 6.
	NAGs []int
	// Variations are the alternatives to this move, each played from the
	// position before it. Variations without moves are dropped.
	Variations []RawVariation
}

// RawVariation is a parenthesized variation: comments before its first
// move, then its moves.
type RawVariation struct {
	Comments []string
	Moves    []RawMove
}

// parser turns tokens into RawGames. It keeps one token of look-ahead,
// which may carry over from one game to the next.
type parser struct {
	lx       *lexer
	tok      token
	tokErr   error
	peeked   bool
	skipVars bool
}

func (p *parser) peek() (token, error) {
	if !p.peeked {
		p.tok, p.tokErr = p.lx.next()
		p.peeked = true
	}
	return p.tok, p.tokErr
}

func (p *parser) next() (token, error) {
	t, err := p.peek()
	p.peeked = false
	return t, err
}

// errAt returns a syntax error at token t.
func errAt(t token, msg string) *Error {
	return &Error{Line: t.line, Column: t.col, Code: CodeSyntax, Err: errors.New(msg)}
}

// resync drops the rest of a broken game after an error on line errLine.
// A '[' that starts a line after errLine is kept: it starts the next game.
func (p *parser) resync(errLine int) {
	if p.peeked && p.tokErr == nil && p.tok.kind == tLBracket && p.tok.lineStart && p.tok.line > errLine {
		return
	}
	p.peeked = false
	p.lx.skipToGame(errLine)
}

// parseGame reads the tag section and the movetext of one game into g.
func (p *parser) parseGame(g *RawGame) error {
	index := map[string]int{} // where each tag name is in g.Tags
	for {
		t, err := p.peek()
		if err != nil {
			return err
		}
		if t.kind != tLBracket {
			break
		}
		p.next()
		name, err := p.next()
		if err != nil {
			return err
		}
		if name.kind != tSymbol {
			return errAt(name, "want a tag name after '[', got "+name.kind.String())
		}
		if !validTagName(name.text) {
			return errAt(name, "bad tag name "+strconv.Quote(name.text))
		}
		value, err := p.next()
		if err != nil {
			return err
		}
		if value.kind != tString {
			return errAt(value, "want a quoted tag value after "+name.text+", got "+value.kind.String())
		}
		closing, err := p.next()
		if err != nil {
			return err
		}
		if closing.kind != tRBracket {
			return errAt(closing, "want ']' after the value of "+name.text+", got "+closing.kind.String())
		}
		if i, ok := index[name.text]; ok {
			g.Tags[i].Value = value.text
		} else {
			index[name.text] = len(g.Tags)
			g.Tags = append(g.Tags, Tag{Name: name.text, Value: value.text})
		}
		switch name.text {
		case "FEN":
			g.fenAt = where{value.line, value.col}
		case "Variant":
			g.variantAt = where{value.line, value.col}
		}
	}
	var main RawVariation
	err := p.parseMoves(g, &main, 0, token{})
	g.Comments, g.Moves = main.Comments, main.Moves
	return err
}

// parseMoves reads moves into v until the end of the variation (depth > 0,
// opened by token open) or of the game (depth 0).
func (p *parser) parseMoves(g *RawGame, v *RawVariation, depth int, open token) error {
	for {
		t, err := p.peek()
		if err != nil {
			return err
		}
		switch t.kind {
		case tEOF:
			if depth > 0 {
				return errAt(open, "unclosed variation")
			}
			return nil
		case tLBracket:
			if !t.lineStart {
				return errAt(t, "unexpected '[' in movetext")
			}
			if depth > 0 {
				return errAt(open, "unclosed variation")
			}
			return nil // a new game starts: this one has no result
		case tResult:
			if depth > 0 {
				return errAt(open, "unclosed variation before the result")
			}
			p.next()
			g.Result = t.text
			return nil
		case tRParen:
			p.next()
			if depth == 0 {
				return errAt(t, "unexpected ')'")
			}
			return nil
		case tLParen:
			p.next()
			if len(v.Moves) == 0 {
				return errAt(t, "variation before any move")
			}
			last := &v.Moves[len(v.Moves)-1]
			if p.skipVars {
				if err := p.skipVariation(t); err != nil {
					return err
				}
				continue
			}
			if depth+1 > maxDepth {
				return errAt(t, "variations nested too deeply")
			}
			var sub RawVariation
			if err := p.parseMoves(g, &sub, depth+1, t); err != nil {
				return err
			}
			if len(sub.Moves) > 0 {
				last.Variations = append(last.Variations, sub)
			}
		case tMoveNumber:
			p.next()
		case tSymbol:
			p.next()
			if t.text == "e.p." && len(v.Moves) > 0 {
				continue // "exd6 e.p.": the move says it already
			}
			v.Moves = append(v.Moves, RawMove{SAN: t.text, Line: t.line, Column: t.col})
		case tNAG:
			p.next()
			if len(v.Moves) == 0 {
				return errAt(t, "NAG before any move")
			}
			last := &v.Moves[len(v.Moves)-1]
			last.NAGs = append(last.NAGs, t.nag)
		case tComment:
			p.next()
			if len(v.Moves) == 0 {
				v.Comments = append(v.Comments, t.text)
			} else {
				last := &v.Moves[len(v.Moves)-1]
				last.Comments = append(last.Comments, t.text)
			}
		default:
			return errAt(t, "unexpected "+t.kind.String()+" in movetext")
		}
	}
}

// skipVariation skips the rest of the variation opened by token open.
func (p *parser) skipVariation(open token) error {
	for depth := 1; depth > 0; {
		t, err := p.peek()
		if err != nil {
			return err
		}
		switch {
		case t.kind == tEOF || t.kind == tResult || t.kind == tLBracket && t.lineStart:
			return errAt(open, "unclosed variation")
		case t.kind == tLParen:
			depth++
		case t.kind == tRParen:
			depth--
		}
		p.next()
	}
	return nil
}
