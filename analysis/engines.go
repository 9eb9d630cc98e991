package analysis

import (
	"context"
	"fmt"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/uci"
)

// Builtin evaluates with JoinPal's own engine at full strength, searching
// a fixed number of nodes per position: the same answers on any machine.
type Builtin struct {
	eng   *engine.Engine
	nodes uint64
}

// DefaultBuiltinNodes is the built-in engine's budget per position.
const DefaultBuiltinNodes = 150_000

// NewBuiltin returns the built-in evaluator with a budget of nodes per
// position (DefaultBuiltinNodes when 0) and a 32 MB transposition table.
func NewBuiltin(nodes uint64) *Builtin {
	if nodes == 0 {
		nodes = DefaultBuiltinNodes
	}
	return &Builtin{eng: engine.New(engine.Options{HashMB: 32}), nodes: nodes}
}

// Name names the engine and its budget.
func (b *Builtin) Name() string { return fmt.Sprintf("JoinPal, %d nodes", b.nodes) }

// Evaluate searches the position reached from start by moves.
func (b *Builtin) Evaluate(ctx context.Context, start chess.Position, moves []chess.Move) (Line, error) {
	history := make([]uint64, len(moves))
	pos := start
	for i, m := range moves {
		history[i] = pos.RepetitionKey()
		if err := pos.Play(m); err != nil {
			return Line{}, err
		}
	}
	res := b.eng.Search(ctx, pos, history, engine.Limits{Nodes: b.nodes}, nil)
	if err := ctx.Err(); err != nil {
		return Line{}, err
	}
	return Line{CP: res.Info.Score.CP, Mate: res.Info.Score.Mate, Best: res.BestMove, PV: res.Info.PV}, nil
}

// UCI evaluates with an external UCI engine such as Stockfish, searching
// to a fixed depth per position.
type UCI struct {
	client *uci.Client
	depth  int
}

// DefaultUCIDepth is an external engine's depth per position.
const DefaultUCIDepth = 14

// NewUCI starts the engine of cmd and returns its evaluator searching to
// depth plies (DefaultUCIDepth when 0). Close ends the engine.
func NewUCI(ctx context.Context, cmd uci.Command, depth int) (*UCI, error) {
	c, err := uci.Start(ctx, cmd)
	if err != nil {
		return nil, fmt.Errorf("analysis: %w", err)
	}
	if depth == 0 {
		depth = DefaultUCIDepth
	}
	if err := c.NewGame(ctx); err != nil {
		c.Close()
		return nil, fmt.Errorf("analysis: %w", err)
	}
	return &UCI{client: c, depth: depth}, nil
}

// Name names the engine and its depth.
func (u *UCI) Name() string { return fmt.Sprintf("%s, depth %d", u.client.Name(), u.depth) }

// Evaluate searches the position reached from start by moves.
func (u *UCI) Evaluate(ctx context.Context, start chess.Position, moves []chess.Move) (Line, error) {
	res, err := u.client.Go(ctx, uci.Search{Start: start, Moves: moves, Limits: uci.Limits{Depth: u.depth}})
	if err != nil {
		return Line{}, fmt.Errorf("analysis: %w", err)
	}
	return Line{CP: res.Info.Score.CP, Mate: res.Info.Score.Mate, Best: res.BestMove, PV: res.Info.PV}, nil
}

// Close ends the engine's process.
func (u *UCI) Close() error { return u.client.Close() }
