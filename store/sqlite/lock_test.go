package sqlite

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestLockOneProcessAtATime: a store opened WithLock holds the file: a
// second open with the lock (another process, or another open in this one:
// the lock belongs to an open file) is refused naming the holder and the
// file; an open without the lock (a tool) works; once the holder closes,
// the lock is free.
func TestLockOneProcessAtATime(t *testing.T) {
	path := filepath.Join(t.TempDir(), "joinpal.db")
	first, err := Open(t.Context(), path, WithLock("node-a"))
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()

	_, err = Open(t.Context(), path, WithLock("node-b"))
	var e *Error
	if !errors.Is(err, ErrLocked) || !errors.As(err, &e) {
		t.Fatalf("second open with the lock: %v, want %s", err, CodeLocked)
	}
	if h := e.Params["holder"]; !strings.Contains(h, "node node-a") || !strings.Contains(h, "pid ") {
		t.Errorf("holder %q does not name node-a and its process", h)
	}
	if f := e.Params["file"]; f != path || !strings.Contains(err.Error(), path) {
		t.Errorf("the error names file %q (%v), want %s", f, err, path)
	}

	tool, err := Open(t.Context(), path)
	if err != nil {
		t.Fatalf("open without the lock beside the holder: %v", err)
	}
	if err := tool.Close(); err != nil {
		t.Fatal(err)
	}

	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	second, err := Open(t.Context(), path, WithLock("node-b"))
	if err != nil {
		t.Fatalf("open with the lock once the holder closed: %v", err)
	}
	second.Close()
}
