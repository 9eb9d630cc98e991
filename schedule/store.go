package schedule

import (
	"context"
	"time"
)

// Store keeps arrangements. Every change is one atomic compare-and-set on
// the arrangement's Version, so two nodes (or two answers) racing for one
// arrangement cannot both win. Times are kept to the millisecond and read
// back in UTC. store/sqlite and store/postgres implement it;
// store/storetest.RunSchedule is the conformance suite they pass.
type Store interface {
	// CreateArrangement stores a new arrangement (its Version as given).
	// It fails with CodeExists if the id is taken.
	CreateArrangement(ctx context.Context, a Arrangement) error
	// Arrangement returns arrangement id, or fails with CodeNotFound.
	Arrangement(ctx context.Context, id string) (Arrangement, error)
	// UpdateArrangement replaces arrangement a.ID with a, its Version then
	// a.Version+1, if and only if the stored Version is a.Version. It
	// fails with CodeNotFound if there is no such arrangement and with
	// CodeConflict if its version moved; then nothing changes.
	UpdateArrangement(ctx context.Context, a Arrangement) error
	// ArrangementsFor returns the arrangements in which userID is proposer
	// or opponent that are open (proposed, accepted, started) or start at
	// or after since, by start then id.
	ArrangementsFor(ctx context.Context, userID string, since time.Time) ([]Arrangement, error)
	// DueArrangements returns up to limit arrangements whose NextDue is set
	// and at or before at, earliest first.
	DueArrangements(ctx context.Context, at time.Time, limit int) ([]Arrangement, error)
	// NextDue returns the earliest NextDue of all arrangements, and false
	// when none has one.
	NextDue(ctx context.Context) (time.Time, bool, error)
}
