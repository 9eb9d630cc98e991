package natsbus

import (
	"slices"
	"testing"
	"time"
)

// TestCrowdsAcrossNodes: two nodes' watchers of one game add up on both;
// a node that starts watching later hears the earlier one's; a node that
// stops or expires is forgotten.
func TestCrowdsAcrossNodes(t *testing.T) {
	nc, prefix := connect(t)
	a, b := NewCrowds(nc, prefix, "node-a", nil), NewCrowds(nc, prefix, "node-b", nil)
	changed := map[*Crowds]chan string{a: make(chan string, 16), b: make(chan string, 16)}
	for c, ch := range changed {
		c.OnChange(func(id string) { ch <- id })
	}
	// wait waits for c's view of the others to be users and anonymous,
	// reading it again after each change it is told of.
	wait := func(c *Crowds, users []string, anonymous int) {
		t.Helper()
		deadline := time.After(10 * time.Second)
		for {
			u, n := c.Elsewhere("g1")
			if slices.Equal(u, users) && n == anonymous {
				return
			}
			select {
			case <-changed[c]:
			case <-deadline:
				t.Fatalf("elsewhere: %v and %d anonymous; want %v and %d", u, n, users, anonymous)
			}
		}
	}
	a.Share("g1", []string{"u-carla", "u-alba"}, 1, true)
	b.Share("g1", nil, 0, true) // a player's socket: listens, watches nothing
	wait(b, []string{"u-alba", "u-carla"}, 1)
	b.Share("g1", []string{"u-dario"}, 2, true)
	wait(a, []string{"u-dario"}, 2)
	a.Share("g1", []string{"u-alba"}, 0, true)
	wait(b, []string{"u-alba"}, 0)
	a.expire(map[string]bool{"node-a": true})
	wait(a, nil, 0)
	b.dropNode("node-a")
	wait(b, nil, 0)
	b.Share("g1", nil, 0, false)
	if u, n := b.Elsewhere("g1"); u != nil || n != 0 {
		t.Errorf("after its last socket B still knows %v and %d", u, n)
	}
}
