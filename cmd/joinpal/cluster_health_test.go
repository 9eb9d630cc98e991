package main

import (
	"log/slog"
	"strings"
	"testing"
)

// TestClusterHealth: a node alone has no link to check; a node in a
// cluster reports its NATS connection, nil while it is connected and its
// state once it is not.
func TestClusterHealth(t *testing.T) {
	var alone *cluster
	if alone.health() != nil {
		t.Fatal("a node alone has a link check")
	}
	url := envOr("JOINPAL_TEST_NATS", defaultNATS)
	cl, err := joinCluster(serveOptions{nats: url, natsPrefix: "jptest-health", node: "health"}, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatalf("NATS at %s: %v (start it with make services, or set JOINPAL_TEST_NATS)", url, err)
	}
	if !cl.nc.Opts.NoEcho {
		t.Error("the node's connection echoes its own messages back to it")
	}
	check := cl.health()
	if err := check(); err != nil {
		t.Fatalf("connected: %v", err)
	}
	cl.close()
	if err := check(); err == nil || !strings.Contains(err.Error(), "NATS is closed") {
		t.Fatalf("closed: %v, want NATS is closed", err)
	}
}
