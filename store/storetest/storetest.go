// Package storetest is the conformance suite of game.Store: one set of
// tests that every store (store/sqlite, store/postgres) must pass, and the
// storage benchmarks they share.
//
// A store's test calls Run with a function that opens it:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) storetest.Store { ... })
//	}
package storetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

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

func testRoundTrip(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	perMove := mustTC(t, "move:30s")
	ended := fullRecord(t, "ended")
	ended.State.Status = game.StatusEnded
	ended.State.Termination = game.TimeoutVsInsufficientMaterial
	ended.State.Result = game.Drawn
	ended.State.Clock.State = game.ClockStopped
	ended.State.Clock.TurnStart = time.Time{}
	ended.State.DrawOffer = nil
	tests := []struct {
		name string
		rec  game.Record
	}{
		{"every field", fullRecord(t, "full")},
		{"zero values", game.Record{ID: "zero", TimeControl: game.NewUntimed(),
			State: game.State{Status: game.StatusCreated}}},
		{"untimed against the AI", game.Record{ID: "ai", White: game.Player{ID: "g:1", Name: "Invitado"},
			Black: game.Player{Name: "Principiante", AILevel: 1}, TimeControl: game.NewUntimed(),
			CreatedAt: at(1), State: game.State{Status: game.StatusStarted, Seq: 1},
			Moves: []game.MoveRecord{{Ply: 0, UCI: "d2d4", SAN: "d4", At: at(2)}}}},
		{"ended", ended},
		{"per move clock", game.Record{ID: "per-move", TimeControl: perMove, CreatedAt: at(-1),
			State: game.State{Status: game.StatusStarted, Clock: runningClock(perMove, 5, at(777)),
				DrawOffer: &game.DrawOffer{By: game.White, LapsesAtPly: 0}}}},
		{"text of every kind", game.Record{ID: "id with spaces, 'quotes', \"dq\" and ñ ♞ 🏁",
			White:       game.Player{ID: "x'; DROP TABLE games; --", Name: "Zoë \\ \x01 ♔"},
			Black:       game.Player{ID: "", Name: ""},
			TimeControl: mustTC(t, "180+10"), StartFEN: "8/8/8/8/8/8/8/K6k w - - 0 1",
			State: game.State{Status: game.StatusAborted, EndedAt: at(10)},
			Moves: []game.MoveRecord{{Ply: 0, UCI: "a1a2", SAN: "Ka2", ClientMoveID: -1, Spent: -5 * time.Millisecond}}}},
		{"far times", game.Record{ID: "far", TimeControl: game.NewUntimed(),
			CreatedAt: time.Date(1970, 1, 1, 0, 0, 0, 1_000_000, time.UTC),
			State: game.State{Status: game.StatusCreated,
				ScheduledAt: time.Date(2999, 12, 31, 23, 59, 59, 999_000_000, time.UTC),
				EndedAt:     time.Date(1969, 7, 20, 20, 17, 40, 0, time.UTC)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			mustCreate(t, s, tt.rec)
			checkRecord(t, "LoadGame", mustLoad(t, s, tt.rec.ID), tt.rec)
		})
	}
	// Times with more precision than the millisecond come back at least to
	// the millisecond.
	fine := newRecord(t, "fine")
	fine.CreatedAt = at(0).Add(123456 * time.Nanosecond)
	mustCreate(t, s, fine)
	got := mustLoad(t, s, "fine").CreatedAt
	if d := got.Sub(fine.CreatedAt); d > 0 || d <= -time.Millisecond || got.Location() != time.UTC {
		t.Errorf("CreatedAt %v came back as %v", fine.CreatedAt, got)
	}
}

func testCreateExisting(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	rec := fullRecord(t, "g")
	mustCreate(t, s, rec)
	other := newRecord(t, "g")
	wantCode(t, "CreateGame of an existing id", s.CreateGame(t.Context(), other), game.CodeGameExists)
	checkRecord(t, "LoadGame after the second CreateGame", mustLoad(t, s, "g"), rec)
}

func testCreateInvalid(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	tests := []struct {
		name   string
		change func(*game.Record)
		code   game.Code
	}{
		{"no id", func(r *game.Record) { r.ID = "" }, game.CodeBadGame},
		{"no time control", func(r *game.Record) { r.TimeControl = game.TimeControl{} }, game.CodeBadGame},
		{"moves out of order", func(r *game.Record) { r.Moves[1].Ply = 5 }, game.CodePlyConflict},
		{"moves from ply 1", func(r *game.Record) { r.Moves = r.Moves[1:] }, game.CodePlyConflict},
		{"bad status", func(r *game.Record) { r.State.Status = 11 }, game.CodeBadStatus},
		{"bad termination", func(r *game.Record) { r.State.Termination = 200 }, game.CodeBadTermination},
		{"bad result", func(r *game.Record) { r.State.Result = 9 }, game.CodeBadResult},
		{"bad draw offer", func(r *game.Record) { r.State.DrawOffer.By = 2 }, game.CodeBadSide},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := fullRecord(t, fmt.Sprintf("bad-%d", i))
			tt.change(&rec)
			wantCode(t, "CreateGame", s.CreateGame(t.Context(), rec), tt.code)
			if rec.ID != "" {
				_, err := s.LoadGame(t.Context(), rec.ID)
				wantCode(t, "LoadGame of the refused game", err, game.CodeGameNotFound)
			}
		})
	}
	active, err := s.ActiveGames(t.Context())
	if err != nil || len(active) != 0 {
		t.Errorf("ActiveGames = %d games, %v; want none", len(active), err)
	}
}

