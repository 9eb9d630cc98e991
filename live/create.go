package live

import (
	"context"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/game"
)

// Create starts a new game: it is stored, then runs. The returned event
// describes it.
//
// The write is bound to the runtime's StoreTimeout, not to ctx. When the
// store does not confirm it, the store is read to learn whether the game
// was stored after all: if it was, the game runs and Create succeeds;
// otherwise Create fails with CodeNotStored and the game exists nowhere. A
// game left stored by a Create whose answer was lost and that no runtime
// runs is taken up by a Create with the same id and settings, so a retry
// always works. An id taken by another game fails with game.CodeGameExists.
func (r *Runtime) Create(ctx context.Context, gc game.Config) (game.Event, error) {
	gc.Now = r.cfg.Clock.Now
	g, err := game.New(gc)
	if err != nil {
		return game.Event{}, fmt.Errorf("live: %w", err)
	}
	if err := r.reserve(gc.ID); err != nil {
		return game.Event{}, err
	}
	defer r.unreserve(gc.ID)
	rec := g.Record()
	rec.State.Seq = 1
	a := newActor(r, g, 1)
	wctx, cancel := r.writeContext(ctx)
	defer cancel()
	if err := r.cfg.Store.CreateGame(wctx, rec); err != nil {
		if a, err = r.recoverCreate(rec, err); err != nil {
			return game.Event{}, err
		}
	} else {
		r.writeConfirmed()
	}
	ev := a.full()
	a.keep(ev)
	if !r.spawn(a) {
		return game.Event{}, ErrStopped // stored: the next Start runs it
	}
	// The first timer is set on the game's goroutine, as every later one
	// is: set here, a deadline already due would fire a command that runs
	// beside the setting.
	_, _ = a.send(context.Background(), func() error {
		a.rearm()
		return nil
	})
	return ev, nil
}

// reserve takes id for a game being created, or fails with
// game.CodeGameExists if a game with that id runs or is being created.
func (r *Runtime) reserve(id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.stopping:
		return ErrStopped
	case r.actors[id] != nil || r.creating[id] || r.pending[id] != nil:
		return fmt.Errorf("live: %w", game.NewError(game.CodeGameExists, fmt.Sprintf("game %q exists", id), nil))
	}
	r.creating[id] = true
	return nil
}

func (r *Runtime) unreserve(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.creating, id)
}

// recoverCreate learns, after CreateGame failed with werr, whether the game
// rec is stored: it returns the actor to run the stored game, or the error
// to answer with.
func (r *Runtime) recoverCreate(rec game.Record, werr error) (*actor, error) {
	if !errors.Is(werr, game.ErrGameExists) {
		r.failedWrites.Add(1)
		r.cfg.Logger.Error("live: storing a new game failed", "game", rec.ID, "err", werr)
	}
	ctx, cancel := r.writeContext(context.Background())
	defer cancel()
	stored, err := r.cfg.Store.LoadGame(ctx, rec.ID)
	switch {
	case err == nil && sameNewGame(stored, rec):
		g, err := game.Restore(stored, r.cfg.Clock.Now)
		if err != nil {
			return nil, fmt.Errorf("live: %w", err)
		}
		return newActor(r, g, stored.State.Seq), nil
	case errors.Is(werr, game.ErrGameExists):
		return nil, fmt.Errorf("live: %w", werr)
	case errors.Is(err, game.ErrGameNotFound) && game.CodeOf(werr) != "":
		return nil, fmt.Errorf("live: %w", werr) // refused by the store: bad settings
	}
	r.writeFailed(werr)
	r.refused.Add(1)
	return nil, NewError(CodeNotStored, "game "+rec.ID+": the new game could not be stored; nothing was created", werr)
}

// sameNewGame reports whether stored is a game created with the settings
// of rec that has not begun: one that an earlier Create of the same game
// stored.
func sameNewGame(stored, rec game.Record) bool {
	return stored.State.Status == game.StatusCreated && len(stored.Moves) == 0 &&
		stored.White == rec.White && stored.Black == rec.Black && stored.TimeControl == rec.TimeControl &&
		stored.StartFEN == rec.StartFEN && stored.State.ScheduledAt.Equal(rec.State.ScheduledAt)
}
