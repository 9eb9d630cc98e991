package league_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/manualclock"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/tournament"
)

// roundEnv names the database a child process of TestCrashDuringRound or
// TestCrashAtRoundStart works on, and roundCase which of the two it is.
const (
	roundEnv  = "LEAGUE_CRASH_ROUND_DB"
	roundCase = "LEAGUE_CRASH_ROUND_CASE"
)

// crashT0 is when the children's clock begins.
var crashT0 = time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)

// crashNode is a runtime and a league service on the store at path, with
// the clock clk (the runtime's timers fire as clk.Set moves past them,
// before Set returns); games, when not nil, makes the live games instead
// of the runtime.
type crashNode struct {
	st  *sqlite.Store
	rt  *live.Runtime
	svc *league.Service
}

func openNode(t testing.TB, path string, clk *manualclock.Clock, games func(*live.Runtime) league.Games) crashNode {
	t.Helper()
	ctx := context.Background()
	st, err := sqlite.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	rt := live.New(live.Config{Store: st, HeartbeatEvery: time.Hour, Clock: manualclock.For[live.Timer]{Clock: clk}})
	if err := rt.Start(ctx); err != nil {
		t.Fatal(err)
	}
	var g league.Games = rt
	if games != nil {
		g = games(rt)
	}
	svc := must(league.New(league.Config{Store: st, Games: g, Records: st, Now: clk.Now}))
	return crashNode{st: st, rt: rt, svc: svc}
}

func (n crashNode) close() {
	_ = n.rt.Stop(context.Background())
	n.st.Close()
}

// play makes the moves of game id from its current ply, each acknowledged
// (durable) before the next.
func (n crashNode) play(t testing.TB, id string, moves ...string) {
	t.Helper()
	ctx := context.Background()
	rec := must(n.st.LoadGame(ctx, id))
	for _, m := range moves {
		ev := must(n.rt.Snapshot(ctx, id))
		player := rec.White.ID
		if ev.Ply%2 == 1 {
			player = rec.Black.ID
		}
		if _, err := n.rt.Move(ctx, id, player, live.MoveRequest{UCI: m, Ply: ev.Ply}); err != nil {
			t.Fatalf("%s in %s: %v", m, id, err)
		}
	}
}

// killMe ends the process with SIGKILL: nothing is flushed or closed.
func killMe() {
	_ = syscall.Kill(os.Getpid(), syscall.SIGKILL)
	select {}
}

// runChild runs TestCrashRoundChild for case c on the database at path and
// checks that it died by SIGKILL.
func runChild(t *testing.T, path, c string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashRoundChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), roundEnv+"="+path, roundCase+"="+c)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the child was not killed (%v):\n%s", err, out)
	}
}

