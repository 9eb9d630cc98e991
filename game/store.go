package game

import "context"

// Store keeps games durably. Package game declares it; store/sqlite and
// store/postgres implement it, and store/storetest checks both the same way.
// (The life of the server nodes, which only the live runtime needs, is in
// live.NodeRegistry.)
//
// Every method that returns without error has made its change durable: an
// acknowledged move survives any crash of the process. Implementations may
// gather the writes of many games into one commit to stay fast, as long as
// no call returns before its own write is committed.
//
// The states given to AppendMove, SaveState and TakeBack are read before
// the call returns: a Store keeps no pointer into one (its clock, its
// offers) past the call, not even in a write it gave up that its writer
// still holds. A caller may reuse what they point at from write to write.
// Nor does a Store keep the context of a write it answered without error
// (a Writer's may then be set again); one given up may still be held.
type Store interface {
	// CreateGame stores a new game. It fails with CodeGameExists if the id
	// is taken.
	CreateGame(ctx context.Context, rec Record) error
	// AppendMove stores move mv of game id together with the game's new
	// state, atomically. mv.Ply must equal the number of moves already
	// stored, else it fails with CodePlyConflict and stores nothing.
	AppendMove(ctx context.Context, id string, mv MoveRecord, st State) error
	// SaveState replaces the state of game id (a draw offer, a resignation,
	// a flag, a disconnection ...). It fails with CodeGameNotFound if there
	// is no such game.
	SaveState(ctx context.Context, id string, st State) error
	// TakeBack stores a takeback in game id: of the from moves stored it
	// keeps the first to (to < from) and drops the rest, together with the
	// game's new state, atomically. It fails with CodePlyConflict if the
	// game does not hold from moves, and then stores nothing.
	TakeBack(ctx context.Context, id string, from, to int, st State) error
	// LoadGame returns game id with all its moves, or CodeGameNotFound.
	LoadGame(ctx context.Context, id string) (Record, error)
	// ActiveGames returns every game whose status is created or started,
	// with their moves, for the runtime to resume after a start.
	ActiveGames(ctx context.Context) ([]Record, error)

	// Close releases the store, after flushing what it holds.
	Close() error
}
