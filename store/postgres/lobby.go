package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

// The lobby's tables (migration 0002): seeks, and challenges, rematch
// offers included. Each change is one transaction of its own (the lobby's
// writes are few); the races between nodes are settled by PostgreSQL's row
// locks: TakeSeeks locks the rows of a pair in id order before deleting
// them, and UpdateChallenge changes a row only if its status is still the
// one expected, so that of two takers exactly one wins.

var _ lobby.Store = (*Store)(nil)

const seekCols = `id, owner_id, owner_name, owner_guest, owner_rating, time_control, color, rated,
	rating_min, rating_max, created_at, owner_gone_since`

const challengeCols = `id, kind, status, challenger_id, challenger_name, challenger_guest, challenger_rating,
	dest_id, dest_name, dest_guest, dest_rating, time_control, color, rated, rematch_of,
	decline_reason, game_id, created_at, expires_at, updated_at`

// placeholders returns "$from, $from+1, ..." for n parameters.
func placeholders(from, n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "$%d", from+i)
	}
	return b.String()
}

var (
	insertSeekSQL      = "INSERT INTO seeks (" + seekCols + ") VALUES (" + placeholders(1, 12) + ") ON CONFLICT DO NOTHING"
	insertChallengeSQL = "INSERT INTO challenges (" + challengeCols + ") VALUES (" +
		placeholders(1, 20) + ") ON CONFLICT DO NOTHING"
	// updateChallengeSQL sets the columns of updatableColumns from $3 on,
	// where the id is $1 and the status $2.
	updateChallengeSQL = func() string {
		var set []string
		for i, col := range updatableColumns() {
			set = append(set, fmt.Sprintf("%s = $%d", col, i+3))
		}
		return "UPDATE challenges SET " + strings.Join(set, ", ") + " WHERE id = $1 AND status = $2"
	}()
)

// fixedChallengeColumn reports whether UpdateChallenge leaves a column of
// challengeCols as it is.
func fixedChallengeColumn(col string) bool {
	return col == "id" || col == "kind" || col == "rematch_of"
}

// updatableColumns are the columns of challengeCols UpdateChallenge sets.
func updatableColumns() []string {
	var out []string
	for _, col := range strings.Split(challengeCols, ",") {
		if col = strings.TrimSpace(col); !fixedChallengeColumn(col) {
			out = append(out, col)
		}
	}
	return out
}

func seekArgs(s lobby.Seek) []any {
	return []any{s.ID, s.Owner.ID, s.Owner.Name, s.Owner.Guest, int32(s.Owner.Rating),
		s.TimeControl.String(), string(s.Color), s.Rated, int32(s.Range.Min), int32(s.Range.Max),
		ts(s.CreatedAt), ts(s.OwnerGoneSince)}
}

func scanSeek(row pgx.Row) (lobby.Seek, error) {
	var (
		s                        lobby.Seek
		tc, color                string
		rating, minimum, maximum int32
		created, gone            pgtype.Timestamptz
	)
	if err := row.Scan(&s.ID, &s.Owner.ID, &s.Owner.Name, &s.Owner.Guest, &rating, &tc, &color, &s.Rated,
		&minimum, &maximum, &created, &gone); err != nil {
		return lobby.Seek{}, err
	}
	s.Owner.Rating, s.Range.Min, s.Range.Max, s.Color = int(rating), int(minimum), int(maximum), lobby.Color(color)
	var err error
	if s.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return lobby.Seek{}, fmt.Errorf("stored seek %q: %w", s.ID, err)
	}
	if s.CreatedAt, err = fromTS(created); err != nil {
		return lobby.Seek{}, fmt.Errorf("stored seek %q: %w", s.ID, err)
	}
	if s.OwnerGoneSince, err = fromTS(gone); err != nil {
		return lobby.Seek{}, fmt.Errorf("stored seek %q: %w", s.ID, err)
	}
	return s, nil
}

