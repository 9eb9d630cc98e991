package wsload_test

import (
	"context"
	"errors"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/loadtest/wsload"
)

// TestFileBarrier: at each stage no generator goes on while one has not
// arrived, and a stage's files do not count for another.
func TestFileBarrier(t *testing.T) {
	dir := t.TempDir()
	const n = 3
	for _, stage := range []string{wsload.StageStart, wsload.StageEnd} {
		passed := make(chan error, n)
		for range n - 1 {
			barrier := wsload.FileBarrier(dir, n)
			go func() { passed <- barrier(t.Context(), stage) }()
		}
		// Once the first ones have left their files, none has gone on.
		for {
			files, err := filepath.Glob(filepath.Join(dir, stage+".*"))
			if err != nil {
				t.Fatal(err)
			}
			if len(files) == n-1 {
				break
			}
			runtime.Gosched()
		}
		select {
		case err := <-passed:
			t.Fatalf("%s: a generator went on before the last arrived (%v)", stage, err)
		default:
		}
		if err := wsload.FileBarrier(dir, n)(t.Context(), stage); err != nil {
			t.Fatalf("%s: the last: %v", stage, err)
		}
		for range n - 1 {
			if err := <-passed; err != nil {
				t.Errorf("%s: %v", stage, err)
			}
		}
	}
}

// TestFileBarrierGivesUp: a generator whose partners never come stops
// waiting when its context ends, and says how many arrived.
func TestFileBarrierGivesUp(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	errc := make(chan error, 1)
	go func() { errc <- wsload.FileBarrier(t.TempDir(), 2)(ctx, wsload.StageStart) }()
	cancel()
	err := <-errc
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if want := "1 of 2 generators arrived"; !strings.Contains(err.Error(), want) {
		t.Errorf("err = %q, want it to say %q", err, want)
	}
}

// TestFileBarrierAlone: one generator goes on at once; a folder that does
// not exist is an error.
func TestFileBarrierAlone(t *testing.T) {
	if err := wsload.FileBarrier(t.TempDir(), 1)(t.Context(), wsload.StageStart); err != nil {
		t.Fatal(err)
	}
	if err := wsload.FileBarrier(t.TempDir()+"/missing", 1)(t.Context(), wsload.StageStart); err == nil {
		t.Fatal("a missing folder was accepted")
	}
}
