package sqlstore

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

// The lobby's tables (migration 0002): seeks, and challenges, rematch
// offers included. Each change is one write; the races between nodes are
// settled by the database: TakeSeeks locks the rows of a pair in id order
// before deleting them (PostgreSQL; SQLite runs one write at a time), and
// UpdateChallenge changes a row only if its status is still the one
// expected, so that of two takers exactly one wins.

var _ lobby.Store = (*Store)(nil)

const seekCols = `id, owner_id, owner_name, owner_guest, owner_rating, time_control, color, rated,
	rating_min, rating_max, created_at, owner_gone_since`

const challengeCols = `id, kind, status, challenger_id, challenger_name, challenger_guest, challenger_rating,
	dest_id, dest_name, dest_guest, dest_rating, time_control, color, rated, rematch_of,
	decline_reason, game_id, created_at, expires_at, updated_at`

var (
	insertSeekSQL      = "INSERT INTO seeks (" + seekCols + ") VALUES (" + Params(1, 12) + ") ON CONFLICT DO NOTHING"
	insertChallengeSQL = "INSERT INTO challenges (" + challengeCols + ") VALUES (" +
		Params(1, 20) + ") ON CONFLICT DO NOTHING"
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
	return []any{s.ID, s.Owner.ID, s.Owner.Name, s.Owner.Guest, s.Owner.Rating,
		s.TimeControl.String(), string(s.Color), s.Rated, s.Range.Min, s.Range.Max, s.CreatedAt, s.OwnerGoneSince}
}

func scanSeek(row Row) (lobby.Seek, error) {
	var (
		s         lobby.Seek
		tc, color string
	)
	if err := row.Scan(&s.ID, &s.Owner.ID, &s.Owner.Name, &s.Owner.Guest, &s.Owner.Rating, &tc, &color, &s.Rated,
		&s.Range.Min, &s.Range.Max, &s.CreatedAt, &s.OwnerGoneSince); err != nil {
		return lobby.Seek{}, err
	}
	s.Color = lobby.Color(color)
	var err error
	if s.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return lobby.Seek{}, fmt.Errorf("stored seek %q: %w", s.ID, err)
	}
	return s, nil
}

// oldestFirst sorts seeks by creation, then id.
func oldestFirst(seeks []lobby.Seek) []lobby.Seek {
	slices.SortStableFunc(seeks, func(a, b lobby.Seek) int {
		return cmp.Or(a.CreatedAt.Compare(b.CreatedAt), strings.Compare(a.ID, b.ID))
	})
	return seeks
}

// AddSeek stores a new open seek; see lobby.Store.
func (s *Store) AddSeek(ctx context.Context, seek lobby.Seek) error {
	return s.changeOne(ctx, fmt.Sprintf("add seek %q", seek.ID), lobby.SeekExistsError(seek), insertSeekSQL, seekArgs(seek)...)
}

// RemoveSeek removes ownerID's seek id; see lobby.Store.
func (s *Store) RemoveSeek(ctx context.Context, id, ownerID string) (lobby.Seek, error) {
	var out lobby.Seek
	err := s.write(ctx, fmt.Sprintf("remove seek %q", id), func(q Querier) error {
		var err error
		out, err = scanSeek(q.QueryRow("DELETE FROM seeks WHERE id = $1 AND owner_id = $2 RETURNING "+seekCols, id, ownerID))
		if errors.Is(err, sql.ErrNoRows) {
			return lobby.SeekNotFoundError(id)
		}
		return err
	})
	if err != nil {
		return lobby.Seek{}, err
	}
	return out, nil
}

// Seeks returns every open seek, oldest first.
func (s *Store) Seeks(ctx context.Context) ([]lobby.Seek, error) {
	return s.seeks(ctx, "seeks", "SELECT "+seekCols+" FROM seeks ORDER BY created_at, id")
}

// SeeksWith returns the open seeks with time control tc, oldest first.
func (s *Store) SeeksWith(ctx context.Context, tc game.TimeControl) ([]lobby.Seek, error) {
	return s.seeks(ctx, "seeks with "+tc.String(),
		"SELECT "+seekCols+" FROM seeks WHERE time_control = $1 ORDER BY created_at, id", tc.String())
}

func (s *Store) seeks(ctx context.Context, op, query string, args ...any) ([]lobby.Seek, error) {
	var out []lobby.Seek
	err := s.readOne(ctx, op, func(q Querier) error {
		rows, err := q.Query(query, args...)
		out, err = collect(rows, err, scanSeek)
		return err
	})
	return out, err
}

