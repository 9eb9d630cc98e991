//go:build linux

package lowprio

import (
	"runtime"
	"syscall"
)

// Lower locks the calling goroutine to its OS thread and gives the
// thread the lowest scheduling priority (nice 19), so that the kernel runs
// any other runnable thread of the machine first. The goroutine never
// unlocks: when it ends, Go ends the thread with it, and the priority is
// never inherited by other goroutines.
func Lower() error {
	runtime.LockOSThread()
	return syscall.Setpriority(syscall.PRIO_PROCESS, syscall.Gettid(), 19)
}
