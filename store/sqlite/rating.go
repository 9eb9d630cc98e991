package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// Ratings (migration 0003): one row per user per speed, changed only by the
// write that records a rated game's end (AppendMove or SaveState whose
// state is the ended status), inside that write's savepoint: the game's
// state, its last move, both ratings and the game's rating_changes rows
// commit together or not at all.

var _ rating.Store = (*Store)(nil)

// ratingStmts are the statements of a rated end, prepared once on the
// write connection with the other write statements.
type ratingStmts struct {
	gameBeforeEnd, countAccounts, selectRating, upsertRating, insertChange *sql.Stmt
}

const (
	gameBeforeEndSQL = `SELECT white_id, white_ai_level, black_id, black_ai_level, time_control, rated, status
		FROM games WHERE id = ?`
	countAccountsSQL = "SELECT COUNT(*) FROM users WHERE id IN (?, ?) AND guest = 0"
	selectRatingSQL  = `SELECT rating, deviation, volatility, games, last_played
		FROM ratings WHERE user_id = ? AND speed = ?`
	upsertRatingSQL = `INSERT INTO ratings (user_id, speed, rating, deviation, volatility, games, last_played)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, speed) DO UPDATE SET rating = excluded.rating,
		deviation = excluded.deviation, volatility = excluded.volatility, games = excluded.games,
		last_played = excluded.last_played`
	insertChangeSQL = `INSERT INTO rating_changes (game_id, side, user_id, speed,
		before_rating, before_deviation, before_volatility, after_rating, after_deviation, after_volatility)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
)

// readEnding reads, inside the write that ends game id and before it
// changes the game's row, what the decision on ratings needs; ok is false
// if there is no such game (the write itself then fails).
func (w *ratingStmts) readEnding(tx *sql.Tx, id string) (g rating.Stored, ok bool, err error) {
	var (
		whiteAI, blackAI, status, isRated int64
		tc                                string
	)
	bg := context.Background()
	err = tx.StmtContext(bg, w.gameBeforeEnd).QueryRowContext(bg, id).
		Scan(&g.White.ID, &whiteAI, &g.Black.ID, &blackAI, &tc, &isRated, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return g, false, nil
	} else if err != nil {
		return g, false, err
	}
	g.White.AILevel, g.Black.AILevel = int(whiteAI), int(blackAI)
	g.Rated, g.Status = isRated != 0, game.Status(status)
	if g.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return g, false, codec.BadRecord(id, "bad time control", err)
	}
	return g, true, nil
}

// rateEnd updates both players' ratings for game id, which was g before
// this write and is now ended with st, if the end changes ratings: see
// rating.IsRatedEnd; both players must also be accounts.
func (w *ratingStmts) rateEnd(tx *sql.Tx, id string, g rating.Stored, st game.State) error {
	if !rating.IsRatedEnd(g, st) {
		return nil
	}
	bg := context.Background()
	var accounts int
	if err := tx.StmtContext(bg, w.countAccounts).QueryRowContext(bg, g.White.ID, g.Black.ID).Scan(&accounts); err != nil {
		return err
	}
	if accounts != 2 {
		return nil
	}
	speed := rating.GameSpeed(g.TimeControl)
	white, err := w.ratingOf(tx, g.White.ID, speed)
	if err != nil {
		return err
	}
	black, err := w.ratingOf(tx, g.Black.ID, speed)
	if err != nil {
		return err
	}
	white2, black2, err := rating.AfterGame(white, black, st.Result, st.EndedAt)
	if err != nil {
		return fmt.Errorf("rate game %q: %w", id, err)
	}
	for _, p := range []struct {
		side          game.Side
		user          string
		before, after rating.Rating
	}{{game.White, g.White.ID, white, white2}, {game.Black, g.Black.ID, black, black2}} {
		if _, err := tx.StmtContext(bg, w.upsertRating).ExecContext(bg,
			p.user, string(speed), p.after.Value, p.after.Deviation, p.after.Volatility, p.after.Games,
			sqlTime(p.after.LastPlayed)); err != nil {
			return err
		}
		if _, err := tx.StmtContext(bg, w.insertChange).ExecContext(bg, id, int64(p.side), p.user, string(speed),
			p.before.Value, p.before.Deviation, p.before.Volatility,
			p.after.Value, p.after.Deviation, p.after.Volatility); err != nil {
			return err
		}
	}
	return nil
}

// ratingOf returns userID's stored rating in speed, or a new player's.
func (w *ratingStmts) ratingOf(tx *sql.Tx, userID string, speed rating.Speed) (rating.Rating, error) {
	var (
		r    rating.Rating
		last sql.NullInt64
	)
	bg := context.Background()
	err := tx.StmtContext(bg, w.selectRating).QueryRowContext(bg, userID, string(speed)).
		Scan(&r.Value, &r.Deviation, &r.Volatility, &r.Games, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return rating.New(), nil
	} else if err != nil {
		return r, err
	}
	r.LastPlayed = codec.FromMicros(last.Int64, last.Valid)
	return r, nil
}

// Ratings returns userID's rating in every speed (a new player's where the
// user has none); see rating.Store.
func (s *Store) Ratings(ctx context.Context, userID string) (map[rating.Speed]rating.Rating, error) {
	out := rating.Defaults()
	err := s.read(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, `SELECT speed, rating, deviation, volatility, games, last_played
			FROM ratings WHERE user_id = ?`, userID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				speed string
				r     rating.Rating
				last  sql.NullInt64
			)
			if err := rows.Scan(&speed, &r.Value, &r.Deviation, &r.Volatility, &r.Games, &last); err != nil {
				return err
			}
			r.LastPlayed = codec.FromMicros(last.Int64, last.Valid)
			out[rating.Speed(speed)] = r
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: ratings of user %q: %w", userID, err)
	}
	return out, nil
}
