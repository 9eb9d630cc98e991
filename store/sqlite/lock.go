package sqlite

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/joinpal/joinpal/internal/coded"
)

// The lock of a database file: one process at a time runs on it. It is an
// advisory lock (flock) on a file beside the database, PATH.lock, which
// names its holder; the system releases it when the holder's file is
// closed, by Close or by the process's end however it ends, so a crashed
// holder never leaves the file locked. A flock belongs to one open file
// description: a second Open in the same process is refused like another
// process.

// lockPath is the lock file of the database file at abs.
func lockPath(abs string) string { return abs + ".lock" }

// heldLock is the lock of a database file, held.
type heldLock struct {
	f *os.File
	// beatAt is where in the file the holder's heartbeats are written:
	// after the line that names it (see beat.go).
	beatAt int64
	// before is what the holder before this one left in the file.
	before []byte
}

// takeLock takes the lock of the database file at abs for owner (a node
// name), writing who holds it into the lock file. It fails with
// CodeLocked, naming the holder, if another holds it.
func takeLock(abs, owner string) (*heldLock, error) {
	f, err := os.OpenFile(lockPath(abs), os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, err
	}
	held, err := tryLock(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	if !held {
		b, _ := os.ReadFile(lockPath(abs))
		f.Close()
		holder, _, _ := strings.Cut(string(b), "\n")
		holder = strings.TrimSpace(holder)
		if holder == "" {
			holder = "another process"
		}
		e := coded.New(CodeLocked, fmt.Sprintf("%s is in use by %s (lock %s): stop it first, or open another file", abs, holder, lockPath(abs)), nil)
		return nil, e.With("holder", coded.Clip(holder, maxLockParam), "file", coded.Clip(abs, maxLockParam))
	}
	before, err := readLockFile(f)
	if err != nil {
		f.Close()
		return nil, err
	}
	host, _ := os.Hostname()
	who := fmt.Sprintf("node %s, pid %d, host %s, since %s\n", owner, os.Getpid(), host, time.Now().UTC().Format(time.RFC3339))
	if err := f.Truncate(0); err == nil {
		_, err = f.WriteAt([]byte(who), 0)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return &heldLock{f: f, beatAt: int64(len(who)), before: before}, nil
}

// readLockFile returns the first maxLockFile bytes of the lock file f.
func readLockFile(f *os.File) ([]byte, error) {
	b := make([]byte, maxLockFile)
	n, err := f.ReadAt(b, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return b[:n], nil
}

// maxLockFile bounds what is read of a lock file: the holder's line and
// its heartbeat's.
const maxLockFile = 4096

// maxLockParam bounds the parameters of CodeLocked: a path and a line the
// holder wrote, which the operator needs whole.
const maxLockParam = 512
