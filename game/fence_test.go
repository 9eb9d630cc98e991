package game

import (
	"context"
	"testing"
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
		{"over a cancelled context", WithWriter(parent, 7, "n1"), 7, "n1"},
		{"a newer one inside", WithWriter(WithWriter(parent, 1, "old"), 1<<40, "n2"), 1 << 40, "n2"},
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
		{"none", WithWriter(context.Background(), 1, "n"), ""},
		{"its own", WithWriterOnCommit(context.Background(), 1, "n", own), "own"},
		{"its parent's", WithWriter(WithOnCommit(context.Background(), parents), 1, "n"), "parent's"},
		{"its own over its parent's", WithWriterOnCommit(WithOnCommit(context.Background(), parents), 1, "n", own), "own"},
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
