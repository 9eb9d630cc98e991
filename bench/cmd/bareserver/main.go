// Command bareserver is the baseline of make bench-server: the least a
// durable WebSocket chess server has to do, to measure JoinPal against.
//
// It speaks the part of JoinPal's API that the load generator
// (loadtest/wsload) uses — guests, open challenges, a game's moves and its
// socket — with one goroutine per socket (coder/websocket). Each move is
// checked for legality, written durably with group commit (one
// transaction for every move waiting, on SQLite with WAL and
// synchronous=FULL, or on PostgreSQL) and only then acknowledged and sent
// to the game's sockets. It keeps no clocks, no presence, no ratings and no
// history beyond the moves: what it costs is the floor under JoinPal's cost.
//
//	bareserver --addr 127.0.0.1:9000 --db /tmp/bare.db
//	bareserver --addr 127.0.0.1:9000 --db 'postgres://postgres@127.0.0.1:5432/test?search_path=bare'
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("bareserver", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:9000", "the `ADDRESS` to listen on")
	db := fs.String("db", "", "the SQLite file `PATH`, or a postgres:// URL")
	maxBatch := fs.Int("max-batch", 1024, "most moves written in one transaction")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *db == "" || *maxBatch < 1 {
		fmt.Fprintln(stderr, "bareserver: give --db, and --max-batch of at least 1")
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var st store
	var err error
	if isPostgres(*db) {
		st, err = openPostgres(ctx, *db)
	} else {
		st, err = openSQLite(*db)
	}
	if err != nil {
		fmt.Fprintf(stderr, "bareserver: %v\n", err)
		return 1
	}
	defer st.close()
	w := newWriter(st, *maxBatch)
	go w.run()
	defer w.stop()
	srv := newServer(st, w)
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "bareserver: %v\n", err)
		return 1
	}
	hs := &http.Server{Handler: srv.routes(), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		if !errors.Is(err, http.ErrServerClosed) {
			fmt.Fprintf(stderr, "bareserver: %v\n", err)
			return 1
		}
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
		srv.closeSockets()
	}
	return 0
}