// TestCrashRoundChild is the child process of TestCrashDuringRound
// ("round") and TestCrashAtRoundStart ("start"). Alone, it does nothing.
func TestCrashRoundChild(t *testing.T) {
	path := os.Getenv(roundEnv)
	if path == "" {
		t.Skip("run by TestCrashDuringRound and TestCrashAtRoundStart")
	}
	ctx := context.Background()
	clk := manualclock.New(crashT0)
	switch os.Getenv(roundCase) {
	case "round":
		// Round 1 of four players, its games started: board 1 with three
		// moves acknowledged, board 2 resigned and scored; then the kill.
		n := openNode(t, path, clk, nil)
		tr := must(n.svc.Create(ctx, person("ana"), "Liga del apagón", "", league.Settings{Format: league.RoundRobin, TimeControl: "15+10"}))
		for _, p := range []string{"ana", "beto", "carla", "dani"} {
			must(n.svc.Join(ctx, person(p), tr.ID))
		}
		must(n.svc.Start(ctx, person("ana"), tr.ID))
		bs := must(n.svc.Boards(ctx, tr.ID))
		clk.Set(bs[0].StartAt)
		n.play(t, bs[0].GameID, "e2e4", "e7e5", "g1f3")
		n.play(t, bs[1].GameID, "d2d4")
		if err := n.rt.Resign(ctx, bs[1].GameID, bs[1].White); err != nil {
			t.Fatal(err)
		}
		must(n.svc.Tick(ctx))
		if b := must(n.svc.Boards(ctx, tr.ID))[1]; b.Result != tournament.BlackWins {
			t.Fatalf("board 2 not scored before the kill: %+v", b)
		}
		killMe()
	case "start":
		// A live tournament set to start at crashT0+1h: the tick at that
		// moment pairs round 1 and is killed as it makes the round's
		// first game, just after the runtime stored it.
		n := openNode(t, path, clk, func(rt *live.Runtime) league.Games { return killingGames{rt: rt, when: "after"} })
		tr := must(n.svc.Create(ctx, person("ana"), "Liga de las diez", "", league.Settings{Format: league.RoundRobin,
			TimeControl: "15+10", StartsAt: crashT0.Add(time.Hour)}))
		for _, p := range []string{"ana", "beto", "carla", "dani"} {
			must(n.svc.Join(ctx, person(p), tr.ID))
		}
		must(n.svc.Tick(ctx)) // not yet due
		if tr := must(n.svc.Get(ctx, tr.ID)); tr.Round != 0 {
			t.Fatalf("paired before its time: %+v", tr)
		}
		clk.Set(crashT0.Add(time.Hour))
		_, _ = n.svc.Tick(ctx)
	}
	t.Fatal("not killed")
}

// points returns each player's points in standings rows.
func points(rows []league.Row) map[string]float64 {
	p := map[string]float64{}
	for _, r := range rows {
		p[r.UserID] = r.Points
	}
	return p
}

// TestCrashDuringRound kills a real process with SIGKILL while a live
// round is being played — one game with moves acknowledged, the other
// resigned and scored — and checks, with a new runtime and service on the
// reopened store, that the scored result counts once, the running game
// resumes with its moves, and its end completes the round and pairs the
// next one exactly once.
func TestCrashDuringRound(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	runChild(t, path, "round")
	ctx := t.Context()
	clk := manualclock.New(crashT0.Add(5 * time.Minute))
	n := openNode(t, path, clk, nil)
	defer n.close()
	ts := must(n.svc.List(ctx, league.Query{Limit: 10}))
	if len(ts) != 1 || ts[0].Round != 1 || ts[0].Status != league.Running {
		t.Fatalf("after the crash: %+v", ts)
	}
	id := ts[0].ID
	bs := must(n.svc.Boards(ctx, id))
	if len(bs) != 2 || bs[0].Decided() || bs[1].Result != tournament.BlackWins || !bs[0].Created || !bs[1].Created {
		t.Fatalf("round 1 after the crash: %+v", bs)
	}
	want := map[string]float64{bs[1].Black: 1}
	for range 3 {
		must(n.svc.Tick(ctx))
		if got := points(must(n.svc.Standings(ctx, id))); !equalPoints(got, want) {
			t.Fatalf("standings after the crash: %v, want %v", got, want)
		}
	}
	ev := must(n.rt.Snapshot(ctx, bs[0].GameID))
	if ev.Status != game.StatusStarted || ev.Ply != 3 {
		t.Fatalf("the running game after the crash: %+v", ev)
	}
	rec := must(n.st.LoadGame(ctx, bs[0].GameID))
	if got := moveUCIs(rec); !slices.Equal(got, []string{"e2e4", "e7e5", "g1f3"}) {
		t.Fatalf("moves after the crash: %v", got)
	}
	n.play(t, bs[0].GameID, "b8c6")
	if err := n.rt.Resign(ctx, bs[0].GameID, bs[0].Black); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		must(n.svc.Tick(ctx))
	}
	tr := must(n.svc.Get(ctx, id))
	bs = must(n.svc.Boards(ctx, id))
	if tr.Round != 2 || len(bs) != 4 || bs[0].Result != tournament.WhiteWins || len(roundBoards(bs, 2)) != 2 {
		t.Fatalf("after round 1 ended: %+v %+v", tr, bs)
	}
	want[bs[0].White]++
	if got := points(must(n.svc.Standings(ctx, id))); !equalPoints(got, want) {
		t.Fatalf("standings after round 1: %v, want %v", got, want)
	}
	active := must(n.st.ActiveGames(ctx))
	if len(active) != 2 {
		t.Fatalf("round 2 has %d games", len(active))
	}
	for _, r := range active {
		if r.ID != bs[2].GameID && r.ID != bs[3].GameID {
			t.Fatalf("a game %s that no board of round 2 names", r.ID)
		}
	}
}