// RemoveSeeksOf removes and returns, oldest first, every open seek of
// ownerID.
func (s *Store) RemoveSeeksOf(ctx context.Context, ownerID string) ([]lobby.Seek, error) {
	return s.removeSeeks(ctx, fmt.Sprintf("remove seeks of %q", ownerID), "owner_id = $1", ownerID)
}

// abandoned is the WHERE of the seeks whose owner has been gone since
// before or at the moment $1 (the partial index seeks_gone holds them).
const abandoned = "owner_gone_since IS NOT NULL AND owner_gone_since <= $1"

// RemoveAbandonedSeeks removes and returns, oldest first, the seeks whose
// owner has been gone since before or at the moment before. The lobby
// sweeps every second on every node, and mostly finds none: a read asks
// first, and the write (its transaction; on SQLite a turn of the one
// writer and its file lock) runs only when one is due. A seek that becomes due after the read waits for
// the next sweep, as if this one had run a moment earlier.
func (s *Store) RemoveAbandonedSeeks(ctx context.Context, before time.Time) ([]lobby.Seek, error) {
	var due bool
	err := s.readOne(ctx, "abandoned seeks", func(q Querier) error {
		var one int
		err := q.QueryRow("SELECT 1 FROM seeks WHERE "+abandoned+" LIMIT 1", before).Scan(&one)
		due = err == nil
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		return err
	})
	if err != nil || !due {
		return nil, err
	}
	return s.removeSeeks(ctx, "remove abandoned seeks", abandoned, before)
}

// removeSeeks deletes the seeks where holds and returns them, oldest first.
func (s *Store) removeSeeks(ctx context.Context, op, where string, arg any) ([]lobby.Seek, error) {
	var out []lobby.Seek
	err := s.write(ctx, op, func(q Querier) error {
		rows, err := q.Query("DELETE FROM seeks WHERE "+where+" RETURNING "+seekCols, arg)
		out, err = collect(rows, err, scanSeek)
		return err
	})
	return oldestFirst(out), err
}

