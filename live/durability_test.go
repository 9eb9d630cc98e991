package live

// Memory never runs ahead of the store: each test makes a write fail in one
// of the ways a real store fails (down, its answer lost, the caller's
// context cancelled while the write is on its way) and checks that the game
// in memory is the game in the store, and that the command, sent again,
// does what it would have done.

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
)

// checkInStep fails the test unless the running game id is in memory
// exactly what the store holds.
func (f *fixture) checkInStep(id string) {
	f.t.Helper()
	if !f.running(id) {
		f.t.Fatalf("%s: not running", id)
	}
	mem, err := f.rt.Snapshot(f.ctx, id)
	if err != nil {
		f.t.Fatalf("%s: snapshot: %v", id, err)
	}
	rec, err := f.store.LoadGame(f.ctx, id)
	if err != nil {
		f.t.Fatalf("%s: load: %v", id, err)
	}
	g, err := game.Restore(rec, f.clock.Now)
	if err != nil {
		f.t.Fatalf("%s: restore: %v", id, err)
	}
	stored := g.NewEvent(game.EventFull, nil)
	stored.Seq = rec.State.Seq
	if !reflect.DeepEqual(mem, stored) {
		f.t.Fatalf("%s: memory runs apart from the store:\nmemory %+v\nstored %+v", id, mem, stored)
	}
}

// running reports whether the runtime holds game id.
func (f *fixture) running(id string) bool {
	f.rt.mu.Lock()
	defer f.rt.mu.Unlock()
	_, ok := f.rt.actors[id]
	return ok
}

// storedPlies returns the number of moves the store holds for id.
func (f *fixture) storedPlies(id string) int {
	f.t.Helper()
	rec, err := f.store.LoadGame(f.ctx, id)
	if err != nil {
		f.t.Fatal(err)
	}
	return len(rec.Moves)
}

// inject prepares the fault of the table tests below and returns the
// context the failing command must use.
func (f *fixture) inject(op string, fl fault, down bool) context.Context {
	ctx, cancel := context.WithCancel(f.ctx)
	f.t.Cleanup(cancel)
	f.faults.setDown(down)
	if fl != noFault {
		f.faults.next(op, fl, cancel)
	}
	return ctx
}

var faults = []struct {
	name  string
	fault fault
	down  bool
}{
	{"store down", noFault, true},
	{"answer lost", lostAnswer, false},
	{"caller cancelled during the write", cancelCaller, false},
}

func TestFailedMoveWriteLeavesMemoryAsStored(t *testing.T) {
	for _, tc := range faults {
		t.Run(tc.name, func(t *testing.T) {
			f := newFaultyFixture(t)
			f.create("g1", "5+0")
			f.move("g1", "alice", "e2e4", 0, 1)
			ctx := f.inject("AppendMove", tc.fault, tc.down)
			ack, err := f.rt.Move(ctx, "g1", "bob", MoveRequest{UCI: "e7e5", Ply: 1, ID: 7})
			f.faults.setDown(false)
			stored := f.storedPlies("g1") == 2
			// Acknowledged if and only if durable.
			if (err == nil) != stored {
				t.Fatalf("move answered %+v, %v; stored: %v", ack, err, stored)
			}
			if err != nil && CodeOf(err) != CodeNotStored {
				t.Errorf("refusal %v has code %q, want %s", err, CodeOf(err), CodeNotStored)
			}
			f.checkInStep("g1")
			// Sent again: applied if it was not stored, answered again if it was.
			again := f.move("g1", "bob", "e7e5", 1, 7)
			if again.Resent != stored || again.Move.SAN != "e5" || f.storedPlies("g1") != 2 {
				t.Fatalf("resent move: %+v (stored before: %v), %d stored", again, stored, f.storedPlies("g1"))
			}
			f.checkInStep("g1")
			f.move("g1", "alice", "g1f3", 2, 2)
			f.checkInStep("g1")
		})
	}
}

