package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/joinpal/joinpal/loadtest/wsload"
)

var serverNames = [2]string{"JoinPal", "bare"}

// result is one run of one server.
type result struct {
	rep *wsload.Report
	// loadBefore and loadAfter are the machine's 1-minute load average.
	loadBefore, loadAfter float64
	// idlePerGame is the server's resident memory added per game with
	// its two sockets once every socket was open, before the first move;
	// perGame the same at the end of play (the games' moves, and the
	// garbage not yet collected, included). Both against the server
	// before the first game.
	idlePerGame, perGame int64
	// checked is how many games' acknowledged moves were compared with
	// the store, mismatched how many differed.
	checked, mismatched int
}

func measure(ctx context.Context, cfg config, which int, store string, sc scenario, nth int, stderr io.Writer) (result, error) {
	addr, err := freeAddr()
	if err != nil {
		return result{}, err
	}
	dir, err := os.MkdirTemp("", "servercompare-")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	db := filepath.Join(dir, "game.db")
	ck := &checkpointer{mode: "auto"}
	if store == "postgres" {
		ck = &checkpointer{mode: cfg.checkpoint, dsn: cfg.pg}
		schema, drop, err := newSchema(ctx, cfg.pg)
		if err != nil {
			return result{}, err
		}
		defer drop()
		if db, err = withSearchPath(cfg.pg, schema); err != nil {
			return result{}, err
		}
	}
	if err := ck.beforeRun(ctx); err != nil {
		return result{}, err
	}
	var cmd *exec.Cmd
	if which == 0 {
		args := []string{"serve", "--addr", addr, "--db", db, "--log-level", "warn",
			"--new-games-limit", "1000000/1s", "--guest-limit", "1000000/1s",
			"--sockets-per-user", "1000000", "--sockets-per-address", "1000000", "--conns-per-address", "1000000"}
		cmd = exec.Command(cfg.joinpal, append(args, cfg.joinpalArgs...)...)
	} else {
		cmd = exec.Command(cfg.bare, "--addr", addr, "--db", db)
	}
	cmd.Stdout, cmd.Stderr = stderr, stderr
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(60 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	}()
	base := "http://" + addr
	if err := waitReady(ctx, base, exited); err != nil {
		return result{}, err
	}
	idle := rss(cmd.Process.Pid)
	res := result{loadBefore: loadAverage()}
	fmt.Fprintf(stderr, "servercompare: %s on %s, %s\n", serverNames[which], store, sc)
	progress, closeProgress, err := progressLog(cfg.progressDir, which, store, sc, nth)
	if err != nil {
		return result{}, err
	}
	defer closeProgress()
	rep, err := wsload.Run(ctx, wsload.Config{
		Target: base, Games: sc.games, Think: sc.think, Duration: sc.duration,
		TimeControl: "180+0", Guests: 8, Seed: 1, ServerPID: cmd.Process.Pid, Log: progress,
		Barrier: ck.barrier(sc.duration),
	})
	if ckErr := ck.wait(); err == nil {
		err = ckErr
	}
	if err != nil {
		return result{}, err
	}
	res.rep, res.loadAfter = rep, loadAverage()
	if idle > 0 && rep.Server.SetupRSS > 0 {
		res.idlePerGame = (rep.Server.SetupRSS - idle) / int64(sc.games)
	}
	if idle > 0 && rep.Server.RSS > 0 {
		res.perGame = (rep.Server.RSS - idle) / int64(sc.games)
	}
	res.checked, res.mismatched = checkAcks(ctx, base, rep)
	return res, nil
}

// checkAcks compares every game's acknowledged moves with the moves the
// server's store holds: each acknowledged move must be there, in order.
func checkAcks(ctx context.Context, base string, rep *wsload.Report) (checked, mismatched int) {
	for _, g := range rep.GameMoves {
		stored, err := wsload.GameMoves(ctx, base, g.ID)
		checked++
		if err != nil || len(stored) < len(g.Moves) || !slices.Equal(stored[:len(g.Moves)], g.Moves) {
			mismatched++
		}
	}
	return checked, mismatched
}

func waitReady(ctx context.Context, base string, exited <-chan error) error {
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case err := <-exited:
			return fmt.Errorf("the server exited before it was ready: %v", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
	return errors.New("the server was not ready within 60 s")
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// rss is a process's resident memory in bytes (0 if unknown).
func rss(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb * 1024
		}
	}
	return 0
}

// loadAverage is the machine's 1-minute load average (0 if unknown).
func loadAverage() float64 {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(f[0], 64)
	return v
}

func cpuModel() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	n, model := 0, ""
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok {
			switch strings.TrimSpace(k) {
			case "processor":
				n++
			case "model name":
				model = strings.TrimSpace(v)
			}
		}
	}
	return fmt.Sprintf("%d × %s", n, model)
}

// newSchema creates a schema for one run and returns its name and the
// function that drops it.
func newSchema(ctx context.Context, dsn string) (string, func(), error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return "", nil, fmt.Errorf("connecting to PostgreSQL: %w", err)
	}
	defer conn.Close(ctx)
	schema := fmt.Sprintf("servercompare_%d", time.Now().UnixNano())
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		return "", nil, err
	}
	return schema, func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if conn, err := pgx.Connect(ctx, dsn); err == nil {
			defer conn.Close(ctx)
			_, _ = conn.Exec(ctx, "DROP SCHEMA "+schema+" CASCADE")
		}
	}, nil
}

func withSearchPath(dsn, schema string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", err
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), nil
}
