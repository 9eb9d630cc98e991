package league_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
)

// crashEnv names the database a child process of TestCrashDuringPairing
// works on, and crashWhen where it kills itself.
const (
	crashEnv  = "LEAGUE_CRASH_DB"
	crashWhen = "LEAGUE_CRASH_WHEN"
)

// killingGames makes the child kill itself with SIGKILL as it makes the
// first game of a round: before the runtime creates it, or after.
type killingGames struct {
	rt   *live.Runtime
	when string
}

func (k killingGames) Create(ctx context.Context, cfg game.Config) (game.Event, error) {
	if k.when == "before" {
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
	}
	ev, err := k.rt.Create(ctx, cfg)
	if k.when == "after" {
		_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
	}
	return ev, err
}

// TestCrashChild is the child process of TestCrashDuringPairing: it makes
// a league of four, starts it (round 1 paired in one transaction) and is
// killed while the round's games are being made. Alone, it does nothing.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashEnv)
	if path == "" {
		t.Skip("run by TestCrashDuringPairing")
	}
	ctx := context.Background()
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	rt := live.New(live.Config{Store: st, HeartbeatEvery: time.Hour})
	if err := rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	svc := must(league.New(league.Config{Store: st, Games: killingGames{rt: rt, when: os.Getenv(crashWhen)}, Records: st}))
	tr := must(svc.Create(ctx, person("ana"), "Liga del apagón", "", league.Settings{Format: league.RoundRobin, TimeControl: "5+3"}))
	for _, p := range []string{"ana", "beto", "carla", "dani"} {
		must(svc.Join(ctx, person(p), tr.ID))
	}
	_, _ = svc.Start(ctx, person("ana"), tr.ID)
	t.Fatal("not killed")
}

// TestCrashDuringPairing kills a real process with SIGKILL while it makes
// the games of a round it has just paired — before the first game is
// made, and after it is made but before the board says so — and checks
// that the reopened store holds the round whole and that the next tick
// makes each game exactly once.
func TestCrashDuringPairing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	for _, when := range []string{"before", "after"} {
		t.Run(when, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "crash.db")
			cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
			cmd.Env = append(os.Environ(), crashEnv+"="+path, crashWhen+"="+when)
			out, err := cmd.CombinedOutput()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("the child was not killed (%v):\n%s", err, out)
			}
			ctx := t.Context()
			st, err := sqlite.Open(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			defer st.Close()
			rt := live.New(live.Config{Store: st, HeartbeatEvery: time.Hour})
			if err := rt.Start(ctx); err != nil {
				t.Fatal(err)
			}
			defer rt.Stop(context.Background())
			made := map[string]bool{}
			before, _ := st.ActiveGames(ctx)
			for _, r := range before {
				made[r.ID] = true
			}
			// Before: no game; after: the first, and perhaps the other one
			// being made at the same moment.
			if n := len(made); (when == "before" && n != 0) || (when == "after" && (n < 1 || n > 2)) {
				t.Fatalf("games stored at the crash (%s): %d", when, n)
			}
			svc := must(league.New(league.Config{Store: st, Games: rt, Records: st}))
			ts := must(svc.List(ctx, league.Query{Limit: 10}))
			if len(ts) != 1 || ts[0].Round != 1 || ts[0].Status != league.Running {
				t.Fatalf("after the crash: %+v", ts)
			}
			bs := must(svc.Boards(ctx, ts[0].ID))
			if len(bs) != 2 || bs[0].GameID == "" || bs[1].GameID == "" || bs[0].Created || bs[1].Created {
				t.Fatalf("round 1 after the crash: %+v", bs)
			}
			for range 2 {
				must(svc.Tick(ctx))
			}
			after := must(st.ActiveGames(ctx))
			bs = must(svc.Boards(ctx, ts[0].ID))
			if len(after) != 2 || !bs[0].Created || !bs[1].Created {
				t.Fatalf("after the ticks: %d games, boards %+v", len(after), bs)
			}
			for _, r := range after {
				if r.ID != bs[0].GameID && r.ID != bs[1].GameID {
					t.Fatalf("a game %s that no board names", r.ID)
				}
			}
		})
	}
}
