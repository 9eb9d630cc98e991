//go:build linux

package lowprio

import (
	"syscall"
	"testing"
)

// TestLowerPriority: the search thread ends at nice 19, and only that
// thread (the goroutine stays locked to it, so Go ends it with the
// goroutine).
func TestLowerPriority(t *testing.T) {
	type prios struct{ before, after int }
	got := make(chan prios)
	var errs [3]error
	go func() {
		var p prios
		// The kernel's getpriority answers 20 - nice.
		p.before, errs[0] = syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		errs[1] = Lower()
		p.after, errs[2] = syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
		got <- p
	}()
	p := <-got
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if p.after != 1 || p.before == 1 {
		t.Errorf("priority before %d, after %d (20 - nice); want after 1", p.before, p.after)
	}
	self, err := syscall.Getpriority(syscall.PRIO_PROCESS, syscall.Gettid())
	if err != nil || self == 1 {
		t.Errorf("the test's own thread: %d, %v", self, err)
	}
}
