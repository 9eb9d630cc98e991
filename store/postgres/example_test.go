package postgres_test

import (
	"context"
	"errors"
	"fmt"
	"log"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/postgres"
)

// Open connects and creates or updates the schema; the DSN's search_path
// chooses the schema the tables live in.
func ExampleOpen() {
	ctx := context.Background()
	s, err := postgres.Open(ctx, "postgres://joinpal@db.example:5432/joinpal?sslmode=verify-full&search_path=joinpal")
	if err != nil {
		log.Fatal(err)
	}
	defer s.Close()

	// Every node beats while it runs, and says when it stops.
	if err := s.Heartbeat(ctx, "node-1", time.Now()); err != nil {
		log.Fatal(err)
	}
	defer s.MarkStopped(ctx, "node-1", time.Now())

	// Resume what was being played.
	games, err := s.ActiveGames(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, rec := range games {
		fmt.Println(rec.ID, rec.State.Status, len(rec.Moves))
	}
	_, err = s.LoadGame(ctx, "no-such-game")
	fmt.Println(errors.Is(err, game.ErrGameNotFound))
}
