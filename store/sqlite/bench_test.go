package sqlite_test

import (
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/storetest"
)

// BenchmarkAppendMove: group commit (the default).
func BenchmarkAppendMove(b *testing.B) {
	storetest.BenchmarkAppendMove(b, func(b *testing.B) game.Store { return openFor(b) })
}

// BenchmarkAppendMoveNoGroupCommit: one transaction and one fsync per move,
// for comparison.
func BenchmarkAppendMoveNoGroupCommit(b *testing.B) {
	storetest.BenchmarkAppendMove(b, func(b *testing.B) game.Store { return openFor(b, sqlite.WithMaxBatch(1)) })
}
