package storetest

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/joinpal/joinpal/game"
)

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
