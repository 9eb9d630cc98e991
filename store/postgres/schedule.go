package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/schedule"
)

// The arrangements of scheduled games (migration 0004): each kept whole as
// jsonb, with the columns the queries need beside it; every change a
// compare-and-set on the version.

var _ schedule.Store = (*Store)(nil)

func arrangementArgs(a schedule.Arrangement, version int64) ([]any, error) {
	a = a.InUTC()
	a.Version = version
	doc, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	return []any{a.ID, a.Proposer.ID, a.Opponent.ID, string(a.Status), ts(a.StartAt), ts(a.NextDue), version, string(doc)}, nil
}

func scanArrangement(row pgx.Row) (schedule.Arrangement, error) {
	var (
		a       schedule.Arrangement
		version int64
		doc     []byte
	)
	if err := row.Scan(&version, &doc); err != nil {
		return a, err
	}
	if err := json.Unmarshal(doc, &a); err != nil {
		return a, fmt.Errorf("stored arrangement: %w", err)
	}
	a.Version = version
	return a.InUTC(), nil
}

// CreateArrangement stores a new arrangement; see schedule.Store.
func (s *Store) CreateArrangement(ctx context.Context, a schedule.Arrangement) error {
	args, err := arrangementArgs(a, a.Version)
	if err == nil {
		err = s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, `INSERT INTO scheduled_games
				(id, proposer_id, opponent_id, status, start_at, next_due, version, doc)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) ON CONFLICT DO NOTHING`, args...)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return schedule.NewError(schedule.CodeExists, fmt.Sprintf("arrangement %q exists", a.ID), nil)
			}
			return nil
		})
	}
	if err != nil {
		return fmt.Errorf("postgres: create arrangement %q: %w", a.ID, err)
	}
	return nil
}

// Arrangement returns arrangement id; see schedule.Store.
func (s *Store) Arrangement(ctx context.Context, id string) (schedule.Arrangement, error) {
	if err := s.open(); err != nil {
		return schedule.Arrangement{}, fmt.Errorf("%w: arrangement %q", err, id)
	}
	a, err := scanArrangement(s.pool.QueryRow(ctx, "SELECT version, doc FROM scheduled_games WHERE id = $1", id))
	if errors.Is(err, pgx.ErrNoRows) {
		err = schedule.NewError(schedule.CodeNotFound, fmt.Sprintf("no scheduled game %q", id), nil)
	}
	if err != nil {
		return schedule.Arrangement{}, fmt.Errorf("postgres: arrangement %q: %w", id, err)
	}
	return a, nil
}

// UpdateArrangement replaces arrangement a.ID if its version is a.Version;
// see schedule.Store.
func (s *Store) UpdateArrangement(ctx context.Context, a schedule.Arrangement) error {
	args, err := arrangementArgs(a, a.Version+1)
	if err == nil {
		err = s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
			tag, err := tx.Exec(ctx, `UPDATE scheduled_games SET proposer_id = $2, opponent_id = $3, status = $4,
				start_at = $5, next_due = $6, version = $7, doc = $8::jsonb WHERE id = $1 AND version = $9`,
				append(args, a.Version)...)
			if err != nil {
				return err
			}
			if tag.RowsAffected() > 0 {
				return nil
			}
			var v int64
			err = tx.QueryRow(ctx, "SELECT version FROM scheduled_games WHERE id = $1", a.ID).Scan(&v)
			if errors.Is(err, pgx.ErrNoRows) {
				return schedule.NewError(schedule.CodeNotFound, fmt.Sprintf("no scheduled game %q", a.ID), nil)
			} else if err != nil {
				return err
			}
			return schedule.NewError(schedule.CodeConflict, fmt.Sprintf("scheduled game %q changed (version %d, not %d)", a.ID, v, a.Version), nil)
		})
	}
	if err != nil {
		return fmt.Errorf("postgres: update arrangement %q: %w", a.ID, err)
	}
	return nil
}

// ArrangementsFor returns userID's open or coming arrangements; see
// schedule.Store.
func (s *Store) ArrangementsFor(ctx context.Context, userID string, since time.Time) ([]schedule.Arrangement, error) {
	return s.arrangements(ctx, fmt.Sprintf("arrangements of %q", userID),
		`(proposer_id = $1 OR opponent_id = $1) AND (status IN ('proposed', 'accepted', 'started') OR start_at >= $2)
		ORDER BY start_at, id`, userID, ts(since))
}

// DueArrangements returns the arrangements due at or before at; see
// schedule.Store.
func (s *Store) DueArrangements(ctx context.Context, at time.Time, limit int) ([]schedule.Arrangement, error) {
	return s.arrangements(ctx, "due arrangements",
		`next_due IS NOT NULL AND next_due <= $1 ORDER BY next_due, id LIMIT $2`, ts(at), limit)
}

func (s *Store) arrangements(ctx context.Context, op, where string, args ...any) ([]schedule.Arrangement, error) {
	if err := s.open(); err != nil {
		return nil, fmt.Errorf("%w: %s", err, op)
	}
	rows, err := s.pool.Query(ctx, "SELECT version, doc FROM scheduled_games WHERE "+where, args...)
	out := []schedule.Arrangement{}
	if err == nil {
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (schedule.Arrangement, error) { return scanArrangement(r) })
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", op, err)
	}
	if out == nil {
		out = []schedule.Arrangement{}
	}
	return out, nil
}

// NextDue returns the earliest due moment; see schedule.Store.
func (s *Store) NextDue(ctx context.Context) (time.Time, bool, error) {
	if err := s.open(); err != nil {
		return time.Time{}, false, fmt.Errorf("%w: next due", err)
	}
	var next pgtype.Timestamptz
	if err := s.pool.QueryRow(ctx, "SELECT MIN(next_due) FROM scheduled_games WHERE next_due IS NOT NULL").Scan(&next); err != nil {
		return time.Time{}, false, fmt.Errorf("postgres: next due: %w", err)
	}
	t, err := fromTS(next)
	if err != nil {
		return time.Time{}, false, fmt.Errorf("postgres: next due: %w", err)
	}
	return t, next.Valid, nil
}
