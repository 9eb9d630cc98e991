package lobby

import (
	"context"
	"time"

	"github.com/joinpal/joinpal/game"
)

// Store keeps the lobby's state: open seeks and challenges (rematch offers
// are challenges of kind Rematch). Everything another node needs lives
// here, never only in one process's memory, and every change that two
// nodes could race for is one atomic step of the store: of two takers of
// one seek or two acceptors of one challenge, exactly one wins.
//
// Times are kept to the millisecond and read back in UTC. Errors carry the
// codes named below (tested with errors.Is); a call whose context is done
// fails with the context's error and changes nothing. Store/sqlite and
// store/postgres implement it; store/storetest.RunLobby is the conformance
// suite they pass.
type Store interface {
	// AddSeek stores a new open seek. It fails with CodeSeekExists if the
	// owner already has an open seek with the same time control (one per
	// person per time control), or if the id is taken.
	AddSeek(ctx context.Context, s Seek) error
	// RemoveSeek removes seek id of owner ownerID and returns it. It fails
	// with CodeSeekNotFound if there is no such seek or it is another's.
	RemoveSeek(ctx context.Context, id, ownerID string) (Seek, error)
	// Seeks returns every open seek, oldest first (by creation time, then
	// id).
	Seeks(ctx context.Context) ([]Seek, error)
	// SeeksWith returns the open seeks with time control tc, oldest first:
	// the only ones a seek with tc can be paired with.
	SeeksWith(ctx context.Context, tc game.TimeControl) ([]Seek, error)
	// RemoveSeeksOf removes and returns, oldest first, every open seek of
	// ownerID.
	RemoveSeeksOf(ctx context.Context, ownerID string) ([]Seek, error)
	// TakeSeeks removes the seeks ids and returns them, all or none: if one
	// of them is not open any more it fails with CodeSeekNotFound and
	// removes nothing. Pairing takes both seeks of a pair at once, so that
	// two nodes pairing the same seek cannot both succeed.
	TakeSeeks(ctx context.Context, ids ...string) ([]Seek, error)
	// MarkSeekOwnerGone records that ownerID's last socket closed at the
	// moment at, on each of their seeks not already marked.
	MarkSeekOwnerGone(ctx context.Context, ownerID string, at time.Time) error
	// MarkSeekOwnerBack clears the mark of MarkSeekOwnerGone on ownerID's
	// seeks.
	MarkSeekOwnerBack(ctx context.Context, ownerID string) error
	// GoneSeekOwners returns the owners of the seeks marked by
	// MarkSeekOwnerGone, each once, in order. Every node of a cluster asks
	// it each second (ReassertOwners) and mostly finds none: it reads the
	// marked seeks only, not the whole lobby.
	GoneSeekOwners(ctx context.Context) ([]string, error)
	// RemoveAbandonedSeeks removes and returns the seeks whose owner has
	// been gone since before or at the moment before. Sweep calls it
	// every second or so and mostly finds none: it writes only when one
	// is due.
	RemoveAbandonedSeeks(ctx context.Context, before time.Time) ([]Seek, error)

	// CreateChallenge stores a new challenge. It fails with
	// CodeChallengeExists if the id is taken, or if c is a rematch and the
	// game c.RematchOf already has one.
	CreateChallenge(ctx context.Context, c Challenge) error
	// Challenge returns challenge id, or fails with CodeChallengeNotFound.
	Challenge(ctx context.Context, id string) (Challenge, error)
	// RematchOf returns the rematch challenge of the finished game gameID,
	// or fails with CodeChallengeNotFound.
	RematchOf(ctx context.Context, gameID string) (Challenge, error)
	// UpdateChallenge replaces every field of challenge c.ID but its id,
	// kind and rematch game with c's, atomically, if and only if its stored
	// status is from. It fails with CodeChallengeNotFound if there is no
	// such challenge, and with CodeChallengeClosed if its status is not
	// from (someone else changed it first); then nothing changes.
	UpdateChallenge(ctx context.Context, c Challenge, from Status) error
	// ChallengesFor returns the challenges of status created in which
	// userID is the challenger or the challenged, oldest first.
	ChallengesFor(ctx context.Context, userID string) ([]Challenge, error)
	// ExpiredChallenges returns the challenges of status created whose
	// expiry is at or before now, oldest first.
	ExpiredChallenges(ctx context.Context, now time.Time) ([]Challenge, error)
	// EarliestLapses returns the earliest moment a seek's owner was
	// marked gone (the zero time when no seek's owner is) and the
	// earliest expiry of a challenge of status created (the zero time
	// when there is none), so that a sweep can wait until one is due.
	EarliestLapses(ctx context.Context) (ownerGone, expires time.Time, err error)
}
