package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/engine"
	"github.com/joinpal/joinpal/uci"
)

// TestMain lets the test binary stand in for the joinpal binary: with
// JOINPAL_TEST_MAIN=1 it runs the command line it was given, so that
// polyglot and the UCI client can start "joinpal uci" as a process.
func TestMain(m *testing.M) {
	if os.Getenv("JOINPAL_TEST_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// selfCommand is "joinpal ARGS..." run by the test binary.
func selfCommand(args ...string) uci.Command {
	return uci.Command{
		Path:        os.Args[0],
		Args:        args,
		Env:         append(os.Environ(), "JOINPAL_TEST_MAIN=1"),
		Timeout:     30 * time.Second,
		StopTimeout: 30 * time.Second,
	}
}

func TestUCICommand(t *testing.T) {
	in := "uci\nisready\nsetoption name Level value 3\nposition startpos moves e2e4\ngo depth 3\nposition startpos moves e2e4 e7e5\nbench 2\nquit\n"
	code, out, errOut := runCLI(t, in, "uci")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"id name JoinPal\n", "option name Level type spin default 0 min 0 max 8\n", "option name UCI_Elo type spin", "uciok\n", "readyok\n", "Nodes searched  : "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	pos := chess.StartingPosition()
	pos.PlayUnchecked(mustUCI(t, pos, "e2e4"))
	var best string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) >= 2 && f[0] == "bestmove" {
			best = f[1]
		}
	}
	if _, err := pos.ParseUCI(best); err != nil {
		t.Fatalf("bestmove %q: %v", best, err)
	}
	if code, _, _ := runCLI(t, "", "uci", "extra"); code != 2 {
		t.Errorf("extra argument: exit %d", code)
	}
}

