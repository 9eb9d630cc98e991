package game

import (
	"context"
	"errors"
	"testing"
	"time"
)

type fenceTestKey struct{}

func TestWithWriter(t *testing.T) {
	parent, cancel := context.WithCancel(context.WithValue(context.Background(), fenceTestKey{}, "kept"))
	cancel()
	tests := []struct {
		name  string
		ctx   context.Context
		epoch int64
		node  string
	}{
		{"over a cancelled context", WithWriter(parent, nil, 7, "n1", nil), 7, "n1"},
		{"a newer one inside", WithWriter(WithWriter(parent, nil, 1, "old", nil), nil, 1<<40, "n2", nil), 1 << 40, "n2"},
		{"as WithEpoch and WithNode", WithNode(WithEpoch(context.WithoutCancel(parent), 3), "n3"), 3, "n3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := tc.ctx.Err(); err != nil || tc.ctx.Done() != nil {
				t.Errorf("the writer's context is cancelled: %v", err)
			}
			if _, ok := tc.ctx.Deadline(); ok {
				t.Error("the writer's context has a deadline")
			}
			if e, ok := EpochOf(tc.ctx); !ok || e != tc.epoch {
				t.Errorf("EpochOf = %d, %v; want %d", e, ok, tc.epoch)
			}
			if n, ok := NodeOf(tc.ctx); !ok || n != tc.node {
				t.Errorf("NodeOf = %q, %v; want %q", n, ok, tc.node)
			}
			if v := tc.ctx.Value(fenceTestKey{}); v != "kept" {
				t.Errorf("the parent's value is %v", v)
			}
		})
	}
}

// The writer's context carries the function its write's commit runs, its
// own or else its parent's.
func TestWriterCarriesOnCommit(t *testing.T) {
	var ran string
	own := func() { ran = "own" }
	parents := func() { ran = "parent's" }
	for _, tc := range []struct {
		name string
		ctx  context.Context
		want string
	}{
		{"none", WithWriter(context.Background(), nil, 1, "n", nil), ""},
		{"its own", WithWriter(context.Background(), nil, 1, "n", own), "own"},
		{"its parent's", WithWriter(WithOnCommit(context.Background(), parents), nil, 1, "n", nil), "parent's"},
		{"its own over its parent's", WithWriter(WithOnCommit(context.Background(), parents), nil, 1, "n", own), "own"},
	} {
		ran = ""
		f := OnCommitOf(tc.ctx)
		if f != nil {
			f()
		}
		if (f == nil) != (tc.want == "") || ran != tc.want {
			t.Errorf("%s: OnCommitOf gave %v, which ran %q; want %q", tc.name, f != nil, ran, tc.want)
		}
		if e, ok := EpochOf(tc.ctx); !ok || e != 1 {
			t.Errorf("%s: epoch %d, %v", tc.name, e, ok)
		}
	}
}

// A writer's context made with its end is done when that end is, with its
// deadline, error and cause, and not when its parent is; what is made from
// it ends with it; it keeps its parent's values and its own.
func TestWriterEnds(t *testing.T) {
	parent, cancelParent := context.WithCancelCause(context.WithValue(context.Background(), fenceTestKey{}, "kept"))
	cancelParent(errors.New("the caller left"))
	// A deadline of the system clock, which the context's timer reads: a
	// day ahead, so that it never passes while the test runs.
	at := time.Now().Add(24 * time.Hour)
	deadline, stop := context.WithDeadline(context.Background(), at)
	defer stop()
	ends, end := context.WithCancelCause(deadline)
	ran := false
	w := WithWriter(parent, ends, 9, "n9", func() { ran = true })

	if w.Err() != nil || context.Cause(w) != nil {
		t.Fatalf("done before its end: %v, cause %v", w.Err(), context.Cause(w))
	}
	select {
	case <-w.Done():
		t.Fatal("Done is closed before its end")
	default:
	}
	if d, ok := w.Deadline(); !ok || !d.Equal(at) {
		t.Errorf("Deadline = %v, %v; want %v", d, ok, at)
	}
	if e, ok := EpochOf(w); !ok || e != 9 {
		t.Errorf("EpochOf = %d, %v", e, ok)
	}
	if n, ok := NodeOf(w); !ok || n != "n9" {
		t.Errorf("NodeOf = %q, %v", n, ok)
	}
	if v := w.Value(fenceTestKey{}); v != "kept" {
		t.Errorf("the parent's value is %v", v)
	}
	if f := OnCommitOf(w); f == nil {
		t.Error("no OnCommit")
	} else if f(); !ran {
		t.Error("OnCommitOf gave another function")
	}

	child, cancelChild := context.WithCancel(w)
	defer cancelChild()
	after := make(chan struct{})
	context.AfterFunc(w, func() { close(after) })
	why := errors.New("the store took too long")
	end(why)
	<-w.Done()
	<-child.Done()
	<-after
	if !errors.Is(w.Err(), context.Canceled) || context.Cause(w) != why {
		t.Errorf("ended: Err %v, cause %v; want Canceled, %v", w.Err(), context.Cause(w), why)
	}
	if context.Cause(child) != why {
		t.Errorf("the child's cause is %v, want %v", context.Cause(child), why)
	}

	never := WithWriter(parent, nil, 1, "n", nil)
	if never.Done() != nil || never.Err() != nil {
		t.Errorf("without an end: Done %v, Err %v", never.Done(), never.Err())
	}
	if _, ok := never.Deadline(); ok {
		t.Error("without an end, a deadline")
	}
}

// TestWriterSetAgain: a Writer set again is the context of the new write,
// its epoch, node, end and commit function, and setting it allocates
// nothing.
func TestWriterSetAgain(t *testing.T) {
	var w Writer
	first := w.Set(context.Background(), nil, 1, "n1", nil)
	ends, end := context.WithCancel(context.Background())
	ran := false
	second := w.Set(context.Background(), ends, 2, "n2", func() { ran = true })
	if first != second {
		t.Fatal("a Writer set again made a context of its own")
	}
	if e, _ := EpochOf(second); e != 2 {
		t.Errorf("EpochOf = %d, want 2", e)
	}
	if n, _ := NodeOf(second); n != "n2" {
		t.Errorf("NodeOf = %q, want n2", n)
	}
	if f := OnCommitOf(second); f == nil {
		t.Error("no OnCommit")
	} else if f(); !ran {
		t.Error("OnCommitOf gave another function")
	}
	end()
	if second.Err() == nil {
		t.Error("the write's context did not end with its end")
	}
	if n := testing.AllocsPerRun(50, func() { w.Set(context.Background(), ends, 3, "n3", nil) }); n != 0 {
		t.Errorf("Set allocates %v times, want 0", n)
	}
}
