package live

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
)

// fault is a way a store write fails.
type fault int

const (
	// noFault: the write goes through.
	noFault fault = iota
	// refuse: the call fails without reaching the store.
	refuse
	// lostAnswer: the write is stored, then its answer is lost: the caller
	// gets an error although the change is durable.
	lostAnswer
	// cancelCaller: the caller's context is cancelled while the write is on
	// its way, then the write is passed on to the store with the context it
	// came with.
	cancelCaller
	// lateCommit: the caller gets an error at once, and the write reaches
	// the store later, just before the next write: a commit that outlived
	// its caller's timeout.
	lateCommit
)

// errInjected is the error of a write or read made to fail.
var errInjected = errors.New("injected store failure")

// faultyStore is a real SQLite store whose writes and reads can be made to
// fail: the store underneath is never mocked, only what reaches it.
type faultyStore struct {
	*sqlite.Store

	mu     sync.Mutex
	down   bool             // every write and read fails without reaching the store
	once   map[string]fault // op → the fault of its next call
	cancel context.CancelFunc
	writes int      // writes that reached the store
	held   []func() // lateCommit writes, waiting for the next write
}

func newFaultyStore(st *sqlite.Store) *faultyStore {
	return &faultyStore{Store: st, once: map[string]fault{}}
}

// setDown makes every game write and read fail (true) or work again.
func (s *faultyStore) setDown(down bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.down = down
}

// next makes the next call of op fail with f; for cancelCaller, cancel is
// the caller's cancel function.
func (s *faultyStore) next(op string, f fault, cancel context.CancelFunc) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.once[op] = f
	s.cancel = cancel
}

// before decides the fate of a call of op: an error to return at once, the
// fault to apply.
func (s *faultyStore) before(op string) (fault, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.down {
		return noFault, errInjected
	}
	f := s.once[op]
	delete(s.once, op)
	switch {
	case f == refuse:
		return f, errInjected
	case f == cancelCaller && s.cancel != nil:
		s.cancel()
	}
	return f, nil
}

func (s *faultyStore) write(op string, ctx context.Context, w func(context.Context) error) error {
	f, err := s.before(op)
	if err != nil {
		return err
	}
	s.mu.Lock()
	held := s.held
	s.held = nil
	if f == lateCommit {
		s.held = []func(){func() { _ = w(context.Background()) }}
	}
	s.mu.Unlock()
	for _, h := range held {
		h()
	}
	if f == lateCommit {
		return errInjected
	}
	err = w(ctx)
	s.mu.Lock()
	if err == nil {
		s.writes++
	}
	s.mu.Unlock()
	if err == nil && f == lostAnswer {
		return errInjected
	}
	return err
}

func (s *faultyStore) CreateGame(ctx context.Context, rec game.Record) error {
	return s.write("CreateGame", ctx, func(ctx context.Context) error { return s.Store.CreateGame(ctx, rec) })
}

func (s *faultyStore) AppendMove(ctx context.Context, id string, mv game.MoveRecord, st game.State) error {
	return s.write("AppendMove", ctx, func(ctx context.Context) error { return s.Store.AppendMove(ctx, id, mv, st) })
}

func (s *faultyStore) SaveState(ctx context.Context, id string, st game.State) error {
	return s.write("SaveState", ctx, func(ctx context.Context) error { return s.Store.SaveState(ctx, id, st) })
}

func (s *faultyStore) TakeBack(ctx context.Context, id string, from, to int, st game.State) error {
	return s.write("TakeBack", ctx, func(ctx context.Context) error { return s.Store.TakeBack(ctx, id, from, to, st) })
}

func (s *faultyStore) LoadGame(ctx context.Context, id string) (game.Record, error) {
	if _, err := s.before("LoadGame"); err != nil {
		return game.Record{}, err
	}
	return s.Store.LoadGame(ctx, id)
}

func (s *faultyStore) ActiveGames(ctx context.Context) ([]game.Record, error) {
	if _, err := s.before("ActiveGames"); err != nil {
		return nil, err
	}
	return s.Store.ActiveGames(ctx)
}

// Heartbeat fails while the store is down, as every write does.
func (s *faultyStore) Heartbeat(ctx context.Context, node string, at time.Time) error {
	if _, err := s.before("Heartbeat"); err != nil {
		return err
	}
	return s.Store.Heartbeat(ctx, node, at)
}
