package wsload

import (
	"syscall"
	"testing"
)

// RaiseOpenFiles leaves the soft limit at least where it was and at the
// hard limit or above, and returns the limit in force.
func TestRaiseOpenFiles(t *testing.T) {
	var before syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &before); err != nil {
		t.Fatal(err)
	}
	n, err := RaiseOpenFiles()
	if err != nil {
		t.Fatal(err)
	}
	var after syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &after); err != nil {
		t.Fatal(err)
	}
	if n != after.Cur || after.Cur < before.Cur || after.Cur < before.Max {
		t.Fatalf("RaiseOpenFiles = %d; soft limit %d → %d, hard %d", n, before.Cur, after.Cur, before.Max)
	}
}