// TestCrashAtRoundStart kills a real process with SIGKILL at a live
// round's set time, as the tick that pairs it makes its first game; with
// a new runtime and service on the reopened store, every game of the
// round is made exactly once and starts, and the players absent at the
// end of the default time lose by no-show as forfeits (one player absent:
// "+"/"-"; both: a double forfeit), after which the next round pairs
// once.
func TestCrashAtRoundStart(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	runChild(t, path, "start")
	ctx := t.Context()
	start := crashT0.Add(time.Hour)
	clk := manualclock.New(start)
	n := openNode(t, path, clk, nil)
	defer n.close()
	ts := must(n.svc.List(ctx, league.Query{Limit: 10}))
	if len(ts) != 1 || ts[0].Round != 1 || ts[0].Status != league.Running {
		t.Fatalf("after the crash: %+v", ts)
	}
	id := ts[0].ID
	if got := len(must(n.st.ActiveGames(ctx))); got < 1 || got > 2 {
		t.Fatalf("games stored at the crash: %d", got)
	}
	for range 3 {
		must(n.svc.Tick(ctx))
	}
	bs := must(n.svc.Boards(ctx, id))
	active := must(n.st.ActiveGames(ctx))
	if len(bs) != 2 || len(active) != 2 || !bs[0].Created || !bs[1].Created {
		t.Fatalf("round 1 after the ticks: %d games, boards %+v", len(active), bs)
	}
	for _, r := range active {
		if r.ID != bs[0].GameID && r.ID != bs[1].GameID {
			t.Fatalf("a game %s that no board names", r.ID)
		}
	}
	// Board 2's White checks in; the others stay away.
	if err := n.rt.CheckIn(ctx, bs[1].GameID, bs[1].White); err != nil {
		t.Fatal(err)
	}
	clk.Set(bs[0].StartAt)
	for _, b := range bs {
		if ev := must(n.rt.Snapshot(ctx, b.GameID)); ev.Status != game.StatusStarted {
			t.Fatalf("board %d at its start: %+v", b.Board, ev)
		}
	}
	clk.Set(bs[0].StartAt.Add(game.NoShowGrace))
	for range 3 {
		must(n.svc.Tick(ctx))
	}
	tr := must(n.svc.Get(ctx, id))
	bs = must(n.svc.Boards(ctx, id))
	if tr.Round != 2 || len(bs) != 4 || bs[0].Result != tournament.DoubleForfeit || bs[1].Result != tournament.WhiteWinsByForfeit {
		t.Fatalf("after the no-shows: %+v %+v", tr, bs)
	}
	want := map[string]float64{bs[1].White: 1}
	if got := points(must(n.svc.Standings(ctx, id))); !equalPoints(got, want) {
		t.Fatalf("standings after the no-shows: %v, want %v", got, want)
	}
	if got := len(must(n.st.ActiveGames(ctx))); got != 2 {
		t.Fatalf("round 2 has %d games", got)
	}
}

func equalPoints(got, want map[string]float64) bool {
	for k, v := range got {
		if v != want[k] {
			return false
		}
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}

// moveUCIs returns rec's moves in UCI.
func moveUCIs(rec game.Record) []string {
	var out []string
	for _, m := range rec.Moves {
		out = append(out, m.UCI)
	}
	return out
}
