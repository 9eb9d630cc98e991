package loadtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// Config configures a load test.
type Config struct {
	// Store keeps the games; required. It should hold no running game
	// (Run refuses a store that does), and Run does not close it.
	Store game.Store
	// StoreName names the store in the report ("sqlite", "postgres").
	StoreName string
	// Games is the number of games played at once in the move phase
	// (0: no move phase).
	Games int
	// Duration bounds the move phase; MaxMoves ends it once that many
	// moves have been sent (all acknowledged unless some fail). At least
	// one of them must be set when Games > 0.
	Duration time.Duration
	MaxMoves int64
	// Think is the time a game waits after each acknowledged move before
	// its next move (0: none, as fast as the runtime answers).
	Think time.Duration
	// TimeControl is the clock of the move phase's games (10+0 when zero).
	TimeControl game.TimeControl
	// Flags is the number of games of the flag phase (0: none).
	Flags int
	// Seed seeds the choice of the random moves.
	Seed uint64
	// Log receives progress lines (nil: none).
	Log io.Writer
	// HeapProfile, if set, receives a heap profile (pprof format) taken
	// when the memory of the games playing at the end of the move phase
	// is measured: what they hold on to.
	HeapProfile io.Writer
	// Logger receives the runtime's own logs (nil: errors only, to
	// standard error).
	Logger *slog.Logger
}

// Report is what a load test measured.
type Report struct {
	// Store, Games, Duration, Think and TimeControl repeat the settings.
	Store       string        `json:"store"`
	Games       int           `json:"games"`
	Duration    time.Duration `json:"duration"`
	Think       time.Duration `json:"think"`
	TimeControl string        `json:"timeControl,omitempty"`
	// GoVersion, NumCPU and GOMAXPROCS describe where it ran.
	GoVersion  string `json:"goVersion"`
	NumCPU     int    `json:"numCPU"`
	GOMAXPROCS int    `json:"gomaxprocs"`
	// LoadAverage is the system's load average over the last minute when
	// the run started (from /proc/loadavg; empty where there is none): on a
	// shared machine, what else was running.
	LoadAverage string `json:"loadAverage,omitempty"`
	// Moves is the move phase (nil if there was none).
	Moves *MovePhase `json:"moves,omitempty"`
	// Memory is the memory a live game costs (nil without a move phase).
	Memory *Memory `json:"memory,omitempty"`
	// Flags is the flag phase (nil if there was none).
	Flags *FlagPhase `json:"flags,omitempty"`
}

// createWorkers bounds the games created (or moved, or resigned) at once by
// the set-up and clean-up steps, which are not measured.
const createWorkers = 256

// Run starts a runtime on cfg.Store, runs the move phase and then the flag
// phase, stops the runtime and reports. Games still running at the end of a
// phase are resigned, so that the store is left with no running game.
func Run(ctx context.Context, cfg Config) (*Report, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if cfg.TimeControl.IsZero() {
		cfg.TimeControl, _ = game.NewWholeGame(10*time.Minute, 0)
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	}
	// A running game in the store would be resumed by the runtime, played
	// by nobody and counted in the memory: refuse it before starting.
	active, err := cfg.Store.ActiveGames(ctx)
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	if len(active) > 0 {
		return nil, fmt.Errorf("loadtest: the store holds %d running games: use an empty database", len(active))
	}
	tag := runTag()
	rt := live.New(live.Config{Store: cfg.Store, Node: "loadtest-" + tag, Logger: logger})
	if err := rt.Start(ctx); err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	rep := &Report{
		Store: cfg.StoreName, Games: cfg.Games, Duration: cfg.Duration, Think: cfg.Think,
		GoVersion: runtime.Version(), NumCPU: runtime.NumCPU(), GOMAXPROCS: runtime.GOMAXPROCS(0),
		LoadAverage: loadAverage(),
	}
	if cfg.Games > 0 {
		rep.TimeControl = cfg.TimeControl.String()
	}
	err = run(ctx, cfg, rt, tag, rep)
	stopCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	defer cancel()
	if serr := rt.Stop(stopCtx); serr != nil && err == nil {
		err = fmt.Errorf("loadtest: %w", serr)
	}
	if err != nil {
		return nil, err
	}
	return rep, nil
}

func run(ctx context.Context, cfg Config, rt *live.Runtime, tag string, rep *Report) error {
	if cfg.Games > 0 {
		p := &movePhase{cfg: cfg, rt: rt, tag: tag}
		mp, mem, err := p.run(ctx)
		if err != nil {
			return err
		}
		rep.Moves, rep.Memory = mp, mem
	}
	if cfg.Flags > 0 {
		fp, err := runFlags(ctx, cfg, rt, tag)
		if err != nil {
			return err
		}
		rep.Flags = fp
	}
	return nil
}

// check validates the settings.
func (cfg *Config) check() error {
	switch {
	case cfg.Store == nil:
		return errors.New("loadtest: no store")
	case cfg.Games < 0 || cfg.Flags < 0:
		return errors.New("loadtest: the numbers of games must not be negative")
	case cfg.Games == 0 && cfg.Flags == 0:
		return errors.New("loadtest: nothing to do: no games and no flags")
	case cfg.Games > 0 && cfg.Duration <= 0 && cfg.MaxMoves <= 0:
		return errors.New("loadtest: the move phase needs a duration or a number of moves")
	case cfg.Duration < 0 || cfg.MaxMoves < 0 || cfg.Think < 0:
		return errors.New("loadtest: the duration, the number of moves and the think time must not be negative")
	}
	return nil
}

// runTag returns a random tag that keeps this run's game ids apart from any
// other run's.
func runTag() string {
	var b [4]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// logf writes a progress line, if cfg.Log is set.
func (cfg *Config) logf(format string, a ...any) {
	if cfg.Log != nil {
		fmt.Fprintf(cfg.Log, "loadtest: "+format+"\n", a...)
	}
}

// loadAverage returns the one-minute load average of the system, or "".
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return ""
	}
	return f[0]
}
