package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// TestMain lets the test binary stand in for an engine process: with
// UCI_TEST_ENGINE set it runs that engine on its standard input and output
// instead of the tests.
func TestMain(m *testing.M) {
	if mode := os.Getenv("UCI_TEST_ENGINE"); mode != "" {
		os.Exit(fakeProcess(mode))
	}
	os.Exit(m.Run())
}

// fakeProcess is an engine process: "server" is a Server over the fake
// engine; the other modes misbehave in one way each.
func fakeProcess(mode string) int {
	if mode == "server" {
		if err := NewServer(&fakeEngine{}, testConfig).Run(os.Stdin, os.Stdout); err != nil {
			return 1
		}
		return 0
	}
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		switch cmd := strings.Fields(sc.Text()); {
		case len(cmd) == 0 || mode == "silent":
		case cmd[0] == "uci":
			fmt.Println("id name Misfit\noption name Style type combo default Normal var Solid var Normal var Risky\nuciok")
		case cmd[0] == "isready":
			fmt.Println("readyok")
		case cmd[0] == "go" && mode == "crash":
			fmt.Println("info string dying")
			return 3
		case cmd[0] == "go" && mode == "illegal":
			fmt.Println("info depth 1 score cp 0 pv e2e5\nbestmove e2e5")
		case cmd[0] == "go" && mode == "none":
			fmt.Println("bestmove (none)")
		case cmd[0] == "quit" && mode != "deaf":
			return 0
		}
	}
	return 0
}

// fakeCommand is the command that starts the test binary as engine mode.
func fakeCommand(mode string) Command {
	return Command{
		Path:        os.Args[0],
		Env:         append(os.Environ(), "UCI_TEST_ENGINE="+mode),
		Timeout:     30 * time.Second,
		StopTimeout: 30 * time.Second,
	}
}

// checkNoLeak fails if goroutines started during the test are still running
// when it ends (giving exiting ones a moment to finish).
func checkNoLeak(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			runtime.Gosched()
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<16)
			t.Fatalf("%d goroutines left over:\n%s", n-before, buf[:runtime.Stack(buf, true)])
		}
	})
}

