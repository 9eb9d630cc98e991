package sqlite_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
)

func ExampleOpen() {
	dir, err := os.MkdirTemp("", "joinpal")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)

	ctx := context.Background()
	s, err := sqlite.Open(ctx, filepath.Join(dir, "joinpal.db"))
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	tc, _ := game.ParseTimeControl("5+3")
	rec := game.Record{
		ID:          "g1",
		White:       game.Player{ID: "ana", Name: "Ana"},
		Black:       game.Player{Name: "Fácil", AILevel: 2},
		TimeControl: tc,
		CreatedAt:   time.Now(),
		State:       game.State{Status: game.StatusCreated},
	}
	if err := s.CreateGame(ctx, rec); err != nil {
		log.Fatal(err)
	}
	// AppendMove returns once the move is on disk.
	mv := game.MoveRecord{Ply: 0, UCI: "e2e4", SAN: "e4", At: time.Now()}
	if err := s.AppendMove(ctx, "g1", mv, game.State{Status: game.StatusStarted, Seq: 1}); err != nil {
		log.Fatal(err)
	}
	// A move at a ply already taken is refused with a stable code.
	err = s.AppendMove(ctx, "g1", mv, game.State{Status: game.StatusStarted, Seq: 2})
	fmt.Println(errors.Is(err, game.ErrPlyConflict))

	got, err := s.LoadGame(ctx, "g1")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(got.State.Status, len(got.Moves), got.Moves[0].SAN)
	// Output:
	// true
	// started 1 e4
}
