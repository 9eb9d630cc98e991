package arena_test

// The crash test: an arena runs in a child process (this test binary,
// re-executed) on a SQLite file — the service, the live runtime and a
// loop that ends the oldest running game again and again (a resignation
// of either side, or a draw) — and the parent kills it with SIGKILL after
// a few ends, at whatever step it is in (pairing, creating a game,
// recording an end), then starts it again on the same file, four times.
// After each kill the parent reads the store and checks that:
//
//   - every sheet holds exactly the ended games of its player that have a
//     result, each once, and a player has a running game if and only if a
//     running pairing names them;
//   - the standings survived: each player's sheet before the last restart
//     is the start of their sheet now, with the same points;
//   - the arena kept pairing after each restart: new pairings were made.

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/broadcast"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
)

// crashChildEnv names the child's SQLite file.
const crashChildEnv = "JOINPAL_ARENA_CRASH_CHILD"

// TestArenaCrashChild is the crash test's child; it runs only when the
// parent starts it, and until it is killed.
func TestArenaCrashChild(t *testing.T) {
	path := os.Getenv(crashChildEnv)
	if path == "" {
		t.Skip("the crash test's child runs only under TestArenaSurvivesSIGKILL")
	}
	ctx := context.Background()
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	bus := live.NewLocalBus()
	rt := live.New(live.Config{Store: st, Bus: bus, Exclusive: true})
	if err := rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	hub := &broadcast.Hub[arena.Event]{}
	events, _ := hub.Subscribe()
	svc, err := arena.New(arena.Config{Store: st, Games: rt, Records: st, Bus: bus, Berserker: rt, Events: hub,
		Every: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	open, err := st.OpenArenas(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(open) == 0 {
		a, err := svc.Create(ctx, person("org", 1500), arena.Arena{Name: "Crash", Base: 10 * time.Minute,
			StartsAt: time.Now(), Duration: time.Hour, Streaks: true, Berserk: true})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 12 {
			if _, err := svc.Join(ctx, person(fmt.Sprintf("p%02d", i), 1200+50*i), a.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
	go func() { _ = svc.Run(ctx) }()
	for n := 0; ; n++ {
		ps, err := st.RunningPairings(ctx)
		if err == nil && len(ps) > 0 {
			p := ps[0]
			switch n % 3 {
			case 0:
				err = rt.Resign(ctx, p.GameID, p.White)
			case 1:
				err = rt.Resign(ctx, p.GameID, p.Black)
			default:
				if err = rt.OfferDraw(ctx, p.GameID, p.White); err == nil {
					err = rt.AcceptDraw(ctx, p.GameID, p.Black)
				}
			}
			if err == nil {
				fmt.Println("ended", p.GameID)
			}
		}
		select {
		case <-events:
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TestArenaSurvivesSIGKILL is the crash test (see the file's comment).
func TestArenaSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("the crash test starts processes")
	}
	path := filepath.Join(t.TempDir(), "joinpal.db")
	var before map[string]arena.Sheet
	pairings := 0
	for round := range 4 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestArenaCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
		var logs strings.Builder
		cmd.Stderr = &logs
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill after a few ends, a different number each round.
		ends, want := 0, 3+3*round
		sc := bufio.NewScanner(out)
		for ends < want && sc.Scan() {
			if strings.HasPrefix(sc.Text(), "ended ") {
				ends++
			}
		}
		_ = cmd.Process.Signal(syscall.SIGKILL)
		_ = cmd.Wait()
		if ends < want {
			t.Fatalf("round %d: the child ended %d games, want %d; its output:\n%s", round, ends, want, logs.String())
		}
		now, n := checkCrashStore(t, path)
		if n <= pairings {
			t.Errorf("round %d: %d pairings after %d: no pairing since the restart", round, n, pairings)
		}
		for user, old := range before {
			cur := now[user]
			if len(cur) < len(old) || !slices.EqualFunc(old, cur[:len(old)], func(a, b arena.Score) bool { return a == b }) {
				t.Errorf("round %d: %s's sheet %v does not start with %v", round, user, cur, old)
			}
		}
		before, pairings = now, n
	}
}

// checkCrashStore checks the arena in the store at path after a kill and
// returns its sheets by player and its number of pairings.
func checkCrashStore(t *testing.T, path string) (map[string]arena.Sheet, int) {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	as, err := st.Arenas(ctx, 10)
	if err != nil || len(as) != 1 {
		t.Fatalf("arenas: %v, %v", as, err)
	}
	es, err := st.ArenaEntries(ctx, as[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	ps, err := st.ArenaPairings(ctx, as[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	scored := map[string][]string{} // player → ended games with a result
	running := map[string]string{}  // player → running game
	for _, p := range ps {
		for _, u := range []string{p.White, p.Black} {
			switch {
			case !p.Ended:
				if running[u] != "" {
					t.Errorf("%s has two running games: %s and %s", u, running[u], p.GameID)
				}
				running[u] = p.GameID
			case p.Result != game.NoResult:
				scored[u] = append(scored[u], p.GameID)
			}
		}
	}
	out := map[string]arena.Sheet{}
	for _, e := range es {
		out[e.UserID] = e.Sheet
		var ids []string
		for _, sc := range e.Sheet {
			ids = append(ids, sc.GameID)
		}
		slices.Sort(ids)
		want := slices.Sorted(slices.Values(scored[e.UserID]))
		if !slices.Equal(ids, want) {
			t.Errorf("%s's sheet holds games %v, the ended games with a result are %v", e.UserID, ids, want)
		}
		if e.GameID != running[e.UserID] {
			t.Errorf("%s's entry plays %q, the running pairing is %q", e.UserID, e.GameID, running[e.UserID])
		}
	}
	return out, len(ps)
}
