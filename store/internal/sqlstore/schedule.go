package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/schedule"
)

// The arrangements of scheduled games (migration 0004): each kept whole as
// JSON, with the columns the queries need beside it; every change a
// compare-and-set on the version.

var _ schedule.Store = (*Store)(nil)

func arrangementArgs(a schedule.Arrangement, version int64) ([]any, error) {
	a = a.InUTC()
	a.Version = version
	doc, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	return []any{a.ID, a.Proposer.ID, a.Opponent.ID, string(a.Status), a.StartAt, a.NextDue, version, string(doc)}, nil
}

func scanArrangement(row Row) (schedule.Arrangement, error) {
	var (
		a       schedule.Arrangement
		version int64
		doc     string
	)
	if err := row.Scan(&version, &doc); err != nil {
		return a, err
	}
	if err := json.Unmarshal([]byte(doc), &a); err != nil {
		return a, fmt.Errorf("stored arrangement: %w", err)
	}
	a.Version = version
	return a.InUTC(), nil
}

// CreateArrangement stores a new arrangement; see schedule.Store.
func (s *Store) CreateArrangement(ctx context.Context, a schedule.Arrangement) error {
	op := fmt.Sprintf("create arrangement %q", a.ID)
	args, err := arrangementArgs(a, a.Version)
	if err != nil {
		return s.fail(op, err)
	}
	return s.changeOne(ctx, op, schedule.NewError(schedule.CodeExists, fmt.Sprintf("arrangement %q exists", a.ID), nil),
		`INSERT INTO scheduled_games (id, proposer_id, opponent_id, status, start_at, next_due, version, doc)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`, args...)
}

// Arrangement returns arrangement id; see schedule.Store.
func (s *Store) Arrangement(ctx context.Context, id string) (schedule.Arrangement, error) {
	return readRow(s, ctx, fmt.Sprintf("arrangement %q", id),
		schedule.NewError(schedule.CodeNotFound, fmt.Sprintf("no scheduled game %q", id), nil),
		scanArrangement, "SELECT version, doc FROM scheduled_games WHERE id = $1", id)
}

// UpdateArrangement replaces arrangement a.ID if its version is a.Version;
// see schedule.Store.
func (s *Store) UpdateArrangement(ctx context.Context, a schedule.Arrangement) error {
	op := fmt.Sprintf("update arrangement %q", a.ID)
	args, err := arrangementArgs(a, a.Version+1)
	if err != nil {
		return s.fail(op, err)
	}
	return s.write(ctx, op, func(q Querier) error {
		n, err := q.Exec(`UPDATE scheduled_games SET proposer_id = $2, opponent_id = $3, status = $4,
			start_at = $5, next_due = $6, version = $7, doc = $8 WHERE id = $1 AND version = $9`,
			append(args, a.Version)...)
		if err != nil || n > 0 {
			return err
		}
		var v int64
		err = q.QueryRow("SELECT version FROM scheduled_games WHERE id = $1", a.ID).Scan(&v)
		if errors.Is(err, sql.ErrNoRows) {
			return schedule.NewError(schedule.CodeNotFound, fmt.Sprintf("no scheduled game %q", a.ID), nil)
		} else if err != nil {
			return err
		}
		return schedule.NewError(schedule.CodeConflict, fmt.Sprintf("scheduled game %q changed (version %d, not %d)", a.ID, v, a.Version), nil)
	})
}

// ArrangementsFor returns userID's open or coming arrangements; see
// schedule.Store.
func (s *Store) ArrangementsFor(ctx context.Context, userID string, since time.Time) ([]schedule.Arrangement, error) {
	return s.arrangements(ctx, fmt.Sprintf("arrangements of %q", userID),
		`(proposer_id = $1 OR opponent_id = $1) AND (status IN ('proposed', 'accepted', 'suspended', 'started') OR start_at >= $2)
		ORDER BY start_at, id`, userID, since)
}

// DueArrangements returns the arrangements due at or before at; see
// schedule.Store.
func (s *Store) DueArrangements(ctx context.Context, at time.Time, limit int) ([]schedule.Arrangement, error) {
	return s.arrangements(ctx, "due arrangements",
		`next_due IS NOT NULL AND next_due <= $1 ORDER BY next_due, id LIMIT $2`, at, limit)
}

func (s *Store) arrangements(ctx context.Context, op, where string, args ...any) ([]schedule.Arrangement, error) {
	var out []schedule.Arrangement
	err := s.readOne(ctx, op, func(q Querier) error {
		rows, err := q.Query("SELECT version, doc FROM scheduled_games WHERE "+where, args...)
		out, err = collect(rows, err, scanArrangement)
		return err
	})
	return out, err
}

// NextDue returns the earliest due moment; see schedule.Store.
func (s *Store) NextDue(ctx context.Context) (next time.Time, ok bool, err error) {
	err = s.readOne(ctx, "next due", func(q Querier) error {
		return q.QueryRow("SELECT MIN(next_due) FROM scheduled_games WHERE next_due IS NOT NULL").Scan(&next)
	})
	return next, !next.IsZero(), err
}
