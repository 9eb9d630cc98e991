package main

import (
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"time"
)

// serveProfiler serves Go's profiler (/debug/pprof/: CPU, heap,
// goroutines, mutexes, traces) on its own loopback listener at addr, apart
// from the site, so that a load test can profile a running server
// (`go tool pprof http://127.0.0.1:6060/debug/pprof/profile?seconds=30`).
// It returns the address it listens on and the function that stops it.
func serveProfiler(addr string, log *slog.Logger) (at string, stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("serve: --pprof: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	log.Warn("joinpal: the profiler is served", "addr", ln.Addr().String())
	return ln.Addr().String(), func() { _ = hs.Close() }, nil
}