// collectSeeks reads every row of rows.
func collectSeeks(rows pgx.Rows, err error) ([]lobby.Seek, error) {
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (lobby.Seek, error) { return scanSeek(r) })
}

// AddSeek stores a new open seek; see lobby.Store.
func (s *Store) AddSeek(ctx context.Context, seek lobby.Seek) error {
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, insertSeekSQL, seekArgs(seek)...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return lobby.SeekExistsError(seek)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: add seek %q: %w", seek.ID, err)
	}
	return nil
}

// RemoveSeek removes ownerID's seek id; see lobby.Store.
func (s *Store) RemoveSeek(ctx context.Context, id, ownerID string) (lobby.Seek, error) {
	var out lobby.Seek
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		var err error
		out, err = scanSeek(tx.QueryRow(ctx, "DELETE FROM seeks WHERE id = $1 AND owner_id = $2 RETURNING "+seekCols, id, ownerID))
		if errors.Is(err, pgx.ErrNoRows) {
			return lobby.SeekNotFoundError(id)
		}
		return err
	})
	if err != nil {
		return lobby.Seek{}, fmt.Errorf("postgres: remove seek %q: %w", id, err)
	}
	return out, nil
}

// Seeks returns every open seek, oldest first.
func (s *Store) Seeks(ctx context.Context) ([]lobby.Seek, error) {
	if err := s.open(); err != nil {
		return nil, fmt.Errorf("%w: seeks", err)
	}
	out, err := collectSeeks(s.pool.Query(ctx, "SELECT "+seekCols+" FROM seeks ORDER BY created_at, id"))
	if err != nil {
		return nil, fmt.Errorf("postgres: seeks: %w", err)
	}
	return out, nil
}

// SeeksWith returns the open seeks with time control tc, oldest first.
func (s *Store) SeeksWith(ctx context.Context, tc game.TimeControl) ([]lobby.Seek, error) {
	if err := s.open(); err != nil {
		return nil, fmt.Errorf("%w: seeks with %s", err, tc)
	}
	out, err := collectSeeks(s.pool.Query(ctx, "SELECT "+seekCols+" FROM seeks WHERE time_control = $1 ORDER BY created_at, id", tc.String()))
	if err != nil {
		return nil, fmt.Errorf("postgres: seeks with %s: %w", tc, err)
	}
	return out, nil
}

// RemoveSeeksOf removes and returns, oldest first, every open seek of
// ownerID.
func (s *Store) RemoveSeeksOf(ctx context.Context, ownerID string) ([]lobby.Seek, error) {
	return s.removeSeeks(ctx, fmt.Sprintf("remove seeks of %q", ownerID), "owner_id = $1", ownerID)
}

// removeSeeks deletes the seeks where holds and returns them, oldest first.
func (s *Store) removeSeeks(ctx context.Context, op, where string, arg any) ([]lobby.Seek, error) {
	var out []lobby.Seek
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		var err error
		out, err = collectSeeks(tx.Query(ctx, `WITH gone AS (DELETE FROM seeks WHERE `+where+` RETURNING `+seekCols+`)
			SELECT `+seekCols+` FROM gone ORDER BY created_at, id`, arg))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", op, err)
	}
	return out, nil
}

