//go:build !linux

package ai

import "runtime"

// lowerPriority locks the calling goroutine to its OS thread; lowering a
// thread's priority is implemented on Linux only.
func lowerPriority() error {
	runtime.LockOSThread()
	return nil
}
