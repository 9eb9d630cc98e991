package postgres

import (
	"context"
	"sync"

	"github.com/joinpal/joinpal/game"
)

// ratedCache remembers whether the games this Store has created or read are
// rated. A game's rated flag never changes once it is created, so what is
// remembered never goes stale; it lets the end of a casual game (thousands
// of flags may fall together) keep group commit without a read first. A
// game is forgotten once its end is written; a game not remembered is
// asked of the database.
type ratedCache struct {
	mu    sync.Mutex
	rated map[string]bool
}

func (c *ratedCache) remember(id string, rated bool) {
	c.mu.Lock()
	if c.rated == nil {
		c.rated = make(map[string]bool)
	}
	c.rated[id] = rated
	c.mu.Unlock()
}

func (c *ratedCache) lookup(id string) (rated, known bool) {
	c.mu.Lock()
	rated, known = c.rated[id]
	c.mu.Unlock()
	return rated, known
}

func (c *ratedCache) forget(id string) {
	c.mu.Lock()
	delete(c.rated, id)
	c.mu.Unlock()
}

// LoadGame is the shared store's LoadGame; it remembers whether a game not
// finished is rated.
func (s *Store) LoadGame(ctx context.Context, id string) (game.Record, error) {
	rec, err := s.Store.LoadGame(ctx, id)
	if err == nil && !rec.State.Status.Finished() {
		s.rated.remember(rec.ID, rec.Rated)
	}
	return rec, err
}

// ActiveGames is the shared store's ActiveGames; it remembers whether each
// game is rated.
func (s *Store) ActiveGames(ctx context.Context) ([]game.Record, error) {
	recs, err := s.Store.ActiveGames(ctx)
	for _, rec := range recs {
		s.rated.remember(rec.ID, rec.Rated)
	}
	return recs, err
}

// CreateGame is the shared store's CreateGame; it remembers whether the
// game is rated.
func (s *Store) CreateGame(ctx context.Context, rec game.Record) error {
	err := s.Store.CreateGame(ctx, rec)
	if err == nil {
		s.rated.remember(rec.ID, rec.Rated)
	}
	return err
}
