package storetest

import (
	"fmt"
	"testing"
	"time"
)

// nodeStatus is what NodeStatus returns.
type nodeStatus struct {
	LastSeen time.Time
	Stopped  bool
}

func testNodes(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	check := func(what, node string, want nodeStatus) {
		t.Helper()
		seen, stopped, err := s.NodeStatus(t.Context(), node)
		if err != nil {
			t.Fatalf("%s: NodeStatus(%q): %v", what, node, err)
		}
		want.LastSeen = want.LastSeen.UTC()
		if got := (nodeStatus{seen, stopped}); got != want {
			t.Errorf("%s: NodeStatus(%q) = %+v, want %+v", what, node, got, want)
		}
	}
	liveNodes := func(what string, since time.Time, want ...string) {
		t.Helper()
		got, err := s.LiveNodes(t.Context(), since)
		if err != nil {
			t.Fatalf("%s: LiveNodes: %v", what, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: LiveNodes(%v) = %q, want %q", what, since, got, want)
		}
	}
	lastAlive := func(what string, want time.Time) {
		t.Helper()
		got, err := s.LastAlive(t.Context())
		if err != nil || !got.Equal(want) {
			t.Errorf("%s: LastAlive = %v, %v; want %v", what, got, err, want)
		}
	}
	check("never seen", "a", nodeStatus{})
	liveNodes("none yet", at(0))
	lastAlive("none yet", time.Time{})
	steps := []struct {
		name    string
		stop    bool
		node    string
		at      time.Time
		want    nodeStatus
		wantOth nodeStatus
	}{
		{"first heartbeat", false, "a", at(1000), nodeStatus{LastSeen: at(1000)}, nodeStatus{}},
		{"second heartbeat", false, "a", at(2000), nodeStatus{LastSeen: at(2000)}, nodeStatus{}},
		{"graceful stop", true, "a", at(2500), nodeStatus{LastSeen: at(2500), Stopped: true}, nodeStatus{}},
		{"other node", false, "b", at(3000), nodeStatus{LastSeen: at(2500), Stopped: true}, nodeStatus{LastSeen: at(3000)}},
		{"restart", false, "a", at(4000), nodeStatus{LastSeen: at(4000)}, nodeStatus{LastSeen: at(3000)}},
		{"stop of the other", true, "b", at(5000), nodeStatus{LastSeen: at(4000)}, nodeStatus{LastSeen: at(5000), Stopped: true}},
		// A heartbeat that was sent before the stop but commits after it
		// (a write that timed out and went through late) changes nothing:
		// the node stays stopped and its last sight does not go back.
		{"late heartbeat of the other", false, "b", at(4900), nodeStatus{LastSeen: at(4000)}, nodeStatus{LastSeen: at(5000), Stopped: true}},
		{"late heartbeat", false, "a", at(3900), nodeStatus{LastSeen: at(4000)}, nodeStatus{LastSeen: at(5000), Stopped: true}},
	}
	for _, st := range steps {
		var err error
		if st.stop {
			err = s.MarkStopped(t.Context(), st.node, st.at)
		} else {
			err = s.Heartbeat(t.Context(), st.node, st.at)
		}
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		check(st.name, "a", st.want)
		check(st.name, "b", st.wantOth)
		lastAlive(st.name, maxTime(st.want.LastSeen, st.wantOth.LastSeen))
	}
	if err := s.Heartbeat(t.Context(), "c", at(6000)); err != nil {
		t.Fatal(err)
	}
	// a: heartbeat at 4000; b: stopped at 5000; c: heartbeat at 6000.
	liveNodes("since the start", at(0), "a", "c")
	liveNodes("since a's heartbeat", at(4000), "a", "c")
	liveNodes("after a's heartbeat", at(4001), "c")
	liveNodes("after every heartbeat", at(6001))
	lastAlive("a heartbeat last", at(6000))
	if err := s.MarkStopped(t.Context(), "b", at(7000)); err != nil {
		t.Fatal(err)
	}
	lastAlive("a stop last", at(7000))
}

// maxTime returns the later of a and b.
func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
