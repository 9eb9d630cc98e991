package sqlite

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// beatAt is a moment of the tests' heartbeats, sec seconds into a day.
func beatAt(sec float64) time.Time {
	return time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC).Add(time.Duration(sec * float64(time.Second)))
}

// storedSeen reads node's last_seen as the database holds it, behind the
// store's back.
func storedSeen(t *testing.T, s *Store, node string) time.Time {
	t.Helper()
	var us int64
	if err := s.rdb.QueryRowContext(t.Context(), "SELECT last_seen FROM nodes WHERE node = ?", node).Scan(&us); err != nil {
		t.Fatal(err)
	}
	return time.UnixMicro(us).UTC()
}

// mustBeat records a heartbeat of node at.
func mustBeat(t *testing.T, s *Store, node string, at time.Time) {
	t.Helper()
	if err := s.Heartbeat(t.Context(), node, at); err != nil {
		t.Fatal(err)
	}
}

// lastAlive is s.LastAlive, which must not fail.
func lastAlive(t *testing.T, s *Store) time.Time {
	t.Helper()
	at, err := s.LastAlive(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// storedBeatDue makes the next heartbeat of s reach the database, as if
// storedBeatEvery had passed since the last that did.
func storedBeatDue(s *Store) {
	s.beats.mu.Lock()
	s.beats.storedBegun = s.beats.storedBegun.Add(-storedBeatEvery)
	s.beats.mu.Unlock()
}

func TestBeatLineRoundTrip(t *testing.T) {
	tests := []struct {
		name    string
		content string
		want    lockBeat
		ok      bool
	}{
		{"written", "node a, pid 1\n" + formatBeat(lockBeat{node: "a", at: beatAt(3), stored: beatAt(1)}),
			lockBeat{node: "a", at: beatAt(3), stored: beatAt(1)}, true},
		{"a node name with spaces", "who\n" + formatBeat(lockBeat{node: "host 1-x", at: beatAt(2.5), stored: beatAt(2.5)}),
			lockBeat{node: "host 1-x", at: beatAt(2.5), stored: beatAt(2.5)}, true},
		{"no beat yet", "node a, pid 1, host h, since 2026-12-03T12:00:00Z\n", lockBeat{}, false},
		{"empty", "", lockBeat{}, false},
		{"cut short", "who\nalive 00000001733250000123456 stored 0000000173", lockBeat{}, false},
		{"not a number", "who\nalive 1x stored 2 node a\n", lockBeat{}, false},
		{"no node", "who\nalive 1 stored 2 node \n", lockBeat{}, false},
		{"zero times", "who\nalive 0 stored 0 node a\n", lockBeat{}, false},
		{"another line", "who\nsomething else\n", lockBeat{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := parseBeat([]byte(tt.content))
			if ok != tt.ok || got.node != tt.want.node || !got.at.Equal(tt.want.at) || !got.stored.Equal(tt.want.stored) {
				t.Errorf("parseBeat = %+v, %v; want %+v, %v", got, ok, tt.want, tt.ok)
			}
		})
	}
}

// FuzzParseBeat: any lock file content parses without panicking, and a
// beat read back formats to the line it came from. Seeds in
// testdata/fuzz/FuzzParseBeat.
func FuzzParseBeat(f *testing.F) {
	f.Add([]byte("node a, pid 1\n" + formatBeat(lockBeat{node: "a", at: beatAt(3), stored: beatAt(1)})))
	f.Add([]byte("who\nalive 1 stored 2 node a\n"))
	f.Add([]byte("\n\n"))
	f.Fuzz(func(t *testing.T, content []byte) {
		b, ok := parseBeat(content)
		if !ok {
			return
		}
		again, ok := parseBeat([]byte("who\n" + formatBeat(b)))
		if !ok || again != b {
			t.Fatalf("%q: %+v read back as %+v, %v", content, b, again, ok)
		}
	})
}

// TestLockedHeartbeats: a store holding its file's lock stores the first
// heartbeat in the database, later ones in the lock file only, until
// storedBeatEvery has passed or a write failed; the store's answers count
// the file's beat.
func TestLockedHeartbeats(t *testing.T) {
	path := filepath.Join(t.TempDir(), "joinpal.db")
	s, err := Open(t.Context(), path, WithLock("a"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	mustBeat(t, s, "a", beatAt(1))
	if got := storedSeen(t, s, "a"); !got.Equal(beatAt(1)) {
		t.Fatalf("the first beat stored as %v, want %v", got, beatAt(1))
	}
	commits := s.commits.Load()
	mustBeat(t, s, "a", beatAt(2))
	mustBeat(t, s, "a", beatAt(3))
	if n := s.commits.Load() - commits; n != 0 {
		t.Errorf("two beats within storedBeatEvery made %d commits, want 0", n)
	}
	if got := storedSeen(t, s, "a"); !got.Equal(beatAt(1)) {
		t.Errorf("the database holds %v, want the first beat %v", got, beatAt(1))
	}
	seen, stopped, err := s.NodeStatus(t.Context(), "a")
	if err != nil || stopped || !seen.Equal(beatAt(3)) {
		t.Errorf("NodeStatus = %v, %v, %v; want %v alive", seen, stopped, err, beatAt(3))
	}
	if got := lastAlive(t, s); !got.Equal(beatAt(3)) {
		t.Errorf("LastAlive = %v, want %v", got, beatAt(3))
	}
	if nodes, err := s.LiveNodes(t.Context(), beatAt(2.5)); err != nil || len(nodes) != 1 || nodes[0] != "a" {
		t.Errorf("LiveNodes since a's stored beat = %q, %v; want [a]", nodes, err)
	}
	content, err := os.ReadFile(lockPath(s.Path()))
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := parseBeat(content); !ok || b.node != "a" || !b.at.Equal(beatAt(3)) || !b.stored.Equal(beatAt(1)) {
		t.Errorf("the lock file holds %+v (%v), want a alive at %v, stored %v: %q", b, ok, beatAt(3), beatAt(1), content)
	}
	if holder, _, _ := strings.Cut(string(content), "\n"); !strings.HasPrefix(holder, "node a, pid ") {
		t.Errorf("the lock file's first line %q does not name its holder", holder)
	}

	// A write that fails sends the next beat to the database.
	if err := s.SaveState(t.Context(), "none", game.State{Status: game.StatusStarted}); err == nil {
		t.Fatal("saving the state of a missing game worked")
	}
	mustBeat(t, s, "a", beatAt(4))
	if got := storedSeen(t, s, "a"); !got.Equal(beatAt(4)) {
		t.Errorf("after a failed write the beat stored as %v, want %v", got, beatAt(4))
	}
	mustBeat(t, s, "a", beatAt(5))
	if got := storedSeen(t, s, "a"); !got.Equal(beatAt(4)) {
		t.Errorf("the beat after it stored as %v, want it in the file only", got)
	}

	// storedBeatEvery after the last stored beat, the next is stored.
	storedBeatDue(s)
	mustBeat(t, s, "a", beatAt(15))
	if got := storedSeen(t, s, "a"); !got.Equal(beatAt(15)) {
		t.Errorf("storedBeatEvery later the beat stored as %v, want %v", got, beatAt(15))
	}

	// A graceful stop is stored, and the node is alive no more.
	if err := s.MarkStopped(t.Context(), "a", beatAt(16)); err != nil {
		t.Fatal(err)
	}
	seen, stopped, err = s.NodeStatus(t.Context(), "a")
	if err != nil || !stopped || !seen.Equal(beatAt(16)) {
		t.Errorf("after the stop NodeStatus = %v, %v, %v; want %v stopped", seen, stopped, err, beatAt(16))
	}
	if nodes, err := s.LiveNodes(t.Context(), beatAt(0)); err != nil || len(nodes) != 0 {
		t.Errorf("after the stop LiveNodes = %q, %v; want none", nodes, err)
	}
}

// TestLockedHeartbeatsAfterACrash: the next store to take the lock counts
// the beat a store left in the lock file when its process ended without a
// stop — through opens that do not beat — unless the database disagrees
// with it.
func TestLockedHeartbeatsAfterACrash(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "joinpal.db")
	crashed := func(t *testing.T) {
		t.Helper()
		s, err := Open(t.Context(), path, WithLock("a"))
		if err != nil {
			t.Fatal(err)
		}
		mustBeat(t, s, "a", beatAt(10))
		mustBeat(t, s, "a", beatAt(13))
		// Closing the store records no stop, as a crash would not.
		if err := s.Close(); err != nil {
			t.Fatal(err)
		}
	}
	reopen := func(t *testing.T, opts ...Option) *Store {
		t.Helper()
		s, err := Open(t.Context(), path, opts...)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}

	crashed(t)
	s := reopen(t, WithLock("b"))
	if got := lastAlive(t, s); !got.Equal(beatAt(13)) {
		t.Errorf("LastAlive after the crash = %v, want the file's %v", got, beatAt(13))
	}
	if seen, _, err := s.NodeStatus(t.Context(), "a"); err != nil || !seen.Equal(beatAt(13)) {
		t.Errorf("NodeStatus(a) after the crash = %v, %v; want %v", seen, err, beatAt(13))
	}
	s.Close()
	// An open that did not beat kept the line.
	s = reopen(t, WithLock("c"))
	if got := lastAlive(t, s); !got.Equal(beatAt(13)) {
		t.Errorf("LastAlive after an open without beats = %v, want %v", got, beatAt(13))
	}
	s.Close()
	// An open without the lock reads the database alone.
	if got := lastAlive(t, reopen(t)); !got.Equal(beatAt(10)) {
		t.Errorf("LastAlive without the lock = %v, want the database's %v", got, beatAt(10))
	}

	t.Run("a database older than the line", func(t *testing.T) {
		crashed(t)
		s := reopen(t) // no lock: the database is changed behind the line
		if _, err := s.wconn.ExecContext(t.Context(), "UPDATE nodes SET last_seen = ? WHERE node = 'a'", beatAt(9).UnixMicro()); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if got := lastAlive(t, reopen(t, WithLock("b"))); !got.Equal(beatAt(9)) {
			t.Errorf("LastAlive = %v, want the database's %v", got, beatAt(9))
		}
	})
	t.Run("a line too long after its stored beat", func(t *testing.T) {
		crashed(t)
		b := lockBeat{node: "a", at: beatAt(10).Add(storedBeatEvery + beatSlack + time.Millisecond), stored: beatAt(10)}
		if err := os.WriteFile(lockPath(path), []byte("node a\n"+formatBeat(b)), 0o640); err != nil {
			t.Fatal(err)
		}
		if got := lastAlive(t, reopen(t, WithLock("b"))); !got.Equal(beatAt(10)) {
			t.Errorf("LastAlive = %v, want the database's %v", got, beatAt(10))
		}
	})
	t.Run("a node that stopped", func(t *testing.T) {
		crashed(t)
		s := reopen(t)
		if err := s.MarkStopped(t.Context(), "a", beatAt(11)); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if got := lastAlive(t, reopen(t, WithLock("b"))); !got.Equal(beatAt(11)) {
			t.Errorf("LastAlive = %v, want the stop's %v", got, beatAt(11))
		}
	})
}

// A beat that rides on a game's write goes into the lock file once the
// write commits, with no commit of its own, and is marked carried — unless
// the database is due a beat (after a failed write, or storedBeatEvery
// after the last stored one), the beat is another node's, or the store
// holds no lock: then it stays uncarried, and the heartbeat writes it.
func TestCarriedBeats(t *testing.T) {
	tc, err := game.ParseTimeControl("5+3")
	if err != nil {
		t.Fatal(err)
	}
	games := 0
	// write stores a new game under a context carrying a beat of node at
	// and reports whether the store carried it.
	write := func(s *Store, node string, at time.Time) bool {
		t.Helper()
		games++
		bt := &game.Beat{Node: node, At: at}
		rec := game.Record{ID: fmt.Sprintf("g%d", games), White: game.Player{ID: "w", Name: "W"},
			Black: game.Player{ID: "b", Name: "B"}, TimeControl: tc, CreatedAt: at,
			State: game.State{Status: game.StatusCreated}}
		if err := s.CreateGame(game.WithBeat(t.Context(), bt), rec); err != nil {
			t.Fatal(err)
		}
		return bt.Carried()
	}
	lockFile := func(s *Store) lockBeat {
		t.Helper()
		content, err := os.ReadFile(lockPath(s.Path()))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := parseBeat(content)
		return b
	}

	s, err := Open(t.Context(), filepath.Join(t.TempDir(), "joinpal.db"), WithLock("a"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if write(s, "a", beatAt(0.5)) {
		t.Error("a beat carried before the node's first heartbeat")
	}
	mustBeat(t, s, "a", beatAt(1))

	commits := s.commits.Load()
	if !write(s, "a", beatAt(2)) {
		t.Fatal("a beat within storedBeatEvery was not carried")
	}
	if n := s.commits.Load() - commits; n != 1 {
		t.Errorf("a write carrying a beat made %d commits, want 1", n)
	}
	if b := lockFile(s); b.node != "a" || !b.at.Equal(beatAt(2)) || !b.stored.Equal(beatAt(1)) {
		t.Errorf("the lock file holds %+v, want a alive at %v, stored %v", b, beatAt(2), beatAt(1))
	}
	if got := storedSeen(t, s, "a"); !got.Equal(beatAt(1)) {
		t.Errorf("the database holds %v, want %v: a carried beat stays in the file", got, beatAt(1))
	}
	if seen, _, err := s.NodeStatus(t.Context(), "a"); err != nil || !seen.Equal(beatAt(2)) {
		t.Errorf("NodeStatus = %v, %v; want %v", seen, err, beatAt(2))
	}
	if write(s, "b", beatAt(3)) {
		t.Error("another node's beat was carried")
	}

	// A write that fails makes the next beat the database's.
	if err := s.SaveState(t.Context(), "none", game.State{Status: game.StatusStarted}); err == nil {
		t.Fatal("saving the state of a missing game worked")
	}
	if write(s, "a", beatAt(4)) {
		t.Error("a beat was carried after a failed write")
	}
	mustBeat(t, s, "a", beatAt(5))
	if !write(s, "a", beatAt(6)) {
		t.Error("a beat was not carried after the heartbeat stored one")
	}

	// storedBeatEvery after the last stored beat, none is carried.
	storedBeatDue(s)
	if write(s, "a", beatAt(16)) {
		t.Error("a beat was carried when the database was due one")
	}
	if b := lockFile(s); !b.at.Equal(beatAt(6)) {
		t.Errorf("the lock file holds a beat at %v, want %v", b.at, beatAt(6))
	}

	// Without the lock, nothing is carried.
	plain, err := Open(t.Context(), filepath.Join(t.TempDir(), "plain.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer plain.Close()
	mustBeat(t, plain, "a", beatAt(1))
	if write(plain, "a", beatAt(2)) {
		t.Error("a store without the lock carried a beat")
	}
}
