package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/joinpal/joinpal/store/sqlite"
)

const backupUsage = `Usage: joinpal backup [--db PATH] OUT

Copies the SQLite database to the new file OUT, safely while the server
runs and writes: the copy holds every change committed before the backup
began (one consistent snapshot, VACUUM INTO), in one file. Restore: stop
the server, put OUT in the database's place (removing PATH-wal,
PATH-shm and PATH.lock), start it. On PostgreSQL use pg_dump (docs/STORAGE.md).

Flags:`

// runBackup is "joinpal backup".
func runBackup(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newSubcommand("backup", backupUsage, stderr)
	db := fs.String("db", envOr("JOINPAL_DB", "data/joinpal.db"), "the SQLite file `PATH` the server runs on (JOINPAL_DB)")
	if code, ok := fs.parse(args, 1); !ok {
		return code
	}
	if fs.NArg() != 1 {
		return fs.usageError("want the file OUT to write the backup to")
	}
	if isPostgres(*db) {
		return fs.fail(errors.New("a PostgreSQL database is backed up with pg_dump (e.g. pg_dump -Fc -f joinpal.dump URL), restored with pg_restore: see docs/STORAGE.md"))
	}
	out := fs.Arg(0)
	if err := sqlite.Backup(context.Background(), *db, out); err != nil {
		return fs.fail(err)
	}
	fmt.Fprintf(stdout, "backup of %s written to %s\n", *db, out)
	return exitOK
}
