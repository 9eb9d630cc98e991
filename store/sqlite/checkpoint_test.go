package sqlite

import (
	"path/filepath"
	"testing"
	"time"
)

// The log is copied by the checkpointer, not by the writer's commits; the
// writer copies it only once it has grown past walLimit, and the log then
// starts over.
func TestCheckpointsBesideTheWriter(t *testing.T) {
	ctx := t.Context()
	// The checkpointer's own loop stays out of the way: the test runs
	// its checkpoints itself.
	s, err := Open(ctx, filepath.Join(t.TempDir(), "joinpal.db"), WithCheckpointEvery(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var auto int
	if err := s.wconn.QueryRowContext(ctx, "PRAGMA wal_autocheckpoint").Scan(&auto); err != nil || auto != 0 {
		t.Fatalf("the writer's wal_autocheckpoint = %d, %v; want 0", auto, err)
	}
	at := time.Date(2026, 12, 2, 6, 0, 0, 0, time.UTC)
	beat := func(n int) { // each a commit: the heartbeat is newer
		t.Helper()
		for range n {
			at = at.Add(time.Second)
			if err := s.Heartbeat(ctx, "n1", at); err != nil {
				t.Fatal(err)
			}
		}
	}
	logged := func() (frames, copied int64) {
		t.Helper()
		var busy int64
		if err := s.cdb.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
			t.Fatal(err)
		}
		return frames, copied
	}
	beat(50)
	if frames := s.checkpoint(ctx, s.cdb); frames < 50 {
		t.Fatalf("the log holds %d frames after 50 commits; want at least 50", frames)
	}
	if frames, copied := logged(); copied != frames {
		t.Errorf("after a checkpoint %d of the log's %d frames are copied", copied, frames)
	}
	beat(50) // not copied yet
	before := s.walFrames.Load() + 50
	s.walFrames.Store(walLimit)
	beat(1)
	if after, _ := logged(); after >= before {
		t.Errorf("the log holds %d frames after the writer's checkpoint and one commit, about %d before; want it started over", after, before)
	}
}

func TestCheckpointDue(t *testing.T) {
	tests := []struct {
		commits int64
		since   time.Duration
		want    bool
	}{
		{0, time.Hour, false},
		{1, time.Second, false},
		{1, checkpointQuiet, true},
		{checkpointCommits - 1, checkpointQuiet - time.Millisecond, false},
		{checkpointCommits, 0, true},
		{10 * checkpointCommits, 200 * time.Millisecond, true},
	}
	for _, tc := range tests {
		if got := checkpointDue(tc.commits, tc.since); got != tc.want {
			t.Errorf("checkpointDue(%d, %v) = %v, want %v", tc.commits, tc.since, got, tc.want)
		}
	}
}

// The checkpointer copies a log that grew by a few commits only after
// checkpointQuiet, one that grew by checkpointCommits at once, and leaves
// alone one that did not grow.
func TestCheckpointIfDue(t *testing.T) {
	ctx := t.Context()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "joinpal.db"), WithCheckpointEvery(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	t0 := time.Date(2026, 12, 3, 6, 0, 0, 0, time.UTC)
	at := t0
	beat := func(n int) {
		t.Helper()
		for range n {
			at = at.Add(time.Second)
			if err := s.Heartbeat(ctx, "n1", at); err != nil {
				t.Fatal(err)
			}
		}
	}
	c := checkpointer{last: t0}
	steps := []struct {
		name  string
		beats int
		now   time.Duration // after t0
		want  bool
	}{
		{"a commit, a second on", 1, time.Second, false},
		{"the same commit, checkpointQuiet on", 0, checkpointQuiet, true},
		{"no commit since, an hour on", 0, time.Hour, false},
		{"checkpointCommits commits, a millisecond on", checkpointCommits, checkpointQuiet + time.Millisecond, true},
	}
	for _, st := range steps {
		beat(st.beats)
		if got := s.checkpointIfDue(&c, t0.Add(st.now)); got != st.want {
			t.Fatalf("%s: checkpointed %v, want %v", st.name, got, st.want)
		}
	}
	if frames := s.walFrames.Load(); frames < checkpointCommits {
		t.Fatalf("the last checkpoint saw %d frames in the log; want at least %d", frames, checkpointCommits)
	}
}

func TestCheckpointWait(t *testing.T) {
	const every = 200 * time.Millisecond
	tests := []struct {
		commits int64
		since   time.Duration
		wait    time.Duration
		ok      bool
	}{
		{0, time.Hour, 0, false},
		{1, 0, checkpointQuiet, true},
		{1, time.Second, checkpointQuiet - time.Second, true},
		{1, time.Hour, 0, true},
		{checkpointCommits, 50 * time.Millisecond, every - 50*time.Millisecond, true},
		{checkpointCommits, time.Second, 0, true},
	}
	for _, tc := range tests {
		if wait, ok := checkpointWait(tc.commits, tc.since, every); wait != tc.wait || ok != tc.ok {
			t.Errorf("checkpointWait(%d, %v) = %v, %v; want %v, %v", tc.commits, tc.since, wait, ok, tc.wait, tc.ok)
		}
	}
	// A few commits wait at least every, should checkpointQuiet be shorter.
	if wait, _ := checkpointWait(1, checkpointQuiet, time.Hour); wait != time.Hour-checkpointQuiet {
		t.Errorf("checkpointWait with every an hour = %v, want %v", wait, time.Hour-checkpointQuiet)
	}
}

// The checkpointer sleeps until commits wake it: checkpointCommits of
// them are copied at once.
func TestCheckpointerWokenByCommits(t *testing.T) {
	ctx := t.Context()
	checkpointed := make(chan struct{}, 1)
	notify := func(o *options) {
		o.checkpointed = func() {
			select {
			case checkpointed <- struct{}{}:
			default:
			}
		}
	}
	s, err := Open(ctx, filepath.Join(t.TempDir(), "joinpal.db"), notify)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	at := time.Date(2026, 12, 3, 6, 0, 0, 0, time.UTC)
	for range checkpointCommits {
		at = at.Add(time.Second)
		if err := s.Heartbeat(ctx, "n1", at); err != nil {
			t.Fatal(err)
		}
	}
	for s.ckptSeen.Load() < checkpointCommits {
		<-checkpointed // the test's deadline bounds the wait
	}
}