func TestClientAgainstServer(t *testing.T) {
	checkNoLeak(t)
	ctx := context.Background()
	var log strings.Builder
	c := fakeCommand("server")
	c.Log = &log
	cl, err := Start(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if cl.Name() != "Fake 1" || cl.Author() != "the tests" {
		t.Fatalf("id %q by %q", cl.Name(), cl.Author())
	}
	if o, ok := cl.Option("move overhead"); !ok || o.Type != "spin" || o.Default != "30" || o.Max != 5000 {
		t.Fatalf("Move Overhead option: %+v %v", o, ok)
	}
	if err := cl.SetOption("Hash", "32"); err != nil {
		t.Fatal(err)
	}
	if err := cl.SetOption("Clear Hash", ""); err != nil {
		t.Fatal(err)
	}
	if err := cl.SetOption("NoSuch", "1"); !errors.Is(err, ErrUnknownOption) || !hasParams(err, map[string]string{"option": "NoSuch"}) {
		t.Fatalf("unknown option: %v", err)
	}
	for _, o := range [][2]string{{"Hash", "0"}, {"Hash", "big"}, {"Ponder", "yes"}} {
		if err := cl.SetOption(o[0], o[1]); !errors.Is(err, ErrOptionValue) || !hasParams(err, map[string]string{"option": o[0], "value": o[1]}) {
			t.Fatalf("setoption %s %s: %v", o[0], o[1], err)
		}
	}
	if err := cl.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	start := chess.StartingPosition()
	e2e4, _ := start.ParseUCI("e2e4")
	var infos []Info
	res, err := cl.Go(ctx, Search{Start: start, Moves: []chess.Move{e2e4}, Limits: Limits{Depth: 3, WTime: time.Second}, OnInfo: func(i Info) { infos = append(infos, i) }})
	if err != nil {
		t.Fatal(err)
	}
	after := start
	after.PlayUnchecked(e2e4)
	if !after.IsLegal(res.BestMove) || len(infos) != 1 || infos[0].Depth != 1 || res.Info.Nodes != 20 {
		t.Fatalf("result %+v, infos %+v", res, infos)
	}
	// An infinite search ends when the context is done.
	ctx2, cancel := context.WithCancel(ctx)
	got := make(chan error, 1)
	go func() {
		_, err := cl.Go(ctx2, Search{Start: start, Limits: Limits{Infinite: true}})
		got <- err
	}()
	cancel()
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	if err := cl.Close(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"> uci", "< uciok", "> setoption name Hash value 32", "> setoption name Clear Hash\n", "> position startpos moves e2e4", "> go wtime 1000 depth 3", "> go infinite", "> stop", "> quit"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
	if _, err := cl.Go(ctx, Search{Start: start}); !errors.Is(err, ErrClosed) {
		t.Fatalf("Go after Close: %v", err)
	}
}

func TestClientFaults(t *testing.T) {
	tests := []struct {
		mode     string
		startErr error // from Start
		goErr    error // from Go
		closeErr error
	}{
		{mode: "silent", startErr: ErrTimeout},
		{mode: "crash", goErr: ErrExited},
		{mode: "illegal", goErr: ErrIllegalMove},
		{mode: "deaf", goErr: ErrTimeout},
		{mode: "none"},
	}
	checkNoLeak(t)
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			t.Parallel()
			c := fakeCommand(tc.mode)
			if tc.mode == "silent" {
				c.Timeout = 200 * time.Millisecond
			}
			if tc.mode == "deaf" {
				c.StopTimeout = 300 * time.Millisecond
			}
			cl, err := Start(context.Background(), c)
			if !errors.Is(err, tc.startErr) || (err == nil) != (tc.startErr == nil) {
				t.Fatalf("Start: %v, want %v", err, tc.startErr)
			}
			if err != nil {
				return
			}
			defer cl.Close()
			if o, ok := cl.Option("style"); !ok || len(o.Vars) != 3 || o.Default != "Normal" {
				t.Fatalf("combo option %+v", o)
			}
			if cl.SetOption("Style", "risky") != nil || !errors.Is(cl.SetOption("Style", "Wild"), ErrOptionValue) {
				t.Fatal("combo values not checked")
			}
			ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
			defer cancel()
			res, err := cl.Go(ctx, Search{Start: chess.StartingPosition(), Limits: Limits{MoveTime: 100 * time.Millisecond}})
			if !errors.Is(err, tc.goErr) || (err == nil) != (tc.goErr == nil) {
				t.Fatalf("Go: %v, want %v", err, tc.goErr)
			}
			if ill, ok := errors.AsType[*Error](err); tc.mode == "illegal" && (!ok || ill.Code != CodeIllegalMove || ill.Params["move"] != "e2e5" || ill.Params["fen"] != chess.StartingFEN) {
				t.Fatalf("want the illegal move in the error: %v", err)
			}
			if tc.mode == "none" && res.BestMove != chess.NullMove {
				t.Fatalf("bestmove (none) read as %v", res.BestMove)
			}
			if tc.mode == "crash" && !cl.Exited() {
				t.Fatal("the process should have ended")
			}
			cl.Close()
		})
	}
}

