package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// The lobby's tables (migration 0002): seeks, and challenges, rematch
// offers included. Every change is one write of the group-committing writer,
// so two nodes' changes to one seek or challenge are applied one after the
// other, and the second sees what the first did: of two takers, one wins.

var _ lobby.Store = (*Store)(nil)

const seekCols = `id, owner_id, owner_name, owner_guest, owner_rating, time_control, color, rated,
	rating_min, rating_max, created_at, owner_gone_since`

const challengeCols = `id, kind, status, challenger_id, challenger_name, challenger_guest, challenger_rating,
	dest_id, dest_name, dest_guest, dest_rating, time_control, color, rated, rematch_of,
	decline_reason, game_id, created_at, expires_at, updated_at`

func seekArgs(s lobby.Seek) []any {
	return []any{s.ID, s.Owner.ID, s.Owner.Name, sqlBool(s.Owner.Guest), s.Owner.Rating,
		s.TimeControl.String(), string(s.Color), sqlBool(s.Rated), s.Range.Min, s.Range.Max,
		sqlTime(s.CreatedAt), sqlTime(s.OwnerGoneSince)}
}

func scanSeek(row scanner) (lobby.Seek, error) {
	var (
		s             lobby.Seek
		guest, rated  int64
		tc, color     string
		created, gone sql.NullInt64
	)
	if err := row.Scan(&s.ID, &s.Owner.ID, &s.Owner.Name, &guest, &s.Owner.Rating, &tc, &color, &rated,
		&s.Range.Min, &s.Range.Max, &created, &gone); err != nil {
		return lobby.Seek{}, err
	}
	var err error
	if s.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return lobby.Seek{}, fmt.Errorf("stored seek %q: %w", s.ID, err)
	}
	s.Owner.Guest, s.Rated, s.Color = guest != 0, rated != 0, lobby.Color(color)
	s.CreatedAt, s.OwnerGoneSince = codec.FromMicros(created.Int64, created.Valid), codec.FromMicros(gone.Int64, gone.Valid)
	return s, nil
}

