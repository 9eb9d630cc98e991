package live

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"
)

// TestReusedCommandsGetTheirOwnAnswers checks that a command's answer
// reaches its own sender only, while commands and their answer channels
// are reused: after commands given up while queued, after commands
// answered as not run when the actor ends, and among concurrent ones.
func TestReusedCommandsGetTheirOwnAnswers(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	f.create("g2", "5+0")
	g1, g2 := f.actor("g1"), f.actor("g2")

	const n = 40
	// queued sends n commands while no goroutine runs the actor's queue,
	// the ones for which giveUp is true given up while they wait, then
	// ends with them answered; each command that runs answers its own
	// error. It checks every sender's answer.
	queued := func(a *actor, giveUp func(i int) bool, end func()) {
		t.Helper()
		a.qmu.Lock()
		a.running = true // the queue is run below, by hand
		a.qmu.Unlock()
		type answer struct {
			ran bool
			err error
		}
		answers := make([]answer, n)
		cancels := make([]context.CancelFunc, n)
		answered := make([]chan struct{}, n)
		var wg sync.WaitGroup
		for i := range n {
			ctx, cancel := context.WithCancel(context.Background())
			cancels[i] = cancel
			answered[i] = make(chan struct{})
			wg.Go(func() {
				defer close(answered[i])
				ran, err := a.send(ctx, func() error { return fmt.Errorf("command %d", i) })
				answers[i] = answer{ran, err}
			})
		}
		waitQueued(a, n)
		for i := range n {
			if giveUp(i) {
				cancels[i]()
				<-answered[i]
			}
		}
		end()
		wg.Wait()
		for i, got := range answers {
			cancels[i]()
			switch {
			case giveUp(i):
				if got.ran || !errors.Is(got.err, context.Canceled) {
					t.Errorf("command %d given up: ran %v, %v", i, got.ran, got.err)
				}
			case !got.ran:
				if got.err != nil {
					t.Errorf("command %d not run: %v", i, got.err)
				}
			case got.err == nil || got.err.Error() != fmt.Sprintf("command %d", i):
				t.Errorf("command %d answered %v", i, got.err)
			}
		}
	}
	concurrent := func(a *actor) {
		t.Helper()
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				ran, err := a.send(context.Background(), func() error { return fmt.Errorf("command %d", i) })
				if !ran || err == nil || err.Error() != fmt.Sprintf("command %d", i) {
					t.Errorf("command %d answered ran %v, %v", i, ran, err)
				}
			})
		}
		wg.Wait()
	}

	odd := func(i int) bool { return i%2 == 1 }
	none := func(int) bool { return false }
	run := func(a *actor) func() { return a.run }
	endNow := func(a *actor) func() {
		return func() {
			a.qmu.Lock()
			a.running = false
			a.endLocked()
			a.qmu.Unlock()
		}
	}
	for range 3 {
		queued(g1, odd, run(g1))
		concurrent(g1)
	}
	queued(g1, odd, endNow(g1)) // the rest answered as not run
	for range 3 {
		concurrent(g2)
		queued(g2, odd, run(g2))
	}
	queued(g2, none, endNow(g2))
}

// waitQueued waits until a's queue holds n commands.
func waitQueued(a *actor, n int) {
	for {
		a.qmu.Lock()
		l := len(a.queue)
		a.qmu.Unlock()
		if l == n {
			return
		}
		runtime.Gosched()
	}
}

// TestAnswerWaitsForNoLaterCommand: a command's caller has its answer
// once its command is done, while a command queued behind it still runs;
// the commands run in the order they came.
func TestAnswerWaitsForNoLaterCommand(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	a := f.actor("g1")
	var order []int
	firstRuns, release := make(chan struct{}), make(chan struct{})
	secondDone := make(chan error, 1)
	firstDone := make(chan error, 1)
	go func() {
		firstDone <- a.do(context.Background(), func() error {
			order = append(order, 1)
			close(firstRuns)
			waitQueued(a, 1) // the second waits behind this one
			return nil
		})
	}()
	<-firstRuns
	go func() {
		secondDone <- a.do(context.Background(), func() error {
			<-release
			order = append(order, 2)
			return nil
		})
	}()
	select {
	case err := <-firstDone: // while the second is blocked
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first caller's answer waits for the command queued behind its own")
	}
	close(release)
	if err := <-secondDone; err != nil {
		t.Fatal(err)
	}
	if len(order) != 2 || order[0] != 1 || order[1] != 2 {
		t.Errorf("the commands ran in the order %v, want [1 2]", order)
	}
}

// TestQuitWaitsForACommandRunHere: the command of an idle game runs on
// its caller's goroutine; quit, asked while it runs, waits for it, and
// the actor then ends: the commands queued behind it, and any sent after,
// are answered as not run.
func TestQuitWaitsForACommandRunHere(t *testing.T) {
	f := newFixture(t)
	f.create("g1", "5+0")
	a := f.actor("g1")
	runs, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		_, err := a.send(context.Background(), func() error {
			close(runs)
			<-release
			return errors.New("the first")
		})
		first <- err
	}()
	<-runs
	queued := make(chan bool, 1)
	go func() {
		ran, _ := a.send(context.Background(), func() error { return nil })
		queued <- ran
	}()
	waitQueued(a, 1)
	quit := make(chan struct{})
	go func() { a.quit(); close(quit) }()
	for asked := false; !asked; {
		a.qmu.Lock()
		asked = a.quitting
		ended := a.ended
		a.qmu.Unlock()
		if ended {
			t.Fatal("the actor ended while the command run on its caller's goroutine went on")
		}
		runtime.Gosched()
	}
	close(release)
	if err := <-first; err == nil || err.Error() != "the first" {
		t.Errorf("the first command's answer: %v", err)
	}
	<-quit
	if <-queued {
		t.Error("the command queued behind it ran after quit")
	}
	if ran, err := a.send(context.Background(), func() error { return nil }); ran || err != nil {
		t.Errorf("a command after quit: ran %v, %v", ran, err)
	}
}

// actor returns the actor of game id, which runs.
func (f *fixture) actor(id string) *actor {
	f.t.Helper()
	a, err := f.rt.lookup(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return a
}