func TestClientKillsEngineThatWillNotQuit(t *testing.T) {
	checkNoLeak(t)
	c := fakeCommand("deaf")
	c.StopTimeout = 300 * time.Millisecond
	cl, err := Start(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if err := cl.IsReady(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := cl.Close(); !errors.Is(err, ErrTimeout) {
		t.Fatalf("Close: %v, want a timeout", err)
	}
	if !cl.Exited() {
		t.Fatal("process still running")
	}
}

func TestClientStartErrors(t *testing.T) {
	checkNoLeak(t)
	if _, err := Start(context.Background(), Command{Path: "/nonexistent/engine"}); err == nil || !strings.HasPrefix(err.Error(), "uci: ") {
		t.Fatalf("want a uci: error, got %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Start(ctx, fakeCommand("silent")); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled handshake: %v", err)
	}
	// An engine that exits at once.
	if _, err := Start(context.Background(), Command{Path: "true"}); !errors.Is(err, ErrExited) {
		t.Fatalf("engine that exits: %v", err)
	}
}

// stockfishPath returns Debian's Stockfish, or skips the test.
func stockfishPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"stockfish", "/usr/games/stockfish"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Skip("stockfish is not installed (apt-get install stockfish)")
	return ""
}

func TestClientStockfish(t *testing.T) {
	path := stockfishPath(t)
	checkNoLeak(t)
	ctx := context.Background()
	cl, err := Start(ctx, Command{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if !strings.HasPrefix(cl.Name(), "Stockfish") {
		t.Fatalf("name %q", cl.Name())
	}
	for _, o := range []string{"Hash", "Threads", "MultiPV", "UCI_LimitStrength", "UCI_Elo", "Move Overhead"} {
		if _, ok := cl.Option(o); !ok {
			t.Errorf("no option %s", o)
		}
	}
	if err := cl.SetOption("Hash", "16"); err != nil {
		t.Fatal(err)
	}
	if err := cl.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	// Mate in two: the engine must find it and say so.
	start, _ := chess.ParseFEN("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	res, err := cl.Go(ctx, Search{Start: start, Limits: Limits{Depth: 6}})
	if err != nil {
		t.Fatal(err)
	}
	if got := start.UCI(res.BestMove); got != "f3f7" || res.Info.Score.Mate != 1 || len(res.Info.PV) == 0 {
		t.Fatalf("bestmove %s, info %+v", got, res.Info)
	}
	// A stopped infinite search still answers with a legal move.
	ctx2, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
	defer cancel()
	res, err = cl.Go(ctx2, Search{Start: chess.StartingPosition(), Limits: Limits{Infinite: true}})
	if p := chess.StartingPosition(); err != nil || !p.IsLegal(res.BestMove) {
		t.Fatalf("infinite: %v %v", res.BestMove, err)
	}
	if err := cl.Close(); err != nil {
		t.Fatal(err)
	}
}

// signalWriter closes seen when a line containing want is written to it.
type signalWriter struct {
	want string
	seen chan struct{}
	once sync.Once
}

func (w *signalWriter) Write(p []byte) (int, error) {
	if strings.Contains(string(p), w.want) {
		w.once.Do(func() { close(w.seen) })
	}
	return len(p), nil
}

func TestClientPonder(t *testing.T) {
	checkNoLeak(t)
	ctx := context.Background()
	c := fakeCommand("server")
	sent := &signalWriter{want: "> go ponder", seen: make(chan struct{})}
	c.Log = sent
	cl, err := Start(ctx, c)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if err := cl.SetOption("Ponder", "true"); err != nil {
		t.Fatal(err)
	}
	start := chess.StartingPosition()
	e2e4, _ := start.ParseUCI("e2e4")
	type answer struct {
		res Result
		err error
	}
	got := make(chan answer, 1)
	go func() {
		res, err := cl.Go(ctx, Search{Start: start, Moves: []chess.Move{e2e4}, Limits: Limits{Ponder: true, WTime: time.Second, BTime: time.Second}})
		got <- answer{res, err}
	}()
	<-sent.seen
	if err := cl.PonderHit(); err != nil {
		t.Fatal(err)
	}
	a := <-got
	after := start
	after.PlayUnchecked(e2e4)
	if a.err != nil || !after.IsLegal(a.res.BestMove) {
		t.Fatalf("after ponderhit: %v %v", a.res.BestMove, a.err)
	}
}