// TakeSeeks removes and returns the seeks ids, all or none; see
// lobby.Store. The rows are locked in id order first, so that two nodes
// taking overlapping pairs wait for each other instead of deadlocking.
func (s *Store) TakeSeeks(ctx context.Context, ids ...string) ([]lobby.Seek, error) {
	var out []lobby.Seek
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, "SELECT id FROM seeks WHERE id = ANY($1) ORDER BY id FOR UPDATE", ids)
		if err != nil {
			return err
		}
		locked, err := pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		for _, id := range ids {
			if !contains(locked, id) {
				return lobby.SeekNotFoundError(id)
			}
		}
		taken, err := collectSeeks(tx.Query(ctx, "DELETE FROM seeks WHERE id = ANY($1) RETURNING "+seekCols, ids))
		if err != nil {
			return err
		}
		// In the order asked for.
		out = out[:0]
		for _, id := range ids {
			for _, t := range taken {
				if t.ID == id {
					out = append(out, t)
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: take seeks %q: %w", ids, err)
	}
	return out, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// MarkSeekOwnerGone records when ownerID's last socket closed; see
// lobby.Store.
func (s *Store) MarkSeekOwnerGone(ctx context.Context, ownerID string, at time.Time) error {
	return s.exec(ctx, fmt.Sprintf("mark seek owner %q gone", ownerID),
		"UPDATE seeks SET owner_gone_since = $2 WHERE owner_id = $1 AND owner_gone_since IS NULL", ownerID, ts(at))
}

// MarkSeekOwnerBack clears the mark of MarkSeekOwnerGone.
func (s *Store) MarkSeekOwnerBack(ctx context.Context, ownerID string) error {
	return s.exec(ctx, fmt.Sprintf("mark seek owner %q back", ownerID),
		"UPDATE seeks SET owner_gone_since = NULL WHERE owner_id = $1 AND owner_gone_since IS NOT NULL", ownerID)
}

// exec runs one statement in a transaction of its own.
func (s *Store) exec(ctx context.Context, op, query string, args ...any) error {
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, query, args...)
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	return nil
}

// RemoveAbandonedSeeks removes and returns, oldest first, the seeks whose
// owner has been gone since before or at the moment before.
func (s *Store) RemoveAbandonedSeeks(ctx context.Context, before time.Time) ([]lobby.Seek, error) {
	return s.removeSeeks(ctx, "remove abandoned seeks", "owner_gone_since IS NOT NULL AND owner_gone_since <= $1", ts(before))
}

func challengeArgs(c lobby.Challenge) []any {
	return []any{c.ID, string(c.Kind), string(c.Status),
		c.Challenger.ID, c.Challenger.Name, c.Challenger.Guest, int32(c.Challenger.Rating),
		c.Dest.ID, c.Dest.Name, c.Dest.Guest, int32(c.Dest.Rating),
		c.TimeControl.String(), string(c.Color), c.Rated, c.RematchOf,
		string(c.DeclineReason), c.GameID, ts(c.CreatedAt), ts(c.ExpiresAt), ts(c.UpdatedAt)}
}

func scanChallenge(row pgx.Row) (lobby.Challenge, error) {
	var (
		c                          lobby.Challenge
		kind, status, tc, color    string
		reason                     string
		cRating, dRating           int32
		created, expires, modified pgtype.Timestamptz
	)
	if err := row.Scan(&c.ID, &kind, &status, &c.Challenger.ID, &c.Challenger.Name, &c.Challenger.Guest, &cRating,
		&c.Dest.ID, &c.Dest.Name, &c.Dest.Guest, &dRating, &tc, &color, &c.Rated, &c.RematchOf,
		&reason, &c.GameID, &created, &expires, &modified); err != nil {
		return lobby.Challenge{}, err
	}
	c.Kind, c.Status, c.Color, c.DeclineReason = lobby.Kind(kind), lobby.Status(status), lobby.Color(color), lobby.DeclineReason(reason)
	c.Challenger.Rating, c.Dest.Rating = int(cRating), int(dRating)
	var err error
	if c.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return lobby.Challenge{}, fmt.Errorf("stored challenge %q: %w", c.ID, err)
	}
	for _, t := range []struct {
		dst *time.Time
		src pgtype.Timestamptz
	}{{&c.CreatedAt, created}, {&c.ExpiresAt, expires}, {&c.UpdatedAt, modified}} {
		if *t.dst, err = fromTS(t.src); err != nil {
			return lobby.Challenge{}, fmt.Errorf("stored challenge %q: %w", c.ID, err)
		}
	}
	return c, nil
}

