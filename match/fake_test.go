package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/uci"
)

// scripted is a Player whose moves a function chooses.
type scripted struct {
	choose func(pos chess.Position) (chess.Move, error)
	closed *atomic.Int32
}

func (p *scripted) NewGame(context.Context) error { return nil }

func (p *scripted) Close() error {
	if p.closed != nil {
		p.closed.Add(1)
	}
	return nil
}

func (p *scripted) Move(ctx context.Context, start chess.Position, moves []chess.Move, _ uci.Limits) (chess.Move, error) {
	pos := start
	for _, m := range moves {
		if err := pos.Play(m); err != nil {
			return chess.NullMove, err
		}
	}
	return p.choose(pos)
}

// engineOf makes an Engine of scripted players; starts counts the players
// started.
func engineOf(name string, starts, closes *atomic.Int32, choose func(pos chess.Position) (chess.Move, error)) Engine {
	return Engine{Name: name, Start: func(context.Context) (Player, error) {
		if starts != nil {
			starts.Add(1)
		}
		return &scripted{choose: choose, closed: closes}, nil
	}}
}

// random plays a random legal move, from a generator seeded by the position
// so that games are repeatable.
func random(pos chess.Position) (chess.Move, error) {
	moves := pos.LegalMoves(nil)
	r := rand.New(rand.NewPCG(pos.Key(), 7))
	return moves[r.IntN(len(moves))], nil
}

// greedy takes the most valuable piece it can, or plays randomly; it mates
// in one when it can. It beats random most of the time.
func greedy(pos chess.Position) (chess.Move, error) {
	moves := pos.LegalMoves(nil)
	best, bestValue := chess.NullMove, 0
	values := map[chess.PieceType]int{chess.Pawn: 1, chess.Knight: 3, chess.Bishop: 3, chess.Rook: 5, chess.Queen: 9}
	for _, m := range moves {
		after := pos
		after.PlayUnchecked(m)
		if after.InCheck() && !after.HasLegalMoves() {
			return m, nil
		}
		if v := values[pos.PieceAt(m.To()).Type()]; v > bestValue && !m.IsCastling() {
			best, bestValue = m, v
		}
	}
	if best != chess.NullMove {
		return best, nil
	}
	return random(pos)
}

// illegal always answers a move that is not legal.
func illegal(chess.Position) (chess.Move, error) { return chess.NullMove, nil }

// crashing fails at once, as a dead engine does.
func crashing(chess.Position) (chess.Move, error) {
	return chess.NullMove, errors.New("uci: engine exited")
}

// slowPlayer waits until its context is done before moving: it always
// oversteps its time.
type slowPlayer struct{ scripted }

func (p *slowPlayer) Move(ctx context.Context, start chess.Position, moves []chess.Move, l uci.Limits) (chess.Move, error) {
	<-ctx.Done()
	return p.scripted.Move(ctx, start, moves, l)
}

func slowEngine(name string) Engine {
	return Engine{Name: name, Start: func(context.Context) (Player, error) {
		return &slowPlayer{scripted{choose: random}}, nil
	}}
}
