package main

import (
	"context"
	"io"
	"math/rand/v2"

	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/uci"
)

// levelElo is the built-in engine's levels and their measured Elo
// (engine.Level.Elo) as package uci wants them, for UCI_LimitStrength and
// UCI_Elo and for naming levels in matches.
func levelElo() []uci.LevelElo {
	var table []uci.LevelElo
	for _, l := range engine.Levels() {
		table = append(table, uci.LevelElo{Level: l.Number, Elo: l.Elo})
	}
	return table
}

// uciConfig describes the built-in engine to package uci.
func uciConfig() uci.Config {
	return uci.Config{
		Name:          "JoinPal",
		Author:        "the JoinPal authors",
		DefaultHashMB: engine.DefaultHashMB,
		MaxHashMB:     2048,
		MaxThreads:    1,
		MaxMultiPV:    32,
		Levels:        len(engine.Levels()),
		Elo:           levelElo(),
		Bench:         engine.Bench,
	}
}

const uciUsage = `Usage: joinpal uci

Serves the built-in engine over UCI on standard input and output.
Besides the standard commands it takes "bench [depth]" and "d" (print the FEN).
Option Level: 1 (Principiante) to 8 (Maestro); 0, the default, is full strength for analysis.
UCI_LimitStrength with UCI_Elo picks the level nearest to that Elo (as measured in docs/STRENGTH.md).`

// runUCI is "joinpal uci": the built-in engine speaks UCI on stdin/stdout,
// for chess GUIs and adapters such as polyglot.
func runUCI(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newSubcommand("uci", uciUsage, stderr)
	if code, ok := fs.parse(args, 0); !ok {
		return code
	}
	srv := uci.NewServer(newEngineAdapter(rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))), uciConfig())
	if err := srv.Run(stdin, stdout); err != nil {
		return fs.fail(err)
	}
	return exitOK
}

// engineAdapter serves the built-in engine through package uci's Engine
// interface.
type engineAdapter struct {
	e    *engine.Engine
	rnd  *rand.Rand
	opts uci.Options
}

// newEngineAdapter returns the built-in engine at its defaults; rnd drives
// the levels' random choices (nil: the same choice in the same position).
func newEngineAdapter(rnd *rand.Rand) *engineAdapter {
	return &engineAdapter{e: engine.New(engine.Options{Rand: rnd}), rnd: rnd}
}

// SetOptions passes hash, level and MultiPV on; the move overhead goes with
// each search's limits.
func (a *engineAdapter) SetOptions(o uci.Options) {
	a.opts = o
	a.e.SetOptions(engine.Options{HashMB: o.HashMB, Level: o.Level, MultiPV: o.MultiPV, Rand: a.rnd})
}

// NewGame clears the engine's tables.
func (a *engineAdapter) NewGame() { a.e.NewGame() }

// Search runs the engine on the position after p.Moves, with the history it
// needs to see repetitions. Search moves are not supported (uciConfig says so).
func (a *engineAdapter) Search(ctx context.Context, p uci.SearchParams) uci.Result {
	// The engine wants the repetition keys of the positions before the
	// one searched, oldest first.
	history := make([]uint64, 0, len(p.Moves))
	pos := p.Start
	for _, m := range p.Moves {
		history = append(history, pos.RepetitionKey())
		pos.PlayUnchecked(m)
	}
	l := p.Limits
	limits := engine.Limits{
		Depth: l.Depth, Nodes: l.Nodes, MoveTime: l.MoveTime,
		WTime: l.WTime, BTime: l.BTime, WInc: l.WInc, BInc: l.BInc, MovesToGo: l.MovesToGo,
		Infinite: l.Infinite, Mate: l.Mate, MoveOverhead: a.opts.MoveOverhead,
	}
	var onInfo func(engine.Info)
	if p.OnInfo != nil {
		onInfo = func(i engine.Info) { p.OnInfo(uciInfo(i)) }
	}
	res := a.e.Search(ctx, p.Position, history, limits, onInfo)
	return uci.Result{BestMove: res.BestMove, PonderMove: res.PonderMove, Info: uciInfo(res.Info)}
}

// uciInfo converts the engine's report to package uci's.
func uciInfo(i engine.Info) uci.Info {
	return uci.Info{
		Depth: i.Depth, SelDepth: i.SelDepth, MultiPV: i.MultiPV,
		Score: uci.Score{CP: i.Score.CP, Mate: i.Score.Mate}, HasScore: i.Depth > 0,
		Nodes: i.Nodes, NPS: i.NPS, Time: i.Time, HashFull: i.HashFull, PV: i.PV,
	}
}
