//go:build !unix

package loadtest

import "time"

// cpuTime returns 0: the processor time is not known on this system.
func cpuTime() time.Duration { return 0 }
