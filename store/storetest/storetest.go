// Package storetest is the conformance suite of game.Store: one set of
// tests that every store (store/sqlite, store/postgres) must pass, and the
// storage benchmarks they share.
//
// A store's test calls RunAll (or one suite: Run, RunLobby, RunAccounts,
// RunSchedule, RunClubs) with a function that opens it:
//
//	func TestConformance(t *testing.T) {
//		storetest.RunAll(t, func(tb testing.TB) storetest.FullStore { ... }, refuse)
//	}
package storetest

import (
	"errors"
	"testing"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
)

// Store is what a JoinPal store implements: game.Store, and the
// live.NodeRegistry the runtime keeps its heartbeats in.
type Store interface {
	game.Store
	live.NodeRegistry
}

// Run runs the conformance suite against the store open opens.
//
// The suite calls open once or more per subtest. The first call for a given
// t must return a store on new, empty storage of its own; a later call with
// the same t, made after the suite has closed the store the previous call
// returned, must reopen that same storage: that is how the suite checks that
// what a store acknowledged is still there after Close and a new start.
// open should close what it opened in t.Cleanup (Close must accept a second
// call) and fail t if it cannot open.
//
// Beyond game.Store's documentation, the suite holds stores to this: every
// time is read back in UTC, Equal to the time written (the suite writes
// whole milliseconds); durations are kept to the millisecond; Record.Moves
// is never nil; an error carries the game code named by game.Store (tested
// with errors.Is); a call whose context is already done fails with the
// context's error and stores nothing; after Close every call fails.
func Run(t *testing.T, open func(t *testing.T) Store) {
	tests := []struct {
		name string
		test func(t *testing.T, open func(t *testing.T) Store)
	}{
		{"RoundTrip", testRoundTrip},
		{"CreateExisting", testCreateExisting},
		{"CreateInvalid", testCreateInvalid},
		{"AppendMove", testAppendMove},
		{"AppendMoveConflict", testAppendMoveConflict},
		{"SaveState", testSaveState},
		{"TakeBack", testTakeBack},
		{"StateAcrossWrites", testStateAcrossWrites},
		{"Decided", testDecided},
		{"Fenced", testFenced},
		{"OnCommit", testOnCommit},
		{"Owners", testOwners},
		{"DeadOwners", testDeadOwners},
		{"NotFound", testNotFound},
		{"ActiveGames", testActiveGames},
		{"Nodes", testNodes},
		{"Concurrent", testConcurrent},
		{"RacingSamePly", testRacingSamePly},
		{"FailingWriteAlone", testFailingWriteAlone},
		{"CanceledContext", testCanceledContext},
		{"Reopen", testReopen},
		{"CloseFlushes", testCloseFlushes},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, open)
		})
	}
}

func mustCreate(t *testing.T, s Store, rec game.Record) {
	t.Helper()
	if err := s.CreateGame(t.Context(), rec); err != nil {
		t.Fatalf("CreateGame(%q): %v", rec.ID, err)
	}
}

func mustLoad(t *testing.T, s Store, id string) game.Record {
	t.Helper()
	rec, err := s.LoadGame(t.Context(), id)
	if err != nil {
		t.Fatalf("LoadGame(%q): %v", id, err)
	}
	return rec
}

func mustClose(t *testing.T, s Store) {
	t.Helper()
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
}

// wantCode fails t unless err is a game error with code.
func wantCode(t *testing.T, what string, err error, code game.Code) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %s", what, code)
		return
	}
	if !errors.Is(err, game.NewError(code, "", nil)) {
		t.Errorf("%s: error %q has code %q, want %s", what, err, game.CodeOf(err), code)
	}
}
