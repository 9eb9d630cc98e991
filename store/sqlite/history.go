package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"math"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// The lists of games (game.Listing): a player's finished games, the games
// being played now and those one player is playing, each game with the
// rating changes its end made.

var _ game.Listing = (*Store)(nil)

// playerGamesQuery lists one player's finished games: arguments userID,
// offset+limit, userID, offset+limit, limit, offset. Each side reads its
// own partial index (games_white_history, games_black_history:
// migrations/0003_accounts.sql) newest first and stops after offset+limit
// games; the outer query merges the two lists, the page being among their
// first offset+limit games; IN counts a game once even if userID had both
// sides. The term that the side's id is not empty is the indexes'
// condition, without which SQLite cannot use them. Written as one OR,
// SQLite read every finished game of the server through games_status and
// sorted them.
var playerGamesQuery = codec.SummarySelect + "WHERE g.id IN (" +
	"SELECT id FROM (SELECT g.id FROM games g WHERE g.white_id = ? AND g.white_id <> '' AND " + codec.FinishedWhere +
	" ORDER BY g.ended_at DESC, g.id DESC LIMIT ?)" +
	" UNION ALL SELECT id FROM (SELECT g.id FROM games g WHERE g.black_id = ? AND g.black_id <> '' AND " + codec.FinishedWhere +
	" ORDER BY g.ended_at DESC, g.id DESC LIMIT ?)" +
	") ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT ? OFFSET ?"

// playingNowQuery lists the games being played: argument limit. It reads
// the newest entries of games_playing_now (migrations/0006_lists.sql),
// whose columns are the WHERE and the ORDER BY.
var playingNowQuery = codec.SummarySelect + "WHERE " + codec.StartedWhere +
	" ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT ?"

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
	out, err := s.summaries(ctx, playerGamesQuery, userID, first, userID, first, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("sqlite: games of user %q: %w", userID, err)
	}
	return out, nil
}

// PlayingNow returns the games being played, newest first; see
// game.Listing.
func (s *Store) PlayingNow(ctx context.Context, limit int) ([]game.Summary, error) {
	out, err := s.summaries(ctx, playingNowQuery, game.ClampListLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("sqlite: games playing now: %w", err)
	}
	return out, nil
}

// PlayerPlaying returns the games userID is playing, newest first; see
// game.Listing. Each side is looked up in its own partial index of the
// started games (games_white_playing, games_black_playing:
// migrations/0005_playing.sql), so neither the player's history nor the
// other games being played are read; written as one OR, SQLite would
// scan games_status's started games instead.
func (s *Store) PlayerPlaying(ctx context.Context, userID string, limit int) ([]game.Summary, error) {
	if userID == "" {
		return []game.Summary{}, nil
	}
	out, err := s.summaries(ctx, codec.SummarySelect+"WHERE g.id IN (SELECT g.id FROM games g WHERE g.white_id = ? AND "+codec.StartedWhere+
		" UNION ALL SELECT g.id FROM games g WHERE g.black_id = ? AND "+codec.StartedWhere+
		") ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT ?", userID, userID, game.ClampListLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("sqlite: games user %q is playing: %w", userID, err)
	}
	return out, nil
}

func (s *Store) summaries(ctx context.Context, query string, args ...any) ([]game.Summary, error) {
	out := []game.Summary{}
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				row            codec.SummaryRow
				created, ended sql.NullInt64
			)
			if err := rows.Scan(row.Dest(&created, &ended)...); err != nil {
				return err
			}
			g, err := row.Summary()
			if err != nil {
				return err
			}
			g.CreatedAt, g.EndedAt = codec.FromMicros(created.Int64, created.Valid), codec.FromMicros(ended.Int64, ended.Valid)
			out = append(out, g)
		}
		return rows.Err()
	})
	return out, err
}
