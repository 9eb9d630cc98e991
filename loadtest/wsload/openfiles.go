package wsload

import (
	"os"
	"syscall"
)

// RaiseOpenFiles raises the soft open-files limit of the process to its
// hard limit, or to 1,048,576 for root (CAP_SYS_RESOURCE; a container may
// refuse it, and the hard limit is taken then): every socket is a file, on
// both sides of a load test, and a server the process starts inherits the
// limit. It returns the limit in force, and fails only when the soft
// limit stays below the hard one.
func RaiseOpenFiles() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	want := lim.Max
	if os.Geteuid() == 0 && want < 1<<20 {
		want = 1 << 20
	}
	if lim.Cur >= want {
		return lim.Cur, nil
	}
	next := syscall.Rlimit{Cur: want, Max: max(want, lim.Max)}
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &next); err != nil {
		next = syscall.Rlimit{Cur: lim.Max, Max: lim.Max}
		if err2 := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &next); err2 != nil {
			return lim.Cur, err2
		}
	}
	return next.Cur, nil
}
