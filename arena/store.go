package arena

import (
	"context"
	"time"

	"github.com/joinpal/joinpal/game"
)

// Store keeps arenas, their players and their games. Each method is one
// transaction: nothing is ever half-written, so a process killed at any
// moment leaves every arena as it was after its last completed step.
// Times are kept to the millisecond and read back in UTC.
// store/internal/sqlstore implements it for SQLite and PostgreSQL;
// store/storetest.RunArenas is the conformance suite both pass.
type Store interface {
	// CreateArena stores a new arena.
	CreateArena(ctx context.Context, a Arena) error
	// Arena returns arena id, or fails with CodeNotFound.
	Arena(ctx context.Context, id string) (Arena, error)
	// Arenas returns up to limit arenas, the latest to start first (then
	// by id).
	Arenas(ctx context.Context, limit int) ([]Arena, error)
	// OpenArenas returns the arenas not closed yet, soonest start first.
	OpenArenas(ctx context.Context) ([]Arena, error)
	// CloseArena sets arena id's ClosedAt.
	CloseArena(ctx context.Context, id string, at time.Time) error
	// PutArenaEntry adds or replaces a player's entry.
	PutArenaEntry(ctx context.Context, e Entry) error
	// ArenaEntry returns userID's entry in arena arenaID, and whether there is
	// one.
	ArenaEntry(ctx context.Context, arenaID, userID string) (Entry, bool, error)
	// ArenaEntries returns every entry of arena arenaID, by join time then
	// user id.
	ArenaEntries(ctx context.Context, arenaID string) ([]Entry, error)
	// StartArenaPairings stores new pairings and the entries of their players
	// (each with its GameID set), all or none.
	StartArenaPairings(ctx context.Context, ps []Pairing, players []Entry) error
	// EndArenaPairing records p's end (p.Ended, Result, Plies) and the entries
	// of its players, all or none, if and only if its end is not recorded
	// yet; else it fails with CodeGameEnded and changes nothing.
	EndArenaPairing(ctx context.Context, p Pairing, players []Entry) error
	// ArenaPairings returns arena arenaID's pairings, latest first (then by
	// game id).
	ArenaPairings(ctx context.Context, arenaID string) ([]Pairing, error)
	// RunningPairings returns the pairings of every arena whose end is
	// not recorded, oldest first.
	RunningPairings(ctx context.Context) ([]Pairing, error)
	// PairingOf returns the pairing of game gameID, or fails with
	// CodeNotArenaGame.
	PairingOf(ctx context.Context, gameID string) (Pairing, error)
	// SetBerserk records that side berserked in game gameID.
	SetBerserk(ctx context.Context, gameID string, side game.Side) error
}
