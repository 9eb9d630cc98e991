package sqlite_test

import (
	"fmt"
	"testing"
	"time"
)

// TestReadsPreparedOnce: a read's statement is prepared on its first run
// and reused after (the count of prepared statements does not grow with
// the reads), at most maxReadStatements of them (the texts past it run
// unprepared, and still answer), and a prepared read holds no snapshot of
// the log once its rows are read: a TRUNCATE checkpoint after them is
// held back by no reader.
func TestReadsPreparedOnce(t *testing.T) {
	ctx := t.Context()
	s := openFor(t)
	t0 := time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)
	addSeek(t, s, "s1", "u:a", t0)
	read := func() {
		t.Helper()
		seeks, err := s.Seeks(ctx)
		if err != nil || len(seeks) != 1 {
			t.Fatalf("Seeks: %v, %v; want the one seek", seeks, err)
		}
		if _, err := s.ExpiredChallenges(ctx, t0); err != nil {
			t.Fatal(err)
		}
	}
	read()
	first := s.ReadStatements()
	if first == 0 {
		t.Fatal("the reads prepared no statement")
	}
	for range 20 {
		read()
	}
	if got := s.ReadStatements(); got != first {
		t.Errorf("the same reads again: %d statements prepared, want still %d", got, first)
	}

	const texts = 300 // more than the bound
	for i := range texts {
		n, err := s.ReadNumber(ctx, fmt.Sprintf("SELECT %d", i))
		if err != nil || n != int64(i) {
			t.Fatalf("SELECT %d: %d, %v", i, n, err)
		}
	}
	if got := s.ReadStatements(); got != 256 {
		t.Errorf("after %d texts: %d statements prepared, want the bound, 256", texts+first, got)
	}

	// A write after the reads, then the whole log checkpointed: no read
	// statement keeps a reader's mark on it.
	if err := s.MarkSeekOwnerGone(ctx, "u:a", t0); err != nil {
		t.Fatal(err)
	}
	read()
	busy, err := s.TruncateLog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if busy {
		t.Error("a TRUNCATE checkpoint after the reads was held back by a reader")
	}
}