// CreateChallenge stores a new challenge; see lobby.Store.
func (s *Store) CreateChallenge(ctx context.Context, c lobby.Challenge) error {
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, insertChallengeSQL, challengeArgs(c)...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return lobby.ChallengeExistsError(c)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("postgres: create challenge %q: %w", c.ID, err)
	}
	return nil
}

// Challenge returns challenge id; see lobby.Store.
func (s *Store) Challenge(ctx context.Context, id string) (lobby.Challenge, error) {
	return s.oneChallenge(ctx, fmt.Sprintf("challenge %q", id), "id = $1", id, lobby.ChallengeNotFoundError(id))
}

// RematchOf returns the rematch challenge of game gameID; see lobby.Store.
func (s *Store) RematchOf(ctx context.Context, gameID string) (lobby.Challenge, error) {
	return s.oneChallenge(ctx, fmt.Sprintf("rematch of %q", gameID), "rematch_of = $1 AND rematch_of <> ''", gameID,
		lobby.ChallengeNotFoundError("rematch of "+gameID))
}

func (s *Store) oneChallenge(ctx context.Context, op, where, arg string, notFound error) (lobby.Challenge, error) {
	if err := s.open(); err != nil {
		return lobby.Challenge{}, fmt.Errorf("%w: %s", err, op)
	}
	c, err := scanChallenge(s.pool.QueryRow(ctx, "SELECT "+challengeCols+" FROM challenges WHERE "+where, arg))
	if errors.Is(err, pgx.ErrNoRows) {
		err = notFound
	}
	if err != nil {
		return lobby.Challenge{}, fmt.Errorf("postgres: %s: %w", op, err)
	}
	return c, nil
}

// UpdateChallenge replaces challenge c.ID if its status is from; see
// lobby.Store.
func (s *Store) UpdateChallenge(ctx context.Context, c lobby.Challenge, from lobby.Status) error {
	args := []any{c.ID, string(from)}
	all := challengeArgs(c)
	for i, col := range strings.Split(challengeCols, ",") {
		if !fixedChallengeColumn(strings.TrimSpace(col)) {
			args = append(args, all[i])
		}
	}
	err := s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, updateChallengeSQL, args...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() > 0 {
			return nil
		}
		var now string
		err = tx.QueryRow(ctx, "SELECT status FROM challenges WHERE id = $1", c.ID).Scan(&now)
		if errors.Is(err, pgx.ErrNoRows) {
			return lobby.ChallengeNotFoundError(c.ID)
		} else if err != nil {
			return err
		}
		return lobby.ChallengeClosedError(c.ID, lobby.Status(now))
	})
	if err != nil {
		return fmt.Errorf("postgres: update challenge %q: %w", c.ID, err)
	}
	return nil
}

// ChallengesFor returns the open challenges of userID, oldest first.
func (s *Store) ChallengesFor(ctx context.Context, userID string) ([]lobby.Challenge, error) {
	return s.challenges(ctx, fmt.Sprintf("challenges of %q", userID),
		"status = 'created' AND (challenger_id = $1 OR (dest_id = $1 AND dest_id <> ''))", userID)
}

// ExpiredChallenges returns the open challenges whose expiry is at or
// before now, oldest first.
func (s *Store) ExpiredChallenges(ctx context.Context, now time.Time) ([]lobby.Challenge, error) {
	return s.challenges(ctx, "expired challenges", "status = 'created' AND expires_at <= $1", ts(now))
}

func (s *Store) challenges(ctx context.Context, op, where string, arg any) ([]lobby.Challenge, error) {
	if err := s.open(); err != nil {
		return nil, fmt.Errorf("%w: %s", err, op)
	}
	rows, err := s.pool.Query(ctx, "SELECT "+challengeCols+" FROM challenges WHERE "+where+" ORDER BY created_at, id", arg)
	var out []lobby.Challenge
	if err == nil {
		out, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (lobby.Challenge, error) { return scanChallenge(r) })
	}
	if err != nil {
		return nil, fmt.Errorf("postgres: %s: %w", op, err)
	}
	return out, nil
}
