package groupcommit

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
)

// recorder is a commit function that records its batches; if gate is not
// nil, it tells started and waits until gate is closed before committing.
type recorder struct {
	mu      sync.Mutex
	batches [][]int
	gate    chan struct{}
	started chan struct{}
}

func (c *recorder) commit(batch []*Request[int]) {
	if c.gate != nil {
		select {
		case c.started <- struct{}{}:
		default:
		}
		<-c.gate // closed after the first batch: later ones pass
	}
	var ws []int
	for _, r := range batch {
		ws = append(ws, r.Write)
		if r.Write < 0 {
			r.Err = fmt.Errorf("write %d refused", r.Write)
		}
	}
	c.mu.Lock()
	c.batches = append(c.batches, ws)
	c.mu.Unlock()
}

// Writes queued while a batch commits go together in the next one; each
// caller gets its own write's error.
func TestWritesQueuedDuringACommitShareTheNext(t *testing.T) {
	c := &recorder{gate: make(chan struct{}), started: make(chan struct{}, 1)}
	q := New(8, 1, c.commit)
	errs := make(chan error, 5)
	go func() { errs <- q.Do(t.Context(), 1) }()
	<-c.started // write 1 is committing alone
	var wg sync.WaitGroup
	for _, w := range []int{2, -3, 4, 5} {
		wg.Go(func() { errs <- q.Do(t.Context(), w) })
	}
	for len(q.queue) < 4 {
		runtime.Gosched() // until the four writes are queued behind the commit
	}
	close(c.gate)
	wg.Wait()
	var failed int
	for range 5 {
		if err := <-errs; err != nil {
			failed++
		}
	}
	q.Close()
	if failed != 1 || len(c.batches) != 2 || len(c.batches[0]) != 1 || len(c.batches[1]) != 4 {
		t.Fatalf("batches %v, %d failed; want [1] then the other four together, one failed", c.batches, failed)
	}
}

func TestGivenUpWritesAreSkipped(t *testing.T) {
	c := &recorder{}
	q := New(8, 1, c.commit)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if err := q.Do(ctx, 1); !errors.Is(err, context.Canceled) {
		t.Fatalf("Do with a cancelled context: %v", err)
	}
	if err := q.Do(t.Context(), 2); err != nil {
		t.Fatal(err)
	}
	q.Close()
	if fmt.Sprint(c.batches) != "[[2]]" {
		t.Fatalf("batches %v, want only the write whose caller waited", c.batches)
	}
	if err := q.Do(t.Context(), 3); !errors.Is(err, ErrClosed) || !q.Closed() {
		t.Fatalf("Do after Close: %v", err)
	}
}

// DoThen's function runs on the writer for a write that committed, before
// its caller is answered, and never for a write that failed.
func TestThenRunsBeforeTheAnswerOfACommittedWrite(t *testing.T) {
	c := &recorder{}
	q := New(8, 1, c.commit)
	defer q.Close()
	for _, tc := range []struct {
		write   int
		wantRun bool
	}{
		{1, true},
		{-2, false}, // refused by the commit
	} {
		ran := false
		err := q.DoThen(t.Context(), tc.write, func() { ran = true })
		if (err == nil) != tc.wantRun || ran != tc.wantRun {
			t.Errorf("write %d: err %v, then ran %v; want it run %v", tc.write, err, ran, tc.wantRun)
		}
	}
	if err := q.DoThen(t.Context(), 3, nil); err != nil {
		t.Fatalf("DoThen without a function: %v", err)
	}
}

// A caller whose context ends while its write commits is either answered
// at once, its function never run, or — when the writer has begun to run
// the function — answered as committed once it has run.
func TestThenAndAGivenUpCallerSettleOnce(t *testing.T) {
	for _, tc := range []struct {
		name string
		// giveUpFirst cancels the caller while the commit is held; else
		// the caller is cancelled while its function runs.
		giveUpFirst bool
	}{
		{"caller gives up during the commit", true},
		{"caller gives up while the function runs", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &recorder{gate: make(chan struct{}), started: make(chan struct{}, 1)}
			q := New(8, 1, c.commit)
			ctx, cancel := context.WithCancel(t.Context())
			defer cancel()
			running, release := make(chan struct{}), make(chan struct{})
			ran := make(chan bool, 1)
			errs := make(chan error, 1)
			go func() {
				errs <- q.DoThen(ctx, 1, func() {
					close(running)
					<-release
					ran <- true
				})
			}()
			<-c.started
			var err error
			if tc.giveUpFirst {
				cancel()
				err = <-errs // answered while the batch still commits
				close(c.gate)
				close(release)
			} else {
				close(c.gate)
				<-running
				cancel()
				select {
				case err = <-errs:
					t.Fatalf("answered (%v) while its function ran", err)
				default:
				}
				close(release)
				err = <-errs
			}
			q.Close()
			var mayCommit *MayCommitError
			switch {
			case tc.giveUpFirst && (!errors.As(err, &mayCommit) || len(ran) != 0):
				t.Fatalf("err %v, function ran %v; want MayCommitError and no run", err, len(ran) != 0)
			case !tc.giveUpFirst && (err != nil || len(ran) != 1):
				t.Fatalf("err %v, function ran %v; want nil after its run", err, len(ran) != 0)
			}
		})
	}
}