func TestFailedStateWriteLeavesMemoryAsStored(t *testing.T) {
	commands := []struct {
		name string
		// setup brings game g1 to just before the command.
		setup func(f *fixture)
		run   func(f *fixture, ctx context.Context) error
	}{
		{"resign", func(f *fixture) {}, func(f *fixture, ctx context.Context) error { return f.rt.Resign(ctx, "g1", "bob") }},
		{"draw offer", func(f *fixture) {}, func(f *fixture, ctx context.Context) error { return f.rt.OfferDraw(ctx, "g1", "alice") }},
		{"draw accepted", func(f *fixture) {
			if err := f.rt.OfferDraw(f.ctx, "g1", "alice"); err != nil {
				f.t.Fatal(err)
			}
		}, func(f *fixture, ctx context.Context) error { return f.rt.AcceptDraw(ctx, "g1", "bob") }},
	}
	for _, cmd := range commands {
		for _, tc := range faults {
			t.Run(cmd.name+"/"+tc.name, func(t *testing.T) {
				f := newFaultyFixture(t)
				f.create("g1", "5+0")
				f.move("g1", "alice", "e2e4", 0, 1)
				f.move("g1", "bob", "e7e5", 1, 1)
				cmd.setup(f)
				before, _ := f.store.LoadGame(f.ctx, "g1")
				ctx := f.inject("SaveState", tc.fault, tc.down)
				err := cmd.run(f, ctx)
				f.faults.setDown(false)
				after, _ := f.store.LoadGame(f.ctx, "g1")
				stored := after.State.Seq != before.State.Seq
				if (err == nil) != stored {
					t.Fatalf("answered %v; stored: %v", err, stored)
				}
				if stored {
					return // done and durable: nothing more to check
				}
				f.checkInStep("g1")
				// The command, sent again, works.
				if err := cmd.run(f, f.ctx); err != nil {
					t.Fatalf("sent again: %v", err)
				}
				if after, _ := f.store.LoadGame(f.ctx, "g1"); after.State.Seq == before.State.Seq {
					t.Fatal("sent again: not stored")
				}
			})
		}
	}
}

