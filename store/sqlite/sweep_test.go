package sqlite_test

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/store/sqlite"
)

// TestSweepWritesOnlyWhatIsDue: the lobby's sweep, which runs every
// second, commits nothing (no transaction, no fsync) while no seek is
// due, and one transaction when one is.
func TestSweepWritesOnlyWhatIsDue(t *testing.T) {
	ctx := t.Context()
	s := openFor(t)
	t0 := time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)
	addSeek(t, s, "s1", "u:a", t0)
	sweep := func(before time.Time, want int, commits int64) {
		t.Helper()
		from := s.Commits()
		gone, err := s.RemoveAbandonedSeeks(ctx, before)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ExpiredChallenges(ctx, before); err != nil {
			t.Fatal(err)
		}
		if len(gone) != want {
			t.Errorf("sweep before %v removed %d seeks, want %d", before.Sub(t0), len(gone), want)
		}
		if got := s.Commits() - from; got != commits {
			t.Errorf("sweep before %v: %d commits, want %d", before.Sub(t0), got, commits)
		}
	}
	sweep(t0.Add(time.Minute), 0, 0) // the owner is connected
	if err := s.MarkSeekOwnerGone(ctx, "u:a", t0.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	sweep(t0.Add(time.Minute-time.Millisecond), 0, 0) // gone, not long enough
	sweep(t0.Add(time.Minute), 1, 1)
	sweep(t0.Add(time.Hour), 0, 0)
}

// addSeek adds a 3+0 seek id of owner, made at at, to s.
func addSeek(t *testing.T, s *sqlite.Store, id, owner string, at time.Time) {
	t.Helper()
	tc, err := game.ParseTimeControl("3+0")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.AddSeek(t.Context(), lobby.Seek{ID: id, Owner: lobby.Player{ID: owner, Name: "Ana", Rating: 1500}, TimeControl: tc,
		Color: lobby.Random, CreatedAt: at}); err != nil {
		t.Fatal(err)
	}
}
