package sqlite_test

import (
	"database/sql"
	"errors"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

// FuzzLoadGarbage writes garbage into a stored game's columns behind the
// store's back: loading it never panics, and fails only with
// game.CodeBadRecord. Its seeds are in testdata/fuzz/FuzzLoadGarbage.
func FuzzLoadGarbage(f *testing.F) {
	s := openFor(f)
	tc, _ := game.ParseTimeControl("5+3")
	rec := game.Record{ID: "g", TimeControl: tc, State: game.State{Status: game.StatusStarted},
		Moves: []game.MoveRecord{{Ply: 0, UCI: "e2e4", SAN: "e4", At: time.Unix(1, 0)}}}
	if err := s.CreateGame(f.Context(), rec); err != nil {
		f.Fatal(err)
	}
	raw, err := sql.Open("sqlite", "file:"+s.Path()+"?_pragma=busy_timeout(5000)")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { raw.Close() })

	f.Fuzz(func(t *testing.T, clock string, status, termination, result int64, tc string, drawBy, nextPly int64) {
		var clockArg any
		if clock != "" {
			clockArg = clock
		}
		var byArg any
		if drawBy >= 0 {
			byArg = drawBy
		}
		_, err := raw.Exec(`UPDATE games SET clock = ?, status = ?, termination = ?, result = ?,
			time_control = ?, draw_offer_by = ?, draw_offer_lapses = 3, next_ply = ? WHERE id = 'g'`,
			clockArg, status, termination, result, tc, byArg, nextPly)
		if err != nil {
			t.Fatalf("garbling the row: %v", err)
		}
		if _, err := s.LoadGame(t.Context(), "g"); err != nil && !errors.Is(err, game.ErrBadRecord) {
			t.Errorf("LoadGame of garbage: %v, want a bad record", err)
		}
		if _, err := s.ActiveGames(t.Context()); err != nil && !errors.Is(err, game.ErrBadRecord) {
			t.Errorf("ActiveGames with garbage: %v, want a bad record", err)
		}
	})
}