// scanSeeks reads every row of rows, oldest first.
func scanSeeks(rows *sql.Rows) ([]lobby.Seek, error) {
	defer rows.Close()
	var out []lobby.Seek
	for rows.Next() {
		s, err := scanSeek(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	slices.SortStableFunc(out, func(a, b lobby.Seek) int {
		if c := a.CreatedAt.Compare(b.CreatedAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// AddSeek stores a new open seek; see lobby.Store.
func (s *Store) AddSeek(ctx context.Context, seek lobby.Seek) error {
	args := seekArgs(seek)
	return s.write(ctx, fmt.Sprintf("add seek %q", seek.ID), func(tx *sql.Tx) error {
		bg := context.Background()
		res, err := tx.ExecContext(bg, "INSERT INTO seeks ("+seekCols+") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"+
			" ON CONFLICT DO NOTHING", args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return lobby.SeekExistsError(seek)
		}
		return nil
	})
}

// RemoveSeek removes ownerID's seek id; see lobby.Store.
func (s *Store) RemoveSeek(ctx context.Context, id, ownerID string) (lobby.Seek, error) {
	var out lobby.Seek
	err := s.write(ctx, fmt.Sprintf("remove seek %q", id), func(tx *sql.Tx) error {
		var err error
		out, err = scanSeek(tx.QueryRowContext(context.Background(),
			"DELETE FROM seeks WHERE id = ? AND owner_id = ? RETURNING "+seekCols, id, ownerID))
		if errors.Is(err, sql.ErrNoRows) {
			return lobby.SeekNotFoundError(id)
		}
		return err
	})
	return out, err
}

// Seeks returns every open seek, oldest first.
func (s *Store) Seeks(ctx context.Context) ([]lobby.Seek, error) {
	var out []lobby.Seek
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT "+seekCols+" FROM seeks ORDER BY created_at, id")
		if err != nil {
			return err
		}
		out, err = scanSeeks(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: seeks: %w", err)
	}
	return out, nil
}

// SeeksWith returns the open seeks with time control tc, oldest first.
func (s *Store) SeeksWith(ctx context.Context, tc game.TimeControl) ([]lobby.Seek, error) {
	var out []lobby.Seek
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT "+seekCols+" FROM seeks WHERE time_control = ? ORDER BY created_at, id", tc.String())
		if err != nil {
			return err
		}
		out, err = scanSeeks(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: seeks with %s: %w", tc, err)
	}
	return out, nil
}

// RemoveSeeksOf removes and returns, oldest first, every open seek of
// ownerID.
func (s *Store) RemoveSeeksOf(ctx context.Context, ownerID string) ([]lobby.Seek, error) {
	return s.removeSeeks(ctx, fmt.Sprintf("remove seeks of %q", ownerID), "owner_id = ?", ownerID)
}

// removeSeeks deletes the seeks where holds and returns them, oldest first.
func (s *Store) removeSeeks(ctx context.Context, op, where string, arg any) ([]lobby.Seek, error) {
	var out []lobby.Seek
	err := s.write(ctx, op, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(context.Background(), "DELETE FROM seeks WHERE "+where+" RETURNING "+seekCols, arg)
		if err != nil {
			return err
		}
		out, err = scanSeeks(rows)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// TakeSeeks removes and returns the seeks ids, all or none; see
// lobby.Store.
func (s *Store) TakeSeeks(ctx context.Context, ids ...string) ([]lobby.Seek, error) {
	var out []lobby.Seek
	err := s.write(ctx, fmt.Sprintf("take seeks %q", ids), func(tx *sql.Tx) error {
		out = out[:0]
		for _, id := range ids {
			seek, err := scanSeek(tx.QueryRowContext(context.Background(),
				"DELETE FROM seeks WHERE id = ? RETURNING "+seekCols, id))
			if errors.Is(err, sql.ErrNoRows) {
				return lobby.SeekNotFoundError(id) // the savepoint undoes the others
			} else if err != nil {
				return err
			}
			out = append(out, seek)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// MarkSeekOwnerGone records when ownerID's last socket closed; see
// lobby.Store.
func (s *Store) MarkSeekOwnerGone(ctx context.Context, ownerID string, at time.Time) error {
	return s.write(ctx, fmt.Sprintf("mark seek owner %q gone", ownerID), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(context.Background(),
			"UPDATE seeks SET owner_gone_since = ? WHERE owner_id = ? AND owner_gone_since IS NULL", sqlTime(at), ownerID)
		return err
	})
}

// MarkSeekOwnerBack clears the mark of MarkSeekOwnerGone.
func (s *Store) MarkSeekOwnerBack(ctx context.Context, ownerID string) error {
	return s.write(ctx, fmt.Sprintf("mark seek owner %q back", ownerID), func(tx *sql.Tx) error {
		_, err := tx.ExecContext(context.Background(),
			"UPDATE seeks SET owner_gone_since = NULL WHERE owner_id = ? AND owner_gone_since IS NOT NULL", ownerID)
		return err
	})
}

// RemoveAbandonedSeeks removes and returns, oldest first, the seeks whose
// owner has been gone since before or at the moment before.
func (s *Store) RemoveAbandonedSeeks(ctx context.Context, before time.Time) ([]lobby.Seek, error) {
	return s.removeSeeks(ctx, "remove abandoned seeks", "owner_gone_since IS NOT NULL AND owner_gone_since <= ?", sqlTime(before))
}

func challengeArgs(c lobby.Challenge) []any {
	return []any{c.ID, string(c.Kind), string(c.Status),
		c.Challenger.ID, c.Challenger.Name, sqlBool(c.Challenger.Guest), c.Challenger.Rating,
		c.Dest.ID, c.Dest.Name, sqlBool(c.Dest.Guest), c.Dest.Rating,
		c.TimeControl.String(), string(c.Color), sqlBool(c.Rated), c.RematchOf,
		string(c.DeclineReason), c.GameID, sqlTime(c.CreatedAt), sqlTime(c.ExpiresAt), sqlTime(c.UpdatedAt)}
}

func scanChallenge(row scanner) (lobby.Challenge, error) {
	var (
		c                          lobby.Challenge
		kind, status, tc, color    string
		reason                     string
		cGuest, dGuest, rated      int64
		created, expires, modified sql.NullInt64
	)
	if err := row.Scan(&c.ID, &kind, &status, &c.Challenger.ID, &c.Challenger.Name, &cGuest, &c.Challenger.Rating,
		&c.Dest.ID, &c.Dest.Name, &dGuest, &c.Dest.Rating, &tc, &color, &rated, &c.RematchOf,
		&reason, &c.GameID, &created, &expires, &modified); err != nil {
		return lobby.Challenge{}, err
	}
	var err error
	if c.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return lobby.Challenge{}, fmt.Errorf("stored challenge %q: %w", c.ID, err)
	}
	c.Kind, c.Status, c.Color, c.DeclineReason = lobby.Kind(kind), lobby.Status(status), lobby.Color(color), lobby.DeclineReason(reason)
	c.Challenger.Guest, c.Dest.Guest, c.Rated = cGuest != 0, dGuest != 0, rated != 0
	c.CreatedAt = codec.FromMicros(created.Int64, created.Valid)
	c.ExpiresAt = codec.FromMicros(expires.Int64, expires.Valid)
	c.UpdatedAt = codec.FromMicros(modified.Int64, modified.Valid)
	return c, nil
}

func scanChallenges(rows *sql.Rows) ([]lobby.Challenge, error) {
	defer rows.Close()
	var out []lobby.Challenge
	for rows.Next() {
		c, err := scanChallenge(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// CreateChallenge stores a new challenge; see lobby.Store.
func (s *Store) CreateChallenge(ctx context.Context, c lobby.Challenge) error {
	args := challengeArgs(c)
	return s.write(ctx, fmt.Sprintf("create challenge %q", c.ID), func(tx *sql.Tx) error {
		res, err := tx.ExecContext(context.Background(), "INSERT INTO challenges ("+challengeCols+
			") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING", args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return lobby.ChallengeExistsError(c)
		}
		return nil
	})
}

// Challenge returns challenge id; see lobby.Store.
func (s *Store) Challenge(ctx context.Context, id string) (lobby.Challenge, error) {
	return s.oneChallenge(ctx, "challenge "+fmt.Sprintf("%q", id), "id = ?", id, lobby.ChallengeNotFoundError(id))
}

// RematchOf returns the rematch challenge of game gameID; see lobby.Store.
func (s *Store) RematchOf(ctx context.Context, gameID string) (lobby.Challenge, error) {
	return s.oneChallenge(ctx, fmt.Sprintf("rematch of %q", gameID), "rematch_of = ? AND rematch_of <> ''", gameID,
		lobby.ChallengeNotFoundError("rematch of "+gameID))
}

func (s *Store) oneChallenge(ctx context.Context, op, where, arg string, notFound error) (lobby.Challenge, error) {
	var c lobby.Challenge
	err := s.read(ctx, func(tx *sql.Tx) error {
		var err error
		c, err = scanChallenge(tx.QueryRowContext(ctx, "SELECT "+challengeCols+" FROM challenges WHERE "+where, arg))
		if errors.Is(err, sql.ErrNoRows) {
			return notFound
		}
		return err
	})
	if err != nil {
		return lobby.Challenge{}, fmt.Errorf("sqlite: %s: %w", op, err)
	}
	return c, nil
}

// UpdateChallenge replaces challenge c.ID if its status is from; see
// lobby.Store.
func (s *Store) UpdateChallenge(ctx context.Context, c lobby.Challenge, from lobby.Status) error {
	args := challengeArgs(c)
	// Every column but id (first), kind (second) and rematch_of.
	set := []string{}
	vals := []any{}
	for i, col := range strings.Split(challengeCols, ",") {
		col = strings.TrimSpace(col)
		if col == "id" || col == "kind" || col == "rematch_of" {
			continue
		}
		set = append(set, col+" = ?")
		vals = append(vals, args[i])
	}
	vals = append(vals, c.ID, string(from))
	query := "UPDATE challenges SET " + strings.Join(set, ", ") + " WHERE id = ? AND status = ?"
	return s.write(ctx, fmt.Sprintf("update challenge %q", c.ID), func(tx *sql.Tx) error {
		bg := context.Background()
		res, err := tx.ExecContext(bg, query, vals...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n > 0 {
			return nil
		}
		var now string
		err = tx.QueryRowContext(bg, "SELECT status FROM challenges WHERE id = ?", c.ID).Scan(&now)
		if errors.Is(err, sql.ErrNoRows) {
			return lobby.ChallengeNotFoundError(c.ID)
		} else if err != nil {
			return err
		}
		return lobby.ChallengeClosedError(c.ID, lobby.Status(now))
	})
}

// ChallengesFor returns the open challenges of userID, oldest first.
func (s *Store) ChallengesFor(ctx context.Context, userID string) ([]lobby.Challenge, error) {
	return s.challenges(ctx, fmt.Sprintf("challenges of %q", userID),
		"status = 'created' AND (challenger_id = ?1 OR (dest_id = ?1 AND dest_id <> ''))", userID)
}

// ExpiredChallenges returns the open challenges whose expiry is at or
// before now, oldest first.
func (s *Store) ExpiredChallenges(ctx context.Context, now time.Time) ([]lobby.Challenge, error) {
	return s.challenges(ctx, "expired challenges", "status = 'created' AND expires_at <= ?1", sqlTime(now))
}

func (s *Store) challenges(ctx context.Context, op, where string, arg any) ([]lobby.Challenge, error) {
	var out []lobby.Challenge
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, "SELECT "+challengeCols+" FROM challenges WHERE "+where+" ORDER BY created_at, id", arg)
		if err != nil {
			return err
		}
		out, err = scanChallenges(rows)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: %s: %w", op, err)
	}
	return out, nil
}
