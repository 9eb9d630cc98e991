package pgn

import (
	"errors"
	"io"
)

// Reader reads games one after another from PGN text.
//
// A game ends at its termination marker (1-0, 0-1, 1/2-1/2 or *), or, when
// that is missing, at a line that starts with '[' or at the end of input.
// Comments with no game around them, as after the last game, are ignored.
//
// After an [*Error] the Reader can go on: the next call reads the next
// game. A game with a syntax error is skipped up to the next line that
// starts with '[' after a blank line (or with an [Event tag). Other errors,
// such as a failing underlying reader, are returned by every later call.
type Reader struct {
	// SkipVariations makes the reader drop variations instead of keeping
	// them in the move tree. Set it before the first call to Next.
	SkipVariations bool

	p     parser
	games int
	err   error // sticky error of the underlying reader
}

// NewReader returns a Reader that reads from r. It buffers its input.
func NewReader(r io.Reader) *Reader {
	return &Reader{p: parser{lx: newLexer(r)}}
}

// Next reads the next game and checks its moves with package chess. It
// returns io.EOF when there are no more games, and an [*Error] for a game
// that is broken; the next call then reads the game after it.
func (r *Reader) Next() (*Game, error) {
	raw, err := r.NextRaw()
	if err != nil {
		return nil, err
	}
	return raw.Replay()
}

// NextRaw reads the next game through the syntax layer only: no move is
// checked. Errors are as for Next.
func (r *Reader) NextRaw() (*RawGame, error) {
	for {
		g, err := r.nextRaw()
		// Comments alone, as after the last game of a file, are no game.
		if err == nil && len(g.Tags) == 0 && len(g.Moves) == 0 && g.Result == "" {
			r.games--
			continue
		}
		return g, err
	}
}

func (r *Reader) nextRaw() (*RawGame, error) {
	if r.err != nil {
		return nil, r.err
	}
	r.p.skipVars = r.SkipVariations
	t, err := r.p.peek()
	if err == nil && t.kind == tEOF {
		if r.err = r.p.lx.errIO(); r.err != nil {
			return nil, r.err
		}
		return nil, io.EOF
	}
	r.games++
	g := &RawGame{Number: r.games, Line: t.line}
	if err == nil {
		err = r.p.parseGame(g)
	}
	if r.err = r.p.lx.errIO(); r.err != nil {
		return nil, r.err
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			r.err = err
			return nil, err
		}
		e.Game = r.games
		r.p.resync(e.Line)
		return nil, e
	}
	return g, nil
}
