package league

import (
	"cmp"
	"context"
	"math"
	"slices"
	"strings"
)

// Store keeps tournaments, their entries and their boards. Every change
// of a tournament is one transaction, a compare-and-set on its Version, so
// a round is paired whole or not at all and two changes racing for one
// tournament cannot both win. store/internal/sqlstore implements it for
// SQLite and PostgreSQL; store/storetest.RunTournaments is the
// conformance suite both pass.
type Store interface {
	// CreateTournament stores a new tournament as given (Version 1).
	CreateTournament(ctx context.Context, t Tournament) error
	// Tournament returns tournament id, or fails with CodeNotFound.
	Tournament(ctx context.Context, id string) (Tournament, error)
	// Tournaments returns the tournaments q asks for, newest first (by
	// CreatedAt, then id), at most q.Limit.
	Tournaments(ctx context.Context, q Query) ([]Tournament, error)
	// Entries returns the entries of tournament id by Number (0 last),
	// then JoinedAt, then user id.
	Entries(ctx context.Context, id string) ([]Entry, error)
	// Boards returns the boards of tournament id by round, then board.
	Boards(ctx context.Context, id string) ([]Board, error)
	// ApplyTournament makes ch in one transaction if and only if the
	// tournament's stored Version is ch.Tournament.Version, and returns the
	// tournament as it then is (Version one more, Players recounted). It
	// fails with CodeNotFound if there is no such tournament and with
	// CodeConflict if its version moved; then nothing changes.
	ApplyTournament(ctx context.Context, ch Change) (Tournament, error)
	// BoardOfGame returns the id of the tournament whose board is played
	// by game gameID, and the board, or fails with CodeNotTournamentGame.
	// A re-arranged game's board names its newest game.
	BoardOfGame(ctx context.Context, gameID string) (string, Board, error)
}

// Query selects tournaments: those of a club ("" for any) in one of the
// statuses (any when empty).
type Query struct {
	ClubID string
	Status []Status
	Limit  int
}

// Change is one change of a tournament: its new fields, the entries it
// puts (added or replaced) or removes (Entry.Removed) and the boards it
// puts (added or replaced, keyed by round and board).
type Change struct {
	// Tournament is the tournament as it is to be; Version is the one read.
	Tournament Tournament
	Entries    []Entry
	Boards     []Board
}

// SortEntries orders entries as Store.Entries returns them: by Number
// (0 last), then JoinedAt, then user id.
func SortEntries(es []Entry) {
	slices.SortStableFunc(es, func(a, b Entry) int {
		an, bn := a.Number, b.Number
		if an == 0 {
			an = math.MaxInt
		}
		if bn == 0 {
			bn = math.MaxInt
		}
		if c := cmp.Compare(an, bn); c != 0 {
			return c
		}
		if c := a.JoinedAt.Compare(b.JoinedAt); c != 0 {
			return c
		}
		return strings.Compare(a.UserID, b.UserID)
	})
}
