package postgres_test

import (
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/storetest"
)

// BenchmarkAppendMove: group commit (the default).
func BenchmarkAppendMove(b *testing.B) {
	storetest.BenchmarkAppendMove(b, func(b *testing.B) game.Store { return openFor(b) })
}

// BenchmarkAppendMoveNoGroupCommit: every move its own transaction on a
// pooled connection, PostgreSQL grouping the WAL flushes of concurrent
// commits by itself.
func BenchmarkAppendMoveNoGroupCommit(b *testing.B) {
	storetest.BenchmarkAppendMove(b, func(b *testing.B) game.Store {
		return openFor(b, postgres.WithGroupCommit(false))
	})
}
