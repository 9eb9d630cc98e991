package main

import (
	"io"
	"log/slog"
	"net/http"
	"strings"
	"testing"
)

// TestProfiler: --pprof serves Go's profiler on its own loopback
// listener, and stopping it closes it.
func TestProfiler(t *testing.T) {
	addr, stop, err := serveProfiler("127.0.0.1:0", slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	res, err := http.Get("http://" + addr + "/debug/pprof/goroutine?debug=1")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || !strings.Contains(string(body), "goroutine profile") {
		t.Fatalf("the goroutine profile: %d %.200s", res.StatusCode, body)
	}
	stop()
	if _, err := http.Get("http://" + addr + "/debug/pprof/"); err == nil {
		t.Error("the profiler still answers after stop")
	}
}
