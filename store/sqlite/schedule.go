package sqlite

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// The arrangements of scheduled games (migration 0004): each kept whole as
// JSON, with the columns the queries need beside it. Every change is one
// write of the group-committing writer, a compare-and-set on the version.

var _ schedule.Store = (*Store)(nil)

const arrangementCols = `version, doc`

func arrangementArgs(a schedule.Arrangement, version int64) ([]any, error) {
	a = a.InUTC()
	a.Version = version
	doc, err := json.Marshal(a)
	if err != nil {
		return nil, err
	}
	return []any{a.ID, a.Proposer.ID, a.Opponent.ID, string(a.Status), sqlTime(a.StartAt), sqlTime(a.NextDue),
		version, string(doc)}, nil
}

func scanArrangement(row scanner) (schedule.Arrangement, error) {
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
	args, err := arrangementArgs(a, a.Version)
	if err != nil {
		return fmt.Errorf("sqlite: create arrangement %q: %w", a.ID, err)
	}
	return s.write(ctx, fmt.Sprintf("create arrangement %q", a.ID), func(tx *sql.Tx) error {
		res, err := tx.ExecContext(context.Background(), `INSERT INTO scheduled_games
			(id, proposer_id, opponent_id, status, start_at, next_due, version, doc)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return schedule.NewError(schedule.CodeExists, fmt.Sprintf("arrangement %q exists", a.ID), nil)
		}
		return nil
	})
}

// Arrangement returns arrangement id; see schedule.Store.
func (s *Store) Arrangement(ctx context.Context, id string) (schedule.Arrangement, error) {
	var a schedule.Arrangement
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		a, err = scanArrangement(tx.QueryRowContext(ctx, "SELECT "+arrangementCols+" FROM scheduled_games WHERE id = ?", id))
		if errors.Is(err, sql.ErrNoRows) {
			return schedule.NewError(schedule.CodeNotFound, fmt.Sprintf("no scheduled game %q", id), nil)
		}
		return err
	})
	if err != nil {
		return schedule.Arrangement{}, fmt.Errorf("sqlite: arrangement %q: %w", id, err)
	}
	return a, nil
}

// UpdateArrangement replaces arrangement a.ID if its version is a.Version;
// see schedule.Store.
func (s *Store) UpdateArrangement(ctx context.Context, a schedule.Arrangement) error {
	args, err := arrangementArgs(a, a.Version+1)
	if err != nil {
		return fmt.Errorf("sqlite: update arrangement %q: %w", a.ID, err)
	}
	return s.write(ctx, fmt.Sprintf("update arrangement %q", a.ID), func(tx *sql.Tx) error {
		bg := context.Background()
		res, err := tx.ExecContext(bg, `UPDATE scheduled_games SET proposer_id = ?2, opponent_id = ?3, status = ?4,
			start_at = ?5, next_due = ?6, version = ?7, doc = ?8 WHERE id = ?1 AND version = ?9`,
			append(args, a.Version)...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n > 0 {
			return nil
		}
		var v int64
		err = tx.QueryRowContext(bg, "SELECT version FROM scheduled_games WHERE id = ?", a.ID).Scan(&v)
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
		`(proposer_id = ?1 OR opponent_id = ?1) AND (status IN ('proposed', 'accepted', 'started') OR start_at >= ?2)
		ORDER BY start_at, id`, userID, sqlTime(since))
}

// DueArrangements returns the arrangements due at or before at; see
// schedule.Store.
func (s *Store) DueArrangements(ctx context.Context, at time.Time, limit int) ([]schedule.Arrangement, error) {
	return s.arrangements(ctx, "due arrangements",
		`next_due IS NOT NULL AND next_due <= ?1 ORDER BY next_due, id LIMIT ?2`, sqlTime(at), limit)
}

func (s *Store) arrangements(ctx context.Context, op, where string, args ...any) ([]schedule.Arrangement, error) {
	out := []schedule.Arrangement{}
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT "+arrangementCols+" FROM scheduled_games WHERE "+where, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			a, err := scanArrangement(rows)
			if err != nil {
				return err
			}
			out = append(out, a)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", op, err)
	}
	return out, nil
}

// NextDue returns the earliest due moment; see schedule.Store.
func (s *Store) NextDue(ctx context.Context) (time.Time, bool, error) {
	var next sql.NullInt64
	err := s.read(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, "SELECT MIN(next_due) FROM scheduled_games WHERE next_due IS NOT NULL").Scan(&next)
	})
	if err != nil {
		return time.Time{}, false, fmt.Errorf("sqlite: next due: %w", err)
	}
	return codec.FromMicros(next.Int64, next.Valid), next.Valid, nil
}