// TestFlagWriteFailureIsRetried: a flag whose write fails is neither kept
// in memory alone nor lost: the timer retries until the store takes it.
func TestFlagWriteFailureIsRetried(t *testing.T) {
	f := newFaultyFixture(t)
	f.create("g1", "1+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	f.move("g1", "bob", "e7e5", 1, 1)
	f.faults.setDown(true)
	f.clock.Advance(time.Minute + 5*time.Second)
	f.faults.setDown(false)
	f.checkInStep("g1") // still running in both
	rec, _ := f.store.LoadGame(f.ctx, "g1")
	if rec.State.Status != game.StatusStarted {
		t.Fatalf("stored status %v while the store was down", rec.State.Status)
	}
	// The retry comes on its own, within the longest backoff.
	for range 20 {
		f.clock.Advance(5 * time.Second)
	}
	rec, _ = f.store.LoadGame(f.ctx, "g1")
	if rec.State.Termination != game.Timeout || rec.State.Result != game.BlackWins {
		t.Fatalf("after the store came back: %v %v %v", rec.State.Status, rec.State.Termination, rec.State.Result)
	}
	if f.running("g1") {
		t.Fatal("the flagged game still runs")
	}
	// Loud: counted, and logged at Error level.
	if st := f.rt.Stats(); st.FailedWrites == 0 {
		t.Errorf("stats %+v: no failed write counted", st)
	}
	if !strings.Contains(f.logs.String(), "level=ERROR") {
		t.Errorf("nothing logged at Error level:\n%s", f.logs)
	}
}

// TestMatingMoveNotStoredDoesNotEndTheGame: the board's decision is kept
// only once stored.
func TestMatingMoveNotStoredDoesNotEndTheGame(t *testing.T) {
	for _, tc := range faults {
		t.Run(tc.name, func(t *testing.T) {
			f := newFaultyFixture(t)
			f.create("g1", "5+0")
			for i, u := range []string{"f2f3", "e7e5", "g2g4"} {
				f.move("g1", []string{"alice", "bob"}[i%2], u, i, int64(i+1))
			}
			ctx := f.inject("AppendMove", tc.fault, tc.down)
			_, err := f.rt.Move(ctx, "g1", "bob", MoveRequest{UCI: "d8h4", Ply: 3, ID: 4})
			f.faults.setDown(false)
			rec, _ := f.store.LoadGame(f.ctx, "g1")
			mated := rec.State.Termination == game.Checkmate
			if (err == nil) != mated {
				t.Fatalf("mating move answered %v; stored %v", err, rec.State.Termination)
			}
			if mated {
				if f.running("g1") {
					t.Fatal("a mated game still runs")
				}
				return
			}
			f.checkInStep("g1")
			again := f.move("g1", "bob", "d8h4", 3, 4)
			if again.Resent {
				t.Fatalf("a move never stored was answered as resent: %+v", again)
			}
			if rec, _ := f.store.LoadGame(f.ctx, "g1"); rec.State.Termination != game.Checkmate || f.running("g1") {
				t.Fatalf("after the mate: stored %v, running %v", rec.State.Termination, f.running("g1"))
			}
		})
	}
}

// TestCreateFailureLeavesNoHalfGame: a game is stored and running, or
// neither; a retry works.
func TestCreateFailureLeavesNoHalfGame(t *testing.T) {
	for _, tc := range faults {
		t.Run(tc.name, func(t *testing.T) {
			f := newFaultyFixture(t)
			tcontrol := mustTC(t, "5+0")
			ctx := f.inject("CreateGame", tc.fault, tc.down)
			_, err := f.rt.Create(ctx, game.Config{ID: "g1", White: alice, Black: bob, TimeControl: tcontrol})
			f.faults.setDown(false)
			_, lerr := f.store.LoadGame(f.ctx, "g1")
			stored := lerr == nil
			if stored != f.running("g1") || (err == nil) != stored {
				t.Fatalf("create answered %v; stored %v (%v), running %v", err, stored, lerr, f.running("g1"))
			}
			if !stored {
				if _, err := f.rt.Create(f.ctx, game.Config{ID: "g1", White: alice, Black: bob, TimeControl: tcontrol}); err != nil {
					t.Fatalf("retry: %v", err)
				}
			}
			f.checkInStep("g1")
			f.move("g1", "alice", "e2e4", 0, 1)
			f.checkInStep("g1")
			// A game that exists is refused, running or not.
			if _, err := f.rt.Create(f.ctx, game.Config{ID: "g1", White: alice, Black: bob, TimeControl: tcontrol}); !errors.Is(err, game.ErrGameExists) {
				t.Fatalf("second create: %v", err)
			}
		})
	}
}

// TestMoveWhileTheDatabaseIsLocked: another connection (a backup, the
// sqlite3 shell) holds SQLite's write lock past the busy timeout; the move
// is refused with CodeNotStored and changes nothing, and goes through once
// the lock is gone.
func TestMoveWhileTheDatabaseIsLocked(t *testing.T) {
	f := &fixture{t: t, path: filepath.Join(t.TempDir(), "joinpal.db"), clock: newFakeClock(), ctx: context.Background(),
		opts: []sqlite.Option{sqlite.WithBusyTimeout(20 * time.Millisecond)}}
	f.open()
	f.cleanup()
	f.create("g1", "5+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	shell, err := sql.Open("sqlite", "file:"+f.path)
	if err != nil {
		t.Fatal(err)
	}
	defer shell.Close()
	conn, err := shell.Conn(f.ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(f.ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatal(err)
	}
	_, err = f.rt.Move(f.ctx, "g1", "bob", MoveRequest{UCI: "e7e5", Ply: 1, ID: 1})
	if !errors.Is(err, ErrNotStored) {
		t.Fatalf("move under a held write lock: %v, want %s", err, CodeNotStored)
	}
	f.checkInStep("g1")
	if _, err := conn.ExecContext(f.ctx, "ROLLBACK"); err != nil {
		t.Fatal(err)
	}
	if again := f.move("g1", "bob", "e7e5", 1, 1); again.Resent || f.storedPlies("g1") != 2 {
		t.Fatalf("after the lock: %+v, %d stored", again, f.storedPlies("g1"))
	}
	f.checkInStep("g1")
}

// TestLateCommitIsNotTakenForTheNextWrite: a write whose commit outlived
// its caller lands in the store later; the next write, refused because of
// it, must not be acknowledged as if it were the one the store holds.
func TestLateCommitIsNotTakenForTheNextWrite(t *testing.T) {
	f := newFaultyFixture(t)
	f.create("g1", "5+0")
	f.move("g1", "alice", "e2e4", 0, 1)
	f.faults.next("AppendMove", lateCommit, nil)
	if _, err := f.rt.Move(f.ctx, "g1", "bob", MoveRequest{UCI: "e7e5", Ply: 1, ID: 2}); !errors.Is(err, ErrNotStored) {
		t.Fatalf("a move whose commit is late: %v, want %s", err, CodeNotStored)
	}
	f.checkInStep("g1") // not in the store yet
	// The client tries another move; the late one lands first.
	ack, err := f.rt.Move(f.ctx, "g1", "bob", MoveRequest{UCI: "d7d5", Ply: 1, ID: 3})
	rec, _ := f.store.LoadGame(f.ctx, "g1")
	if err == nil || len(rec.Moves) != 2 || rec.Moves[1].UCI != "e7e5" {
		t.Fatalf("second move answered %+v, %v; stored %d moves, the last %s", ack, err, len(rec.Moves), rec.Moves[len(rec.Moves)-1].UCI)
	}
	f.checkInStep("g1") // the late move, now stored, is in memory too
	if again := f.move("g1", "bob", "e7e5", 1, 2); !again.Resent {
		t.Fatalf("the late move resent: %+v, want it answered as stored", again)
	}
}