func mustUCI(t *testing.T, pos chess.Position, text string) chess.Move {
	t.Helper()
	m, err := pos.ParseUCI(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestLevelEloTable: UCI_Elo set to a level's measured Elo picks that level
// (engine's tests keep the Elo measured and rising).
func TestLevelEloTable(t *testing.T) {
	table := uciConfig().Elo
	if len(table) != len(engine.Levels()) || len(table) != 8 {
		t.Fatalf("%d levels in the Elo table", len(table))
	}
	for i, e := range table {
		if e.Level != i+1 {
			t.Fatalf("entry %d is level %d", i, e.Level)
		}
		if got := uci.LevelForElo(table, e.Elo); got != e.Level {
			t.Errorf("Elo %d maps to level %d, want %d", e.Elo, got, e.Level)
		}
	}
}

// TestUCIProcess drives "joinpal uci" as a process through package uci's
// client, as a match or the server would: a game with a clock, a stopped
// infinite search, and a clean quit.
func TestUCIProcess(t *testing.T) {
	ctx := context.Background()
	cl, err := uci.Start(ctx, selfCommand("uci"))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	if cl.Name() != "JoinPal" {
		t.Fatalf("name %q", cl.Name())
	}
	for _, o := range [][2]string{{"Hash", "8"}, {"UCI_LimitStrength", "true"}, {"UCI_Elo", "1500"}, {"move overhead", "50"}} {
		if err := cl.SetOption(o[0], o[1]); err != nil {
			t.Fatal(err)
		}
	}
	if err := cl.NewGame(ctx); err != nil {
		t.Fatal(err)
	}
	h := chess.NewHistory(chess.StartingPosition())
	for range 6 {
		res, err := cl.Go(ctx, uci.Search{Start: h.Start(), Moves: h.Moves(), Limits: uci.Limits{WTime: time.Second, BTime: time.Second, WInc: 10 * time.Millisecond, BInc: 10 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		if err := h.Play(res.BestMove); err != nil {
			t.Fatalf("ply %d: %v", h.Len()+1, err)
		}
	}
	ctx2, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
	defer cancel()
	res, err := cl.Go(ctx2, uci.Search{Start: h.Start(), Moves: h.Moves(), Limits: uci.Limits{Infinite: true}})
	if pos := h.Position(); err != nil || !pos.IsLegal(res.BestMove) {
		t.Fatalf("stopped search: %v, %v", res.BestMove, err)
	}
	if err := cl.Close(); err != nil {
		t.Fatal(err)
	}
}

// polyglotPath returns Debian's polyglot, or skips the test.
func polyglotPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"polyglot", "/usr/games/polyglot"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Skip("polyglot is not installed: apt-get install -y polyglot (make test installs it)")
	return ""
}

// TestPolyglotXboardGame is the check with a real GUI adapter: polyglot runs
// "joinpal uci" and speaks xboard to the test, which plays random legal
// moves as black against the engine's white. Every move the engine sends
// must be legal, and the game must end by the rules (with polyglot's result
// matching ours) or reach the ply limit.
func TestPolyglotXboardGame(t *testing.T) {
	path := polyglotPath(t)
	const maxPlies = 120
	cmd := exec.Command(path, "-noini", "-ec", os.Args[0]+" uci", "-ed", t.TempDir(), "-log", "false")
	cmd.Env = append(os.Environ(), "JOINPAL_TEST_MAIN=1")
	cmd.Dir = t.TempDir()
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string, 100)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		stdin.Close()
		for range lines {
		}
		cmd.Wait()
	})
	var transcript strings.Builder
	send := func(s string) {
		fmt.Fprintf(&transcript, "> %s\n", s)
		if _, err := io.WriteString(stdin, s+"\n"); err != nil {
			t.Fatalf("writing to polyglot: %v", err)
		}
	}
	timeout := time.NewTimer(45 * time.Second)
	defer timeout.Stop()
	// wait returns the next line that satisfies ok.
	wait := func(what string, ok func(string) bool) string {
		for {
			select {
			case l, open := <-lines:
				if !open {
					t.Fatalf("polyglot ended while waiting for %s\n%s", what, transcript.String())
				}
				fmt.Fprintf(&transcript, "< %s\n", l)
				if ok(l) {
					return l
				}
			case <-timeout.C:
				t.Fatalf("no %s from polyglot in time\n%s", what, transcript.String())
			}
		}
	}
	isResult := func(l string) bool {
		return strings.HasPrefix(l, "1-0") || strings.HasPrefix(l, "0-1") || strings.HasPrefix(l, "1/2-1/2")
	}

	send("xboard")
	send("protover 2")
	wait("feature done=1", func(l string) bool { return strings.Contains(l, "done=1") })
	send("new")
	send("sd 3")
	send("ping 1")
	wait("pong", func(l string) bool { return l == "pong 1" })
	send("go") // the engine plays white

	h := chess.NewHistory(chess.StartingPosition())
	// gameOver reports whether the rules end the game, and then checks
	// that polyglot announces the same result.
	gameOver := func() bool {
		o := h.Outcome(chess.AutomaticDraws)
		if !o.Over() {
			return false
		}
		res := wait("the result", isResult)
		if !strings.HasPrefix(res, o.Result()) {
			t.Fatalf("polyglot says %q, the rules %s", res, o.Result())
		}
		t.Logf("game over after %d plies: %s", h.Len(), res)
		return true
	}
	r := rand.New(rand.NewPCG(1, 2))
	for h.Len() < maxPlies {
		l := wait("a move or a result", func(l string) bool { return strings.HasPrefix(l, "move ") || isResult(l) })
		if isResult(l) {
			t.Fatalf("polyglot ended the game (%s) but the rules say %v\n%s", l, h.Outcome(chess.AutomaticDraws), transcript.String())
		}
		text := strings.TrimPrefix(l, "move ")
		pos := h.Position()
		m, err := pos.ParseUCI(text)
		if err != nil {
			t.Fatalf("ply %d: the engine played %q: %v\n%s", h.Len()+1, text, err, transcript.String())
		}
		h.Play(m)
		if gameOver() {
			return
		}
		pos = h.Position()
		reply := pos.LegalMoves(nil)
		m = reply[r.IntN(len(reply))]
		send("usermove " + pos.UCI(m))
		h.Play(m)
		if gameOver() {
			return
		}
	}
	t.Logf("reached %d plies", h.Len())
	send("quit")
}
