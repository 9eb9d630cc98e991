//go:build !linux

package lowprio

import "runtime"

// Lower locks the calling goroutine to its OS thread; lowering a
// thread's priority is implemented on Linux only.
func Lower() error {
	runtime.LockOSThread()
	return nil
}