func testAppendMove(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	want := newRecord(t, "g")
	mustCreate(t, s, want)
	for ply := range 8 {
		mv, st := move(ply), stateAfter(want, ply)
		if err := s.AppendMove(t.Context(), "g", mv, st); err != nil {
			t.Fatalf("AppendMove(ply %d): %v", ply, err)
		}
		want.Moves = append(want.Moves, mv)
		want.State = st
		checkRecord(t, fmt.Sprintf("LoadGame after ply %d", ply), mustLoad(t, s, "g"), want)
	}
	// A game created with moves continues after them.
	full := fullRecord(t, "full")
	mustCreate(t, s, full)
	mv := move(2)
	if err := s.AppendMove(t.Context(), "full", mv, full.State); err != nil {
		t.Fatalf("AppendMove at ply 2 of a game created with 2 moves: %v", err)
	}
	full.Moves = append(full.Moves, mv)
	checkRecord(t, "LoadGame", mustLoad(t, s, "full"), full)
}

func testAppendMoveConflict(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	want := fullRecord(t, "g") // two moves: the next ply is 2
	mustCreate(t, s, want)
	changed := stateAfter(want, 2)
	changed.Status = game.StatusEnded
	changed.Termination = game.Resignation
	changed.Result = game.WhiteWins
	changed.Seq = 999
	for _, ply := range []int{0, 1, 3, 4, 100, -1} {
		mv := move(max(ply, 0))
		mv.Ply = ply
		mv.UCI = "h2h4"
		err := s.AppendMove(t.Context(), "g", mv, changed)
		wantCode(t, fmt.Sprintf("AppendMove at ply %d with 2 stored", ply), err, game.CodePlyConflict)
	}
	checkRecord(t, "LoadGame after the conflicts", mustLoad(t, s, "g"), want)
	err := s.AppendMove(t.Context(), "nope", move(0), changed)
	wantCode(t, "AppendMove to a missing game", err, game.CodeGameNotFound)
	if _, err := s.LoadGame(t.Context(), "nope"); err == nil {
		t.Errorf("AppendMove to a missing game created it")
	}
}

