package sqlstore

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// The lists of games (game.Listing): a player's finished games, the games
// being played now and those one player is playing, each game with the
// rating changes its end made. The two lists of one player read partial
// indexes each planner uses its own way: their texts are the Dialect's.

var _ game.Listing = (*Store)(nil)

// PlayerGames returns userID's finished games, newest first; see
// game.Listing.
func (s *Store) PlayerGames(ctx context.Context, userID string, offset, limit int) ([]game.Summary, error) {
	if userID == "" {
		return []game.Summary{}, nil
	}
	offset, limit = max(offset, 0), game.ClampListLimit(limit)
	first := offset + limit // the games of each side the page can be among
	if first < offset {
		first = math.MaxInt // overflowed
	}
	return s.summaries(ctx, fmt.Sprintf("games of user %q", userID), s.d.PlayerGames, userID, limit, offset, first)
}

// PlayingNow returns the games being played, newest first; see
// game.Listing. It reads the newest entries of games_playing_now
// (migrations/0006_lists.sql), whose columns are the WHERE and the ORDER
// BY.
func (s *Store) PlayingNow(ctx context.Context, limit int) ([]game.Summary, error) {
	return s.summaries(ctx, "games playing now", PlayingNowWhere, game.ClampListLimit(limit))
}

// PlayingNowWhere is the WHERE and ORDER BY of PlayingNow: $1 the limit.
var PlayingNowWhere = "WHERE " + codec.StartedWhere + " ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT $1"

// PlayerPlaying returns the games userID is playing, newest first; see
// game.Listing.
func (s *Store) PlayerPlaying(ctx context.Context, userID string, limit int) ([]game.Summary, error) {
	if userID == "" {
		return []game.Summary{}, nil
	}
	return s.summaries(ctx, fmt.Sprintf("games user %q is playing", userID), s.d.PlayerPlaying,
		userID, game.ClampListLimit(limit))
}

// summaries runs codec.SummarySelect with the WHERE and ORDER BY of where.
func (s *Store) summaries(ctx context.Context, op, where string, args ...any) ([]game.Summary, error) {
	var out []game.Summary
	err := s.readOne(ctx, op, func(q Querier) (err error) {
		out, err = Summaries(q, codec.SummarySelect+where, args...)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Summaries runs query, whose columns are codec.SummarySelect's, and
// returns its games.
func Summaries(q Querier, query string, args ...any) ([]game.Summary, error) {
	rows, err := q.Query(query, args...)
	return collect(rows, err, func(r Row) (game.Summary, error) {
		var (
			row            codec.SummaryRow
			created, ended time.Time
		)
		if err := r.Scan(row.Dest(&created, &ended)...); err != nil {
			return game.Summary{}, err
		}
		g, err := row.Summary()
		g.CreatedAt, g.EndedAt = created, ended
		return g, err
	})
}
