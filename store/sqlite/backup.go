package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
)

// Backup writes a copy of the database file at path to the new file out,
// with VACUUM INTO: one read transaction, so the copy is the database as
// of one moment — every write committed before Backup began, none half —
// and it is safe while a server writes to the file (WAL mode lets the
// read run beside the writer; it takes no lock that stops it). The copy is
// one self-contained file (no -wal beside it), synced to disk before
// Backup returns. It fails if out exists; a failed backup removes what it
// wrote. Restore: stop the server, put the copy in the database's place
// (and remove the old PATH-wal, PATH-shm and PATH.lock if any), start the
// server.
func Backup(ctx context.Context, path, out string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return fmt.Errorf("sqlite: backup %s: %w", path, err)
	}
	if _, err := os.Stat(abs); err != nil {
		return fmt.Errorf("sqlite: backup %s: %w", path, err)
	}
	if _, err := os.Lstat(out); err == nil {
		return fmt.Errorf("sqlite: backup %s: %s exists: a backup is written to a new file", path, out)
	}
	db, err := sql.Open("sqlite", dsn(abs, url.Values{"_pragma": {"busy_timeout(5000)"}}))
	if err != nil {
		return fmt.Errorf("sqlite: backup %s: %w", path, err)
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", out); err != nil {
		os.Remove(out)
		return fmt.Errorf("sqlite: backup %s to %s: %w", path, out, err)
	}
	if err := syncFile(out); err != nil {
		os.Remove(out)
		return fmt.Errorf("sqlite: backup %s to %s: %w", path, out, err)
	}
	return nil
}

// syncFile flushes the file at name, and its directory entry, to disk.
func syncFile(name string) error {
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	d, err := os.Open(filepath.Dir(name))
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}
