package sqlite

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// The lists of games (game.Listing): a player's finished games and the
// games being played now, each game with the rating changes its end made.

var _ game.Listing = (*Store)(nil)

const summarySelect = `SELECT g.id, g.white_id, g.white_name, g.white_ai_level, g.black_id, g.black_name,
	g.black_ai_level, g.time_control, g.rated, g.status, g.termination, g.result, g.next_ply,
	g.created_at, g.ended_at,
	w.speed, w.before_rating, w.after_rating, w.before_deviation, w.after_deviation,
	b.speed, b.before_rating, b.after_rating, b.before_deviation, b.after_deviation
	FROM games g
	LEFT JOIN rating_changes w ON w.game_id = g.id AND w.side = 0
	LEFT JOIN rating_changes b ON b.game_id = g.id AND b.side = 1 `

var finishedWhere = fmt.Sprintf("g.status IN (%d, %d)", game.StatusAborted, game.StatusEnded)

// PlayerGames returns userID's finished games, newest first; see
// game.Listing.
func (s *Store) PlayerGames(ctx context.Context, userID string, offset, limit int) ([]game.Summary, error) {
	if userID == "" {
		return []game.Summary{}, nil
	}
	out, err := s.summaries(ctx, summarySelect+"WHERE (g.white_id = ? OR g.black_id = ?) AND "+finishedWhere+
		" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT ? OFFSET ?",
		userID, userID, game.ClampListLimit(limit), max(offset, 0))
	if err != nil {
		return nil, fmt.Errorf("sqlite: games of user %q: %w", userID, err)
	}
	return out, nil
}

// PlayingNow returns the games being played, newest first; see
// game.Listing.
func (s *Store) PlayingNow(ctx context.Context, limit int) ([]game.Summary, error) {
	out, err := s.summaries(ctx, summarySelect+fmt.Sprintf("WHERE g.status = %d", game.StatusStarted)+
		" ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT ?", game.ClampListLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("sqlite: games playing now: %w", err)
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
			g, err := scanSummary(rows)
			if err != nil {
				return err
			}
			out = append(out, g)
		}
		return rows.Err()
	})
	return out, err
}

func scanSummary(row scanner) (game.Summary, error) {
	var (
		g                game.Summary
		whiteAI, blackAI int64
		tc               string
		isRated, plies   int64
		ids              codec.IDs
		created, ended   sql.NullInt64
		changes          [2]struct {
			speed                              sql.NullString
			before, after, beforeDev, afterDev sql.NullFloat64
		}
	)
	w, b := &changes[0], &changes[1]
	if err := row.Scan(&g.ID, &g.White.ID, &g.White.Name, &whiteAI, &g.Black.ID, &g.Black.Name, &blackAI,
		&tc, &isRated, &ids.Status, &ids.Termination, &ids.Result, &plies, &created, &ended,
		&w.speed, &w.before, &w.after, &w.beforeDev, &w.afterDev,
		&b.speed, &b.before, &b.after, &b.beforeDev, &b.afterDev); err != nil {
		return g, err
	}
	var err error
	if g.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return g, codec.BadRecord(g.ID, "bad time control", err)
	}
	var st game.State
	if err := ids.Decode(g.ID, &st); err != nil {
		return g, err
	}
	g.Status, g.Termination, g.Result = st.Status, st.Termination, st.Result
	g.White.AILevel, g.Black.AILevel, g.Rated, g.Plies = int(whiteAI), int(blackAI), isRated != 0, int(plies)
	g.CreatedAt, g.EndedAt = codec.FromMicros(created.Int64, created.Valid), codec.FromMicros(ended.Int64, ended.Valid)
	for side, c := range changes {
		if c.speed.Valid {
			g.Ratings[side] = &game.RatingChange{Speed: c.speed.String, Before: c.before.Float64, After: c.after.Float64,
				BeforeDeviation: c.beforeDev.Float64, AfterDeviation: c.afterDev.Float64}
		}
	}
	return g, nil
}
