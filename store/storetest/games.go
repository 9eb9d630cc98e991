package storetest

import (
	"fmt"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

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
	cleared := game.State{Status: game.StatusStarted}
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
		// The end last: a game's end is never replaced (see testDecided).
		{"every field cleared", cleared},
		{"every field set again", want.State},
		{"every field changed", resigned},
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