func testSaveState(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	want := fullRecord(t, "g")
	mustCreate(t, s, want)
	cleared := game.State{Status: game.StatusEnded, Termination: game.Abandonment, Result: game.BlackWins}
	resigned := want.State
	resigned.Status = game.StatusEnded
	resigned.Termination = game.Resignation
	resigned.Result = game.WhiteWins
	resigned.Clock = &game.ClockSnapshot{TimeControl: want.TimeControl, State: game.ClockStopped,
		Turn: game.Black, Moves: 2, WhiteMs: 1, BlackMs: 2, WhiteLagQuotaMs: 3, BlackLagQuotaMs: 4}
	resigned.DrawOffer = &game.DrawOffer{By: game.White, LapsesAtPly: 9}
	resigned.GoneSince = [2]time.Time{{}, at(1)}
	resigned.Present = [2]bool{false, true}
	resigned.Seq = 1 << 40
	for _, st := range []struct {
		name string
		st   game.State
	}{
		{"every field changed", resigned},
		{"every field cleared", cleared},
		{"every field set again", want.State},
	} {
		if err := s.SaveState(t.Context(), "g", st.st); err != nil {
			t.Fatalf("SaveState(%s): %v", st.name, err)
		}
		want.State = st.st
		checkRecord(t, "LoadGame after SaveState "+st.name, mustLoad(t, s, "g"), want)
	}
	wantCode(t, "SaveState of a missing game", s.SaveState(t.Context(), "nope", cleared), game.CodeGameNotFound)
	bad := cleared
	bad.Status = 0
	wantCode(t, "SaveState of a bad status", s.SaveState(t.Context(), "g", bad), game.CodeBadStatus)
	checkRecord(t, "LoadGame after a refused SaveState", mustLoad(t, s, "g"), want)
}

func testNotFound(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	mustCreate(t, s, newRecord(t, "there"))
	for _, id := range []string{"missing", "", "THERE", "there "} {
		_, err := s.LoadGame(t.Context(), id)
		wantCode(t, fmt.Sprintf("LoadGame(%q)", id), err, game.CodeGameNotFound)
		wantCode(t, fmt.Sprintf("SaveState(%q)", id), s.SaveState(t.Context(), id, game.State{Status: game.StatusCreated}), game.CodeGameNotFound)
	}
}

func testActiveGames(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	active, err := s.ActiveGames(t.Context())
	if err != nil || len(active) != 0 {
		t.Fatalf("ActiveGames of an empty store = %d games, %v; want none", len(active), err)
	}
	want := map[string]game.Record{}
	add := func(rec game.Record, isActive bool) {
		mustCreate(t, s, rec)
		if isActive {
			want[rec.ID] = rec
		}
	}
	add(newRecord(t, "created"), true)
	started := fullRecord(t, "started")
	started.Moves = nil
	for ply := range 5 {
		started.Moves = append(started.Moves, move(ply))
	}
	add(started, true)
	aborted := newRecord(t, "aborted")
	aborted.State.Status = game.StatusAborted
	add(aborted, false)
	ended := fullRecord(t, "ended")
	ended.State.Status, ended.State.Termination, ended.State.Result = game.StatusEnded, game.Checkmate, game.BlackWins
	add(ended, false)
	// A game that ends by SaveState, and one that ends with its last move.
	resigns := newRecord(t, "resigns")
	add(resigns, false)
	resigns.State.Status, resigns.State.Termination, resigns.State.Result = game.StatusEnded, game.Resignation, game.BlackWins
	if err := s.SaveState(t.Context(), "resigns", resigns.State); err != nil {
		t.Fatal(err)
	}
	mates := newRecord(t, "mates")
	add(mates, false)
	for ply := range 4 {
		st := stateAfter(mates, ply)
		if ply == 3 {
			st.Status, st.Termination, st.Result = game.StatusEnded, game.Checkmate, game.BlackWins
		}
		if err := s.AppendMove(t.Context(), "mates", move(ply), st); err != nil {
			t.Fatal(err)
		}
	}
	// A game that starts with moves appended after its creation.
	plays := newRecord(t, "plays")
	add(plays, false)
	for ply := range 3 {
		plays.State = stateAfter(plays, ply)
		plays.Moves = append(plays.Moves, move(ply))
		if err := s.AppendMove(t.Context(), "plays", move(ply), plays.State); err != nil {
			t.Fatal(err)
		}
	}
	want["plays"] = plays
	// Many games at once, each with its moves.
	for i := range 30 {
		rec := newRecord(t, fmt.Sprintf("many-%02d", i))
		for ply := range i % 4 {
			rec.Moves = append(rec.Moves, move(ply))
		}
		add(rec, i%3 != 0)
		if i%3 == 0 {
			rec.State.Status = game.StatusAborted
			if err := s.SaveState(t.Context(), rec.ID, rec.State); err != nil {
				t.Fatal(err)
			}
		}
	}

	active, err = s.ActiveGames(t.Context())
	if err != nil {
		t.Fatalf("ActiveGames: %v", err)
	}
	got := byID(active)
	if len(got) != len(active) {
		t.Errorf("ActiveGames returned a game twice")
	}
	for id, rec := range want {
		g, ok := got[id]
		if !ok {
			t.Errorf("ActiveGames misses game %q (status %v)", id, rec.State.Status)
			continue
		}
		checkRecord(t, "ActiveGames["+id+"]", g, rec)
	}
	for id, rec := range got {
		if _, ok := want[id]; !ok {
			t.Errorf("ActiveGames returns game %q with status %v", id, rec.State.Status)
		}
	}
}

// nodeStatus is what NodeStatus returns.
type nodeStatus struct {
	LastSeen time.Time
	Stopped  bool
}

func testNodes(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	check := func(what, node string, want nodeStatus) {
		t.Helper()
		seen, stopped, err := s.NodeStatus(t.Context(), node)
		if err != nil {
			t.Fatalf("%s: NodeStatus(%q): %v", what, node, err)
		}
		want.LastSeen = want.LastSeen.UTC()
		if got := (nodeStatus{seen, stopped}); got != want {
			t.Errorf("%s: NodeStatus(%q) = %+v, want %+v", what, node, got, want)
		}
	}
	liveNodes := func(what string, since time.Time, want ...string) {
		t.Helper()
		got, err := s.LiveNodes(t.Context(), since)
		if err != nil {
			t.Fatalf("%s: LiveNodes: %v", what, err)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: LiveNodes(%v) = %q, want %q", what, since, got, want)
		}
	}
	check("never seen", "a", nodeStatus{})
	liveNodes("none yet", at(0))
	steps := []struct {
		name    string
		stop    bool
		node    string
		at      time.Time
		want    nodeStatus
		wantOth nodeStatus
	}{
		{"first heartbeat", false, "a", at(1000), nodeStatus{LastSeen: at(1000)}, nodeStatus{}},
		{"second heartbeat", false, "a", at(2000), nodeStatus{LastSeen: at(2000)}, nodeStatus{}},
		{"graceful stop", true, "a", at(2500), nodeStatus{LastSeen: at(2500), Stopped: true}, nodeStatus{}},
		{"other node", false, "b", at(3000), nodeStatus{LastSeen: at(2500), Stopped: true}, nodeStatus{LastSeen: at(3000)}},
		{"restart", false, "a", at(4000), nodeStatus{LastSeen: at(4000)}, nodeStatus{LastSeen: at(3000)}},
		{"stop of the other", true, "b", at(5000), nodeStatus{LastSeen: at(4000)}, nodeStatus{LastSeen: at(5000), Stopped: true}},
	}
	for _, st := range steps {
		var err error
		if st.stop {
			err = s.MarkStopped(t.Context(), st.node, st.at)
		} else {
			err = s.Heartbeat(t.Context(), st.node, st.at)
		}
		if err != nil {
			t.Fatalf("%s: %v", st.name, err)
		}
		check(st.name, "a", st.want)
		check(st.name, "b", st.wantOth)
	}
	if err := s.Heartbeat(t.Context(), "c", at(6000)); err != nil {
		t.Fatal(err)
	}
	// a: heartbeat at 4000; b: stopped at 5000; c: heartbeat at 6000.
	liveNodes("since the start", at(0), "a", "c")
	liveNodes("since a's heartbeat", at(4000), "a", "c")
	liveNodes("after a's heartbeat", at(4001), "c")
	liveNodes("after every heartbeat", at(6001))
}

// testConcurrent appends the moves of many games from many goroutines at
// once, with reads and other writes mixed in.
func testConcurrent(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	games, moves := 40, 12
	if testing.Short() {
		games, moves = 20, 8
	}
	var wg sync.WaitGroup
	errs := make(chan error, games*3)
	for g := range games {
		wg.Go(func() {
			id := fmt.Sprintf("g%03d", g)
			rec := newRecord(t, id)
			if err := s.CreateGame(t.Context(), rec); err != nil {
				errs <- fmt.Errorf("CreateGame(%s): %w", id, err)
				return
			}
			for ply := range moves {
				if err := s.AppendMove(t.Context(), id, move(ply), stateAfter(rec, ply)); err != nil {
					errs <- fmt.Errorf("AppendMove(%s, %d): %w", id, ply, err)
					return
				}
				switch ply % 4 {
				case 1:
					if _, err := s.LoadGame(t.Context(), id); err != nil {
						errs <- fmt.Errorf("LoadGame(%s): %w", id, err)
						return
					}
				case 2:
					if err := s.Heartbeat(t.Context(), id, at(int64(ply))); err != nil {
						errs <- fmt.Errorf("Heartbeat(%s): %w", id, err)
						return
					}
				case 3:
					// A stale write in the middle fails alone.
					err := s.AppendMove(t.Context(), id, move(0), stateAfter(rec, 0))
					if !errors.Is(err, game.ErrPlyConflict) {
						errs <- fmt.Errorf("stale AppendMove(%s): %v, want a ply conflict", id, err)
						return
					}
				}
			}
		})
	}
	wg.Go(func() {
		for range 10 {
			if _, err := s.ActiveGames(t.Context()); err != nil {
				errs <- fmt.Errorf("ActiveGames: %w", err)
				return
			}
		}
	})
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if t.Failed() {
		return
	}
	active, err := s.ActiveGames(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != games {
		t.Errorf("ActiveGames: %d games, want %d", len(active), games)
	}
	for _, rec := range active {
		want := newRecord(t, rec.ID)
		for ply := range moves {
			want.Moves = append(want.Moves, move(ply))
		}
		want.State = stateAfter(want, moves-1)
		checkRecord(t, "ActiveGames["+rec.ID+"]", rec, want)
	}
}

// testRacingSamePly has many goroutines append a move at the same ply of
// the same game: exactly one wins, the others get a ply conflict.
func testRacingSamePly(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	const games, racers, plies = 4, 6, 3
	for g := range games {
		mustCreate(t, s, newRecord(t, fmt.Sprintf("g%d", g)))
	}
	winners := make([][plies]atomic.Int64, games)
	var wg sync.WaitGroup
	for ply := range plies {
		for g := range games {
			for r := range racers {
				wg.Go(func() {
					mv := move(ply)
					mv.ClientMoveID = int64(r)
					err := s.AppendMove(t.Context(), fmt.Sprintf("g%d", g), mv, game.State{Status: game.StatusStarted, Seq: int64(r)})
					switch {
					case err == nil:
						winners[g][ply].Add(1 << (8 * r))
					case !errors.Is(err, game.ErrPlyConflict):
						t.Errorf("racing AppendMove: %v", err)
					}
				})
			}
		}
		wg.Wait()
	}
	for g := range games {
		rec := mustLoad(t, s, fmt.Sprintf("g%d", g))
		if len(rec.Moves) != plies {
			t.Errorf("game %d: %d moves, want %d", g, len(rec.Moves), plies)
			continue
		}
		for ply := range plies {
			w := winners[g][ply].Load()
			r := rec.Moves[ply].ClientMoveID
			if w != 1<<(8*r) {
				t.Errorf("game %d ply %d: winners %#x, stored move of racer %d", g, ply, w, r)
			}
		}
		if last := rec.Moves[plies-1].ClientMoveID; rec.State.Seq != last {
			t.Errorf("game %d: state of racer %d stored with the move of racer %d", g, rec.State.Seq, last)
		}
	}
}

// testFailingWriteAlone mixes writes that a database may refuse (a NUL byte
// and bytes that are not UTF-8 in a move's text) with good writes of other
// games, at the same moment: the good ones all succeed, and the odd one
// either round-trips exactly or fails and stores nothing.
func testFailingWriteAlone(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	const games, rounds = 16, 4
	for g := range games {
		mustCreate(t, s, newRecord(t, fmt.Sprintf("g%02d", g)))
	}
	odd := newRecord(t, "odd")
	mustCreate(t, s, odd)
	want := odd
	for round := range rounds {
		var wg sync.WaitGroup
		for g := range games {
			wg.Go(func() {
				id := fmt.Sprintf("g%02d", g)
				if err := s.AppendMove(t.Context(), id, move(round), stateAfter(newRecord(t, id), round)); err != nil {
					t.Errorf("AppendMove(%s, %d) beside an odd write: %v", id, round, err)
				}
			})
		}
		mv := move(len(want.Moves))
		mv.SAN, mv.UCI = "N\x00f3", "\xff\xfe"
		st := stateAfter(want, mv.Ply)
		wg.Go(func() {
			if err := s.AppendMove(t.Context(), "odd", mv, st); err == nil {
				want.Moves = append(want.Moves, mv)
				want.State = st
			} else {
				t.Logf("the odd write failed (alone): %v", err)
			}
		})
		wg.Wait()
	}
	checkRecord(t, "LoadGame of the odd game", mustLoad(t, s, "odd"), want)
	for g := range games {
		if rec := mustLoad(t, s, fmt.Sprintf("g%02d", g)); len(rec.Moves) != rounds {
			t.Errorf("game %d: %d moves stored, want %d", g, len(rec.Moves), rounds)
		}
	}
}

func testCanceledContext(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	rec := newRecord(t, "g")
	mustCreate(t, s, rec)
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	calls := []struct {
		name string
		call func() error
	}{
		{"CreateGame", func() error { return s.CreateGame(ctx, newRecord(t, "h")) }},
		{"AppendMove", func() error { return s.AppendMove(ctx, "g", move(0), stateAfter(rec, 0)) }},
		{"SaveState", func() error { return s.SaveState(ctx, "g", stateAfter(rec, 5)) }},
		{"Heartbeat", func() error { return s.Heartbeat(ctx, "n", at(1)) }},
		{"MarkStopped", func() error { return s.MarkStopped(ctx, "n", at(1)) }},
		{"LoadGame", func() error { _, err := s.LoadGame(ctx, "g"); return err }},
		{"ActiveGames", func() error { _, err := s.ActiveGames(ctx); return err }},
		{"NodeStatus", func() error { _, _, err := s.NodeStatus(ctx, "n"); return err }},
		{"LiveNodes", func() error { _, err := s.LiveNodes(ctx, at(0)); return err }},
	}
	for _, c := range calls {
		if err := c.call(); !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a canceled context: %v, want context.Canceled", c.name, err)
		}
	}
	checkRecord(t, "LoadGame", mustLoad(t, s, "g"), rec)
	if _, err := s.LoadGame(t.Context(), "h"); !errors.Is(err, game.ErrGameNotFound) {
		t.Errorf("CreateGame with a canceled context stored the game: %v", err)
	}
	if seen, stopped, err := s.NodeStatus(t.Context(), "n"); err != nil || !seen.IsZero() || stopped {
		t.Errorf("NodeStatus after canceled writes = %v, %v, %v; want nothing", seen, stopped, err)
	}
}

// testReopen closes the store and opens it again: everything is there.
func testReopen(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	full := fullRecord(t, "full")
	mustCreate(t, s, full)
	played := newRecord(t, "played")
	mustCreate(t, s, played)
	for ply := range 6 {
		played.State = stateAfter(played, ply)
		played.Moves = append(played.Moves, move(ply))
		if err := s.AppendMove(t.Context(), "played", move(ply), played.State); err != nil {
			t.Fatal(err)
		}
	}
	ended := newRecord(t, "ended")
	mustCreate(t, s, ended)
	ended.State.Status, ended.State.EndedAt = game.StatusAborted, at(77)
	if err := s.SaveState(t.Context(), "ended", ended.State); err != nil {
		t.Fatal(err)
	}
	if err := s.Heartbeat(t.Context(), "n1", at(5)); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkStopped(t.Context(), "n2", at(6)); err != nil {
		t.Fatal(err)
	}
	mustClose(t, s)

	for round := range 2 {
		s = open(t)
		for _, rec := range []game.Record{full, played, ended} {
			checkRecord(t, fmt.Sprintf("reopen %d: LoadGame", round), mustLoad(t, s, rec.ID), rec)
		}
		active, err := s.ActiveGames(t.Context())
		if err != nil || len(active) != 2 {
			t.Fatalf("reopen %d: ActiveGames = %d games, %v; want 2", round, len(active), err)
		}
		for id, rec := range map[string]game.Record{"full": full, "played": played} {
			checkRecord(t, fmt.Sprintf("reopen %d: ActiveGames", round), byID(active)[id], rec)
		}
		for node, want := range map[string]nodeStatus{
			"n1": {LastSeen: at(5).UTC()}, "n2": {LastSeen: at(6).UTC(), Stopped: true},
		} {
			seen, stopped, err := s.NodeStatus(t.Context(), node)
			if got := (nodeStatus{seen, stopped}); err != nil || got != want {
				t.Errorf("reopen %d: NodeStatus(%s) = %+v, %v; want %+v", round, node, got, err, want)
			}
		}
		// The reopened store takes writes.
		mv := move(len(played.Moves))
		if err := s.AppendMove(t.Context(), "played", mv, played.State); err != nil {
			t.Fatalf("reopen %d: AppendMove: %v", round, err)
		}
		played.Moves = append(played.Moves, mv)
		mv = move(len(played.Moves) + 1)
		wantCode(t, "AppendMove at a wrong ply after reopening", s.AppendMove(t.Context(), "played", mv, played.State), game.CodePlyConflict)
		wantCode(t, "CreateGame of an existing id after reopening", s.CreateGame(t.Context(), full), game.CodeGameExists)
		mustClose(t, s)
	}
}

