package postgres

import (
	"context"
	"fmt"
	"math"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// The lists of games (game.Listing): a player's finished games, the games
// being played now and those one player is playing, each game with the
// rating changes its end made.

var _ game.Listing = (*Store)(nil)

// playerGamesQuery lists one player's finished games: arguments userID,
// limit, offset, offset+limit. Each side reads its own index of finished
// games in the list's order (games_white_finished, games_black_finished:
// migrations/0006_lists.sql) and stops after offset+limit games; the outer
// query merges the two lists, the page being among their first
// offset+limit games (IN counts a game once even if userID had both
// sides). Written as one OR, the planner ORed two bitmaps and sorted every
// finished game of the player.
var playerGamesQuery = codec.SummarySelect + "WHERE g.id IN (" +
	"(SELECT g.id FROM games g WHERE g.white_id = $1 AND " + codec.FinishedWhere +
	" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $4)" +
	" UNION ALL (SELECT g.id FROM games g WHERE g.black_id = $1 AND " + codec.FinishedWhere +
	" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $4)" +
	") ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $2 OFFSET $3"

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
	out, err := s.summaries(ctx, playerGamesQuery, userID, limit, offset, first)
	if err != nil {
		return nil, fmt.Errorf("postgres: games of user %q: %w", userID, err)
	}
	return out, nil
}

// PlayingNow returns the games being played, newest first; see
// game.Listing. It reads the first entries of games_playing_now
// (migrations/0006_lists.sql), which is in the list's order.
func (s *Store) PlayingNow(ctx context.Context, limit int) ([]game.Summary, error) {
	out, err := s.summaries(ctx, codec.SummarySelect+"WHERE "+codec.StartedWhere+
		" ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT $1", game.ClampListLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("postgres: games playing now: %w", err)
	}
	return out, nil
}

// PlayerPlaying returns the games userID is playing, newest first; see
// game.Listing. The partial indexes games_white_playing and
// games_black_playing (migrations/0005_playing.sql) hold only the started
// games, by player: the planner ORs the two (a BitmapOr), reading neither
// the player's history nor the other games being played.
func (s *Store) PlayerPlaying(ctx context.Context, userID string, limit int) ([]game.Summary, error) {
	if userID == "" {
		return []game.Summary{}, nil
	}
	out, err := s.summaries(ctx, codec.SummarySelect+"WHERE (g.white_id = $1 OR g.black_id = $1) AND "+codec.StartedWhere+
		" ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT $2", userID, game.ClampListLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("postgres: games user %q is playing: %w", userID, err)
	}
	return out, nil
}

func (s *Store) summaries(ctx context.Context, query string, args ...any) ([]game.Summary, error) {
	out := []game.Summary{}
	err := s.begin(ctx, snapshot, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				row            codec.SummaryRow
				created, ended pgtype.Timestamptz
			)
			if err := rows.Scan(row.Dest(&created, &ended)...); err != nil {
				return err
			}
			g, err := row.Summary()
			if err != nil {
				return err
			}
			if g.CreatedAt, err = fromTS(created); err != nil {
				return codec.BadRecord(g.ID, "bad time", err)
			}
			if g.EndedAt, err = fromTS(ended); err != nil {
				return codec.BadRecord(g.ID, "bad time", err)
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	return out, err
}
