package sqlite

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package sqlite, such as
// "sqlite.locked". Codes are part of JoinPal's API: never change the text
// of an existing code.
type Code string

// CodeLocked: Open with WithLock found the database file's lock held by
// another process, which is running on it. Params: "file", the database
// file; "holder", who holds it (its node, process id and host).
const CodeLocked Code = "sqlite.locked"

// ErrLocked is the sentinel of CodeLocked, for use with errors.Is.
var ErrLocked = &Error{Code: CodeLocked, Msg: "the database file is locked by another process"}

// Error is an error of package sqlite that carries a code; its text is
// "sqlite: " followed by the message.
type Error = coded.Error[Code]

// Package names the package that owns the code: "sqlite".
func (Code) Package() string { return "sqlite" }

// codes is the table behind [Codes], in the order of docs/ERRORS.md. A new
// code is added here, to both catalogues of package i18n and to
// docs/ERRORS.md (go test ./i18n -run ErrorsDoc -update).
var codes = []coded.Info[Code]{
	{Code: CodeLocked, Params: []string{"holder", "file"}, When: "a second process opened a database file that a running one holds (holder: its node, process id and host; file: the database file); it opens once that process has ended"},
}

// Codes lists every error code of package sqlite with its parameters and
// when it is returned. The caller may change the slice it gets.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }
