package postgres

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

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
	out, err := s.summaries(ctx, summarySelect+"WHERE (g.white_id = $1 OR g.black_id = $1) AND "+finishedWhere+
		" ORDER BY g.ended_at DESC NULLS LAST, g.id DESC LIMIT $2 OFFSET $3",
		userID, game.ClampListLimit(limit), max(offset, 0))
	if err != nil {
		return nil, fmt.Errorf("postgres: games of user %q: %w", userID, err)
	}
	return out, nil
}

// PlayingNow returns the games being played, newest first; see
// game.Listing.
func (s *Store) PlayingNow(ctx context.Context, limit int) ([]game.Summary, error) {
	out, err := s.summaries(ctx, summarySelect+fmt.Sprintf("WHERE g.status = %d", game.StatusStarted)+
		" ORDER BY g.created_at DESC NULLS LAST, g.id DESC LIMIT $1", game.ClampListLimit(limit))
	if err != nil {
		return nil, fmt.Errorf("postgres: games playing now: %w", err)
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

func scanSummary(row pgx.Row) (game.Summary, error) {
	var (
		g                    game.Summary
		whiteAI, blackAI     int32
		tc                   string
		plies                int32
		status, term, result int16
		created, ended       pgtype.Timestamptz
		changes              [2]struct {
			speed                              *string
			before, after, beforeDev, afterDev *float64
		}
	)
	w, b := &changes[0], &changes[1]
	if err := row.Scan(&g.ID, &g.White.ID, &g.White.Name, &whiteAI, &g.Black.ID, &g.Black.Name, &blackAI,
		&tc, &g.Rated, &status, &term, &result, &plies, &created, &ended,
		&w.speed, &w.before, &w.after, &w.beforeDev, &w.afterDev,
		&b.speed, &b.before, &b.after, &b.beforeDev, &b.afterDev); err != nil {
		return g, err
	}
	var err error
	if g.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return g, codec.BadRecord(g.ID, "bad time control", err)
	}
	var st game.State
	ids := codec.IDs{Status: int64(status), Termination: int64(term), Result: int64(result)}
	if err := ids.Decode(g.ID, &st); err != nil {
		return g, err
	}
	g.Status, g.Termination, g.Result = st.Status, st.Termination, st.Result
	g.White.AILevel, g.Black.AILevel, g.Plies = int(whiteAI), int(blackAI), int(plies)
	if g.CreatedAt, err = fromTS(created); err != nil {
		return g, codec.BadRecord(g.ID, "bad time", err)
	}
	if g.EndedAt, err = fromTS(ended); err != nil {
		return g, codec.BadRecord(g.ID, "bad time", err)
	}
	for side, c := range changes {
		if c.speed != nil && c.before != nil && c.after != nil && c.beforeDev != nil && c.afterDev != nil {
			g.Ratings[side] = &game.RatingChange{Speed: *c.speed, Before: *c.before, After: *c.after,
				BeforeDeviation: *c.beforeDev, AfterDeviation: *c.afterDev}
		}
	}
	return g, nil
}
