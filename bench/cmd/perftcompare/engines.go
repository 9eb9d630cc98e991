package main

import (
	"fmt"

	notnil "github.com/corentings/chess/v2"
	"github.com/joinpal/joinpal/chess"
)

// An engine counts perft leaves. prepare parses the FEN once, outside the
// timed part; the returned function is what is timed.
type engine interface {
	prepare(fen string) (func(depth int) (uint64, error), error)
}

// joinpal runs chess.Perft in this process: single thread, the last ply
// counted in bulk with Position.CountLegal.
type joinpal struct{}

func (joinpal) prepare(fen string) (func(int) (uint64, error), error) {
	pos, err := chess.ParseFENWith(fen, chess.GeneratorTest(chess.Standard)) // as joinpal perft
	if err != nil {
		return nil, err
	}
	return func(depth int) (uint64, error) {
		p := pos
		return chess.Perft(&p, depth), nil
	}, nil
}

// notnilChess walks the tree with the public API of github.com/notnil/chess
// as continued by its maintained fork github.com/corentings/chess/v2:
// Position.ValidMoves() for the legal moves and Position.Update(&move) for
// the child position (the library has no unmake). The last ply is counted in
// bulk: len(ValidMoves()) without playing the moves.
type notnilChess struct{}

func (notnilChess) prepare(fen string) (func(int) (uint64, error), error) {
	var pos notnil.Position
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return nil, fmt.Errorf("notnil/chess: %w", err)
	}
	return func(depth int) (uint64, error) {
		// A fresh copy each run: ValidMoves caches its result in the position.
		var p notnil.Position
		if err := p.UnmarshalText([]byte(fen)); err != nil {
			return 0, err
		}
		return notnilPerft(&p, depth), nil
	}, nil
}

func notnilPerft(p *notnil.Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	moves := p.ValidMoves()
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for i := range moves {
		n += notnilPerft(p.Update(&moves[i]), depth-1)
	}
	return n
}
