package strength

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/match"
)

// Config is a measurement of the AI's levels: which levels, against what,
// how many games, and the engines to play them.
type Config struct {
	// First and Last are the levels measured (1 to 8, First <= Last).
	First, Last int
	// Anchors maps a level to the UCI_Elo setting of the Stockfish it plays
	// (see [ParseAnchors]); a level without one plays only its neighbours.
	Anchors map[int]int
	// Adjacent also pairs each level with the next one up.
	Adjacent bool
	// Games is the number of games a pairing (even: colours swap).
	Games       int
	TimeControl match.TimeControl
	// Concurrency is the number of games played at once (1 or 2).
	Concurrency int
	// PGNDir, if not empty, receives each pairing's games as NAME-NAME.pgn.
	PGNDir string
	// Level returns the built-in engine playing at level n, named name.
	Level func(n int, name string) (match.Engine, error)
	// Stockfish returns Stockfish limited to UCI_Elo elo, named name.
	Stockfish func(elo int, name string) (match.Engine, error)
	// Progress, if not nil, receives a line per pairing and match's
	// reports after every game.
	Progress io.Writer
}

// Pairing is one match of a measurement: A against B, both named as in the
// report ("L3", "SF1350").
type Pairing struct {
	A, B Player
}

// Player is one side of a pairing: a level of the built-in engine, or
// Stockfish at a UCI_Elo setting (then Level is 0).
type Player struct {
	Level int
	Elo   int
}

// Name is the player's name in the games and the report: "L3" for level 3,
// "SF1350" for Stockfish at UCI_Elo 1350.
func (p Player) Name() string {
	if p.Level > 0 {
		return fmt.Sprintf("L%d", p.Level)
	}
	return fmt.Sprintf("SF%d", p.Elo)
}

// Check reports what is wrong with the configuration, if anything.
func (c Config) Check() error {
	switch {
	case c.First < 1 || c.Last > len(engine.Levels()) || c.First > c.Last:
		return fmt.Errorf("strength: levels %d-%d: want FIRST-LAST within 1-%d", c.First, c.Last, len(engine.Levels()))
	case c.Games < 2 || c.Games%2 != 0:
		return fmt.Errorf("strength: %d games a pairing: want an even number, 2 or more", c.Games)
	case c.Level == nil || c.Stockfish == nil:
		return errors.New("strength: Config.Level and Config.Stockfish are needed")
	}
	for level, elo := range c.Anchors {
		if err := checkAnchor(level, elo); err != nil {
			return err
		}
	}
	return nil
}

// Pairings returns the schedule, weakest level first: each level against
// its anchor (if it has one), then against the level above (with Adjacent,
// up to Last).
func (c Config) Pairings() []Pairing {
	var out []Pairing
	for n := c.First; n <= c.Last; n++ {
		if elo, ok := c.Anchors[n]; ok {
			out = append(out, Pairing{Player{Level: n}, Player{Elo: elo}})
		}
		if c.Adjacent && n < c.Last {
			out = append(out, Pairing{Player{Level: n + 1}, Player{Level: n}})
		}
	}
	return out
}

// Measure plays every pairing of c and estimates every level's Elo from
// all the games at once, the anchors fixed at their UCI_Elo. It returns the
// report's Levels, Anchors and Results; the caller adds what describes the
// run (Command, Machine, Date, TimeControl, Speeds, Plot).
func Measure(ctx context.Context, c Config) (Report, error) {
	if err := c.Check(); err != nil {
		return Report{}, err
	}
	pairings := c.Pairings()
	var report Report
	for i, p := range pairings {
		a, err := c.engine(p.A)
		if err != nil {
			return Report{}, err
		}
		b, err := c.engine(p.B)
		if err != nil {
			return Report{}, err
		}
		if c.Progress != nil {
			fmt.Fprintf(c.Progress, "[%d/%d] %s – %s\n", i+1, len(pairings), a.Name, b.Name)
		}
		res, err := c.play(ctx, a, b)
		if err != nil {
			return Report{}, err
		}
		report.Results = append(report.Results, res)
	}
	fixed := map[string]float64{}
	for _, elo := range c.Anchors {
		fixed[Player{Elo: elo}.Name()] = float64(elo)
	}
	ratings, err := Estimate(report.Results, fixed)
	if err != nil {
		return Report{}, err
	}
	for _, r := range ratings {
		if r.Anchor {
			report.Anchors = append(report.Anchors, r)
		}
	}
	for _, l := range engine.Levels() {
		for _, r := range ratings {
			if r.Name == (Player{Level: l.Number}).Name() {
				report.Levels = append(report.Levels, Level{Number: l.Number, Rating: r})
			}
		}
	}
	return report, nil
}

// engine returns the contestant that plays as p.
func (c Config) engine(p Player) (match.Engine, error) {
	if p.Level > 0 {
		return c.Level(p.Level, p.Name())
	}
	return c.Stockfish(p.Elo, p.Name())
}

// play plays one pairing and returns its score from a's side.
func (c Config) play(ctx context.Context, a, b match.Engine) (Result, error) {
	cfg := match.Config{Engines: [2]match.Engine{a, b}, Games: c.Games, TimeControl: c.TimeControl,
		Concurrency: c.Concurrency, Progress: c.Progress, Event: "JoinPal strength", Seed: 1}
	if c.PGNDir != "" {
		if err := os.MkdirAll(c.PGNDir, 0o755); err != nil {
			return Result{}, fmt.Errorf("strength: %w", err)
		}
		f, err := os.Create(filepath.Join(c.PGNDir, a.Name+"-"+b.Name+".pgn"))
		if err != nil {
			return Result{}, fmt.Errorf("strength: %w", err)
		}
		defer f.Close()
		cfg.PGN = f
	}
	sum, err := match.Run(ctx, cfg)
	if err != nil {
		return Result{}, fmt.Errorf("strength: %s – %s: %w", a.Name, b.Name, err)
	}
	if f, ok := cfg.PGN.(*os.File); ok {
		if err := f.Close(); err != nil {
			return Result{}, fmt.Errorf("strength: %w", err)
		}
	}
	return Result{A: a.Name, B: b.Name, Wins: sum.Score.Wins, Draws: sum.Score.Draws, Losses: sum.Score.Losses}, nil
}
