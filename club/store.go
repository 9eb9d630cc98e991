package club

import (
	"context"

	"github.com/joinpal/joinpal/game"
)

// Store keeps clubs and their members. Every change of a club is one
// transaction, a compare-and-set on the club's Version, so two changes
// racing for one club cannot both win and none is ever half-written.
// store/internal/sqlstore implements it for SQLite and PostgreSQL;
// store/storetest.RunClubs is the conformance suite both pass.
type Store interface {
	// CreateClub stores a new club, Version 1 and Members 1, with owner
	// as its one member. It fails with CodeNameTaken if a club has the
	// id (the name's key); then nothing is stored.
	CreateClub(ctx context.Context, c Club, owner Membership) error
	// Club returns club id, or fails with CodeNotFound.
	Club(ctx context.Context, id string) (Club, error)
	// Clubs returns up to limit clubs whose id holds key (all for ""),
	// most members first, then by id.
	Clubs(ctx context.Context, key string, limit int) ([]Club, error)
	// ClubsOf returns the clubs in which userID has a place (pending
	// ones too), by club id.
	ClubsOf(ctx context.Context, userID string) ([]Mine, error)
	// Membership returns userID's place in club id; a user without one
	// has Role None (and no error).
	Membership(ctx context.Context, id, userID string) (Membership, error)
	// Members returns every place of club id, pending ones too: by role
	// (owner, admins, members, requests, invitations), then since, then
	// user id.
	Members(ctx context.Context, id string) ([]Membership, error)
	// Apply makes ch in one transaction if and only if the club's stored
	// Version is ch.Club.Version, and returns the club as it then is
	// (Version one more, Members recounted). It fails with CodeNotFound
	// if there is no such club and with CodeConflict if its version
	// moved; then nothing changes.
	Apply(ctx context.Context, ch Change) (Club, error)
	// ClubGames returns the finished games in which a member (owner,
	// admin or member) of club id played either side, newest first (by
	// EndedAt, then id, descending), at most limit (see
	// game.MaxListLimit).
	ClubGames(ctx context.Context, id string, limit int) ([]game.Summary, error)
}

// Change is one change of a club: its new fields, the places it puts
// (added or replaced) and the users whose places it removes; or the
// club's deletion with every place.
type Change struct {
	// Club is the club as it is to be: OwnerID, Description and Policy
	// are written; Version is the version read (the compare-and-set's).
	Club Club
	// Delete removes the club and every place in it.
	Delete bool
	// Put adds or replaces these places.
	Put []Membership
	// Remove removes the places of these users.
	Remove []string
}