// testCloseFlushes closes the store while writers are busy: every write
// acknowledged before or during Close is there after reopening, and every
// call after Close fails.
func testCloseFlushes(t *testing.T, open func(t *testing.T) Store) {
	s := open(t)
	const games = 24
	for g := range games {
		mustCreate(t, s, newRecord(t, fmt.Sprintf("g%02d", g)))
	}
	var acked [games]atomic.Int64 // moves acknowledged per game
	var total atomic.Int64
	var wg sync.WaitGroup
	for g := range games {
		wg.Go(func() {
			id := fmt.Sprintf("g%02d", g)
			rec := newRecord(t, id)
			for ply := 0; ply < 200; ply++ {
				if err := s.AppendMove(context.Background(), id, move(ply), stateAfter(rec, ply)); err != nil {
					return // closed
				}
				acked[g].Add(1)
				total.Add(1)
			}
		})
	}
	for deadline := time.Now().Add(30 * time.Second); total.Load() < 3*games; {
		if time.Now().After(deadline) {
			t.Fatalf("only %d moves acknowledged in 30 s", total.Load())
		}
		time.Sleep(time.Millisecond)
	}
	mustClose(t, s)
	wg.Wait()

	if err := s.Heartbeat(t.Context(), "n", at(1)); err == nil {
		t.Errorf("Heartbeat after Close: no error")
	}
	if _, err := s.LoadGame(t.Context(), "g00"); err == nil {
		t.Errorf("LoadGame after Close: no error")
	}
	s.Close() // a second Close does not panic

	s = open(t)
	for g := range games {
		rec := mustLoad(t, s, fmt.Sprintf("g%02d", g))
		if n := int64(len(rec.Moves)); n != acked[g].Load() {
			t.Errorf("game %d: %d moves stored, %d acknowledged", g, n, acked[g].Load())
		}
	}
}
