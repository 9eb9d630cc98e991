package match

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/uci"
)

// Player is one running engine, playing one game at a time.
type Player interface {
	// NewGame prepares the engine for a new game.
	NewGame(ctx context.Context) error
	// Move returns the engine's move after moves from start, within
	// limits. It should return soon after ctx is done. A move that is not
	// legal is the engine's fault, not an error of Move; an error means
	// the engine failed (crashed, stopped answering).
	Move(ctx context.Context, start chess.Position, moves []chess.Move, limits uci.Limits) (chess.Move, error)
	// Close ends the engine.
	Close() error
}

// Engine is a contestant of a match: its name, and how to start a Player
// for it (one per game played at the same time, and a new one after a crash).
type Engine struct {
	Name  string
	Start func(ctx context.Context) (Player, error)
}

// UCIEngine is an external engine run as a process through a uci.Client,
// given options (name, value pairs) after the handshake. An option the
// engine does not declare makes Start fail.
func UCIEngine(name string, cmd uci.Command, options [][2]string) Engine {
	return Engine{Name: name, Start: func(ctx context.Context) (Player, error) {
		c, err := uci.Start(ctx, cmd)
		if err != nil {
			return nil, err
		}
		for _, o := range options {
			if err := c.SetOption(o[0], o[1]); err != nil {
				c.Close()
				return nil, err
			}
		}
		if err := c.IsReady(ctx); err != nil {
			c.Close()
			return nil, err
		}
		return uciPlayer{c}, nil
	}}
}

type uciPlayer struct{ c *uci.Client }

func (p uciPlayer) NewGame(ctx context.Context) error { return p.c.NewGame(ctx) }
func (p uciPlayer) Close() error                      { return p.c.Close() }

func (p uciPlayer) Move(ctx context.Context, start chess.Position, moves []chess.Move, limits uci.Limits) (chess.Move, error) {
	res, err := p.c.Go(ctx, uci.Search{Start: start, Moves: moves, Limits: limits})
	return res.BestMove, err
}

// InProcess is an engine running in this process behind package uci's
// Engine interface: newEngine makes one engine per Player, which gets opts.
func InProcess(name string, newEngine func() uci.Engine, opts uci.Options) Engine {
	return Engine{Name: name, Start: func(ctx context.Context) (Player, error) {
		e := newEngine()
		e.SetOptions(opts)
		return &inProcess{e: e}, nil
	}}
}

type inProcess struct{ e uci.Engine }

func (p *inProcess) NewGame(context.Context) error { p.e.NewGame(); return nil }
func (p *inProcess) Close() error                  { return nil }

// Move searches; a panic of the engine is returned as an error, as a crash.
func (p *inProcess) Move(ctx context.Context, start chess.Position, moves []chess.Move, limits uci.Limits) (m chess.Move, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("match: engine panicked: %v", r)
		}
	}()
	pos := start
	for _, mv := range moves {
		pos.PlayUnchecked(mv)
	}
	res := p.e.Search(ctx, uci.SearchParams{Start: start, Moves: moves, Position: pos, Limits: limits})
	return res.BestMove, nil
}

// TimeControl is how long the engines may think. Exactly one of Base (a
// clock for the game, with Inc added after each move) and MoveTime (a fixed
// time per move) is set, or neither when Depth or Nodes limit each move.
type TimeControl struct {
	Base, Inc time.Duration
	MoveTime  time.Duration
	// Depth and Nodes limit each search (they may go with a clock).
	Depth int
	Nodes uint64
	// Margin is how far an engine may overstep its time before it loses
	// on time.
	Margin time.Duration
}

// String writes the time control as PGN's TimeControl tag does: "10+0.1"
// for a clock, "1/0.1" for a fixed time per move, "-" for none. Seconds
// are written in plain decimals, never with an exponent.
func (tc TimeControl) String() string {
	secs := formatSeconds
	switch {
	case tc.MoveTime > 0:
		return "1/" + secs(tc.MoveTime)
	case tc.Base > 0 && tc.Inc > 0:
		return secs(tc.Base) + "+" + secs(tc.Inc)
	case tc.Base > 0:
		return secs(tc.Base)
	}
	return "-"
}

// formatSeconds writes d in seconds with as many decimals as it needs and
// no exponent: "10", "0.1", "0.000000001".
func formatSeconds(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	whole, frac := int64(d/time.Second), int64(d%time.Second)
	if frac == 0 {
		return sign + strconv.FormatInt(whole, 10)
	}
	decimals := strings.TrimRight(fmt.Sprintf("%09d", frac), "0")
	return sign + strconv.FormatInt(whole, 10) + "." + decimals
}