// TakeSeeks removes and returns the seeks ids, all or none; see
// lobby.Store. The rows are locked in id order first, so that two nodes
// taking overlapping pairs wait for each other instead of deadlocking.
func (s *Store) TakeSeeks(ctx context.Context, ids ...string) ([]lobby.Seek, error) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	in := "id IN (" + Params(1, len(ids)) + ")"
	var out []lobby.Seek
	err := s.write(ctx, fmt.Sprintf("take seeks %q", ids), func(q Querier) error {
		rows, err := q.Query("SELECT id FROM seeks WHERE "+in+" ORDER BY id"+s.d.ForUpdate, args...)
		locked, err := collect(rows, err, func(r Row) (id string, err error) { return id, r.Scan(&id) })
		if err != nil {
			return err
		}
		for _, id := range ids {
			if !slices.Contains(locked, id) {
				return lobby.SeekNotFoundError(id)
			}
		}
		rows, err = q.Query("DELETE FROM seeks WHERE "+in+" RETURNING "+seekCols, args...)
		taken, err := collect(rows, err, scanSeek)
		if err != nil {
			return err
		}
		// In the order asked for.
		out = out[:0]
		for _, id := range ids {
			if i := slices.IndexFunc(taken, func(t lobby.Seek) bool { return t.ID == id }); i >= 0 {
				out = append(out, taken[i])
			}
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
	return s.changeOne(ctx, fmt.Sprintf("mark seek owner %q gone", ownerID), nil,
		"UPDATE seeks SET owner_gone_since = $2 WHERE owner_id = $1 AND owner_gone_since IS NULL", ownerID, at)
}

// MarkSeekOwnerBack clears the mark of MarkSeekOwnerGone.
func (s *Store) MarkSeekOwnerBack(ctx context.Context, ownerID string) error {
	return s.changeOne(ctx, fmt.Sprintf("mark seek owner %q back", ownerID), nil,
		"UPDATE seeks SET owner_gone_since = NULL WHERE owner_id = $1 AND owner_gone_since IS NOT NULL", ownerID)
}

// GoneSeekOwners returns the owners of the seeks marked gone, each once,
// in order (the partial index seeks_gone holds the marked seeks).
func (s *Store) GoneSeekOwners(ctx context.Context) ([]string, error) {
	var out []string
	err := s.readOne(ctx, "gone seek owners", func(q Querier) error {
		rows, err := q.Query("SELECT DISTINCT owner_id FROM seeks WHERE owner_gone_since IS NOT NULL ORDER BY owner_id")
		out, err = collect(rows, err, func(row Row) (string, error) {
			var id string
			err := row.Scan(&id)
			return id, err
		})
		return err
	})
	return out, err
}

func challengeArgs(c lobby.Challenge) []any {
	return []any{c.ID, string(c.Kind), string(c.Status),
		c.Challenger.ID, c.Challenger.Name, c.Challenger.Guest, c.Challenger.Rating,
		c.Dest.ID, c.Dest.Name, c.Dest.Guest, c.Dest.Rating,
		c.TimeControl.String(), string(c.Color), c.Rated, c.RematchOf,
		string(c.DeclineReason), c.GameID, c.CreatedAt, c.ExpiresAt, c.UpdatedAt}
}

func scanChallenge(row Row) (lobby.Challenge, error) {
	var (
		c                       lobby.Challenge
		kind, status, tc, color string
		reason                  string
	)
	if err := row.Scan(&c.ID, &kind, &status, &c.Challenger.ID, &c.Challenger.Name, &c.Challenger.Guest, &c.Challenger.Rating,
		&c.Dest.ID, &c.Dest.Name, &c.Dest.Guest, &c.Dest.Rating, &tc, &color, &c.Rated, &c.RematchOf,
		&reason, &c.GameID, &c.CreatedAt, &c.ExpiresAt, &c.UpdatedAt); err != nil {
		return lobby.Challenge{}, err
	}
	c.Kind, c.Status, c.Color, c.DeclineReason = lobby.Kind(kind), lobby.Status(status), lobby.Color(color), lobby.DeclineReason(reason)
	var err error
	if c.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return lobby.Challenge{}, fmt.Errorf("stored challenge %q: %w", c.ID, err)
	}
	return c, nil
}

// CreateChallenge stores a new challenge; see lobby.Store.
func (s *Store) CreateChallenge(ctx context.Context, c lobby.Challenge) error {
	return s.changeOne(ctx, fmt.Sprintf("create challenge %q", c.ID), lobby.ChallengeExistsError(c),
		insertChallengeSQL, challengeArgs(c)...)
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
	return readRow(s, ctx, op, notFound, scanChallenge, "SELECT "+challengeCols+" FROM challenges WHERE "+where, arg)
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
	return s.write(ctx, fmt.Sprintf("update challenge %q", c.ID), func(q Querier) error {
		n, err := q.Exec(updateChallengeSQL, args...)
		if err != nil || n > 0 {
			return err
		}
		var now string
		err = q.QueryRow("SELECT status FROM challenges WHERE id = $1", c.ID).Scan(&now)
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
		"status = 'created' AND (challenger_id = $1 OR (dest_id = $1 AND dest_id <> ''))", userID)
}

// ExpiredChallenges returns the open challenges whose expiry is at or
// before now, oldest first.
func (s *Store) ExpiredChallenges(ctx context.Context, now time.Time) ([]lobby.Challenge, error) {
	return s.challenges(ctx, "expired challenges", "status = 'created' AND expires_at <= $1", now)
}

// EarliestLapses returns the earliest moment a seek's owner was marked
// gone and the earliest expiry of a challenge of status created (each the
// zero time when there is none); see lobby.Store.
func (s *Store) EarliestLapses(ctx context.Context) (ownerGone, expires time.Time, err error) {
	err = s.readOne(ctx, "earliest lapses", func(q Querier) error {
		return q.QueryRow(`SELECT (SELECT MIN(owner_gone_since) FROM seeks WHERE owner_gone_since IS NOT NULL),
			(SELECT MIN(expires_at) FROM challenges WHERE status = 'created')`).Scan(&ownerGone, &expires)
	})
	return ownerGone, expires, err
}

func (s *Store) challenges(ctx context.Context, op, where string, arg any) ([]lobby.Challenge, error) {
	var out []lobby.Challenge
	err := s.readOne(ctx, op, func(q Querier) error {
		rows, err := q.Query("SELECT "+challengeCols+" FROM challenges WHERE "+where+" ORDER BY created_at, id", arg)
		out, err = collect(rows, err, scanChallenge)
		return err
	})
	return out, err
}
