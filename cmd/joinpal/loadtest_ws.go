package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/joinpal/joinpal/loadtest/wsload"
)

// wsOptions are the flags of "joinpal loadtest" in its server modes.
type wsOptions struct {
	target   string // --target: a running server
	serve    bool   // --serve: start one
	games    int
	duration time.Duration
	think    time.Duration
	tc       string
	guests   int
	seed     uint64
	asJSON   bool
	// checkAcks compares, after the run, every game's acknowledged moves
	// with the moves the server holds (GET /api/game/{id}).
	checkAcks bool
	// generators run side by side against the target, waiting for each
	// other through the folder generatorsDir (wsload.FileBarrier).
	generators    int
	generatorsDir string
	// genGC is this process's garbage collector target (as GOGC; -1:
	// GOGC's), set before the bots start (wsload.SetGeneratorGC).
	genGC int
}

// runWSLoadtest is "joinpal loadtest --target URL" or "--serve": bots play
// over the server's real HTTP API and WebSockets (package wsload).
func runWSLoadtest(ctx context.Context, o wsOptions, stdout, stderr io.Writer) int {
	n, err := wsload.RaiseOpenFiles()
	if err != nil {
		fmt.Fprintf(stderr, "joinpal loadtest: raising the open-files limit: %v (now %d)\n", err, n)
	}
	if need := filesNeeded(o.games); n < need {
		fmt.Fprintf(stderr, "joinpal loadtest: %d games need %d open files in each process (2 sockets a game, on each side), "+
			"but the limit is %d (at most %d games); raise it with ulimit -n (above the hard limit needs CAP_SYS_RESOURCE)\n",
			o.games, need, n, maxGames(n))
		return 1
	}
	cfg := wsload.Config{
		Target: o.target, Games: o.games, Think: o.think, Duration: o.duration,
		TimeControl: o.tc, Guests: o.guests, Seed: o.seed, Log: stderr,
	}
	if o.generators > 1 {
		cfg.Barrier = wsload.FileBarrier(o.generatorsDir, o.generators)
	}
	if o.serve {
		child, err := startChildServer(ctx, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
			return 1
		}
		defer child.stop(stderr)
		cfg.Target, cfg.ServerPID = child.base, child.cmd.Process.Pid
		fmt.Fprintf(stderr, "joinpal loadtest: started joinpal serve (pid %d) at %s on %s\n", cfg.ServerPID, child.base, child.db)
	}
	genGC := wsload.SetGeneratorGC(o.genGC)
	rep, err := wsload.Run(ctx, cfg)
	if err != nil {
		fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
		return 1
	}
	rep.LoadGenGC = genGC
	if o.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(rep)
	} else {
		err = rep.WriteText(stdout)
	}
	if err != nil {
		fmt.Fprintf(stderr, "joinpal loadtest: %v\n", err)
		return 1
	}
	if o.checkAcks {
		lost, games, err := lostAcks(ctx, cfg.Target, rep)
		if err != nil {
			fmt.Fprintf(stderr, "joinpal loadtest: checking the acknowledged moves: %v\n", err)
			return 1
		}
		fmt.Fprintf(stderr, "joinpal loadtest: acknowledged moves the server does not hold: %d (in %d of %d games)\n", lost, games, len(rep.GameMoves))
		if lost > 0 {
			return 1
		}
	}
	return 0
}

// lostAcks counts the acknowledged moves of rep that the server at target
// does not hold as acknowledged (the acks must be the start of the moves
// it holds), and the games that lack any.
func lostAcks(ctx context.Context, target string, rep *wsload.Report) (lost, games int, err error) {
	for _, g := range rep.GameMoves {
		held, err := wsload.GameMoves(ctx, target, g.ID)
		if err != nil {
			return 0, 0, err
		}
		n := 0
		for i, mv := range g.Moves {
			if i >= len(held) || held[i] != mv {
				n = len(g.Moves) - i
				break
			}
		}
		if n > 0 {
			lost, games = lost+n, games+1
		}
	}
	return lost, games, nil
}

// filesSpare are the files a process needs besides the game sockets: the
// listener, the database, the HTTP connections of the setup ...
const filesSpare = 64

// filesNeeded is how many open files games need in each process.
func filesNeeded(games int) uint64 { return uint64(2*games + filesSpare) }

// maxGames is how many games an open-files limit allows.
func maxGames(limit uint64) uint64 {
	if limit < filesSpare {
		return 0
	}
	return (limit - filesSpare) / 2
}

// childServer is "joinpal serve" started by the load test.
type childServer struct {
	cmd  *exec.Cmd
	base string
	db   string
	dir  string
	done chan error
}

// startChildServer runs this binary's "serve" on a free loopback port with
// a temporary SQLite file, and waits until /healthz says it is ready.
func startChildServer(ctx context.Context, stderr io.Writer) (*childServer, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "joinpal-wsload-")
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	addr := ln.Addr().String()
	ln.Close()
	c := &childServer{base: "http://" + addr, db: filepath.Join(dir, "joinpal.db"), dir: dir, done: make(chan error, 1)}
	// The bots play thousands of games as a handful of guests: far more
	// games and sockets than the default limits let one player have.
	c.cmd = exec.Command(exe, "serve", "--addr", addr, "--db", c.db, "--log-level", "warn", "--new-games-limit", "1000000/1s",
		"--sockets-per-user", "1000000", "--sockets-per-address", "1000000", "--conns-per-address", "1000000")
	c.cmd.Stdout, c.cmd.Stderr = stderr, stderr
	if err := c.cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	go func() { c.done <- c.cmd.Wait() }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		res, err := http.Get(c.base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return c, nil
			}
		}
		select {
		case err := <-c.done:
			os.RemoveAll(dir)
			return nil, fmt.Errorf("joinpal serve exited before it was ready: %v", err)
		case <-ctx.Done():
			c.stop(stderr)
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			c.stop(stderr)
			return nil, errors.New("joinpal serve was not ready within 30 s")
		}
	}
}

// stop stops the child gracefully (SIGTERM), killing it after 60 s, and
// removes its database.
func (c *childServer) stop(stderr io.Writer) {
	defer os.RemoveAll(c.dir)
	_ = c.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-c.done:
		if err != nil {
			fmt.Fprintf(stderr, "joinpal loadtest: joinpal serve: %v\n", err)
		}
	case <-time.After(60 * time.Second):
		_ = c.cmd.Process.Kill()
		<-c.done
		fmt.Fprintf(stderr, "joinpal loadtest: joinpal serve did not stop within 60 s; killed\n")
	}
}
