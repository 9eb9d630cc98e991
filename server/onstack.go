package server

import (
	"fmt"
	"runtime/debug"
	"sync"
)

// maxIdleStacks is how many goroutines onStack keeps waiting for work
// between calls. More than that run at once only in a burst; those past
// the limit end when their call returns.
const maxIdleStacks = 64

// stackWorker is a goroutine that runs onStack's functions one at a time.
// Its stack keeps the size the deep calls grew it to, so a call handed to
// it does not copy the stack again as it deepens (the collector halves
// the stack of a worker that waits long enough).
type stackWorker struct {
	job  chan func()
	done chan *stackPanic
}

// idleStacks holds the workers waiting for a call, the last one to finish
// on top: its stack is the likeliest to be as deep as the next call needs.
var idleStacks struct {
	mu      sync.Mutex
	workers []*stackWorker
}

// onStack runs f on a goroutine other than the caller's and waits for it:
// a deep call grows that goroutine's stack, not the caller's, which a
// socket's reader would keep for as long as the socket lives. The
// goroutine is one of a few kept for this, so a call costs a hand-over
// rather than a new goroutine and the copies of its stack as it grows. A
// panic in f panics the caller, with f's stack in its value.
func onStack(f func()) {
	w := takeStackWorker()
	w.job <- f
	p := <-w.done
	releaseStackWorker(w)
	if p != nil {
		panic(p)
	}
}

// takeStackWorker returns an idle worker, or a new one when none waits.
func takeStackWorker() *stackWorker {
	idleStacks.mu.Lock()
	if n := len(idleStacks.workers); n > 0 {
		w := idleStacks.workers[n-1]
		idleStacks.workers[n-1] = nil
		idleStacks.workers = idleStacks.workers[:n-1]
		idleStacks.mu.Unlock()
		return w
	}
	idleStacks.mu.Unlock()
	w := &stackWorker{job: make(chan func()), done: make(chan *stackPanic, 1)}
	go w.run()
	return w
}

// releaseStackWorker puts w back among the idle workers, or ends it when
// maxIdleStacks already wait.
func releaseStackWorker(w *stackWorker) {
	idleStacks.mu.Lock()
	if len(idleStacks.workers) < maxIdleStacks {
		idleStacks.workers = append(idleStacks.workers, w)
		idleStacks.mu.Unlock()
		return
	}
	idleStacks.mu.Unlock()
	close(w.job)
}

// run runs the worker's calls until its job channel closes.
func (w *stackWorker) run() {
	for f := range w.job {
		w.done <- runRecovering(f)
	}
}

// runRecovering runs f and returns its panic, if any, with f's stack.
func runRecovering(f func()) (p *stackPanic) {
	defer func() {
		if v := recover(); v != nil {
			p = &stackPanic{value: v, stack: debug.Stack()}
		}
	}()
	f()
	return nil
}

// stackPanic is a panic carried from onStack's goroutine to its caller.
type stackPanic struct {
	value any
	stack []byte
}

func (p *stackPanic) String() string {
	return fmt.Sprintf("%v\n\n(on the goroutine that ran it:)\n%s", p.value, p.stack)
}
