package postgres

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// Ratings (migration 0003): one row per user per speed, changed only by the
// write that records a rated game's end (AppendMove or SaveState whose
// state is the ended status, in a game created rated). Such a write runs
// outside group commit, in a
// transaction of its own that locks the game's row, then both ratings rows
// in user order (so that two games ending at once with a player in common
// wait for each other rather than deadlock), and commits the game's state,
// its last move, both ratings and the game's rating_changes rows together
// or not at all.

var _ rating.Store = (*Store)(nil)

// writeEnd runs r, a write whose state st ends game id, with the rating
// update in the same transaction. A deadlock or serialisation failure is
// retried, a few times.
func (s *Store) writeEnd(ctx context.Context, op, id string, r *request, st game.State) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
			g, found, err := endingGame(ctx, tx, id)
			if err != nil {
				return err
			}
			tag, err := tx.Exec(ctx, r.sql, r.args...)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 && r.onZero != nil {
				return r.onZero(ctx, tx)
			}
			if !found {
				return nil
			}
			return rateEnd(ctx, tx, id, g, st)
		})
		if !retryable(err) {
			break
		}
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrClosed):
		return fmt.Errorf("%w: %s", ErrClosed, op)
	default:
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
}

// retryable reports a deadlock or a serialisation failure.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// endingGame locks game id's row and reads what the decision on ratings
// needs, before the write changes it; found is false if there is no such
// game (the write itself then fails).
func endingGame(ctx context.Context, tx pgx.Tx, id string) (g rating.Stored, found bool, err error) {
	var (
		whiteAI, blackAI int32
		status           int16
		tc               string
	)
	err = tx.QueryRow(ctx, `SELECT white_id, white_ai_level, black_id, black_ai_level, time_control, rated, status
		FROM games WHERE id = $1 FOR UPDATE`, id).
		Scan(&g.White.ID, &whiteAI, &g.Black.ID, &blackAI, &tc, &g.Rated, &status)
	if errors.Is(err, pgx.ErrNoRows) {
		return g, false, nil
	} else if err != nil {
		return g, false, err
	}
	g.White.AILevel, g.Black.AILevel, g.Status = int(whiteAI), int(blackAI), game.Status(status)
	if g.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return g, false, codec.BadRecord(id, "bad time control", err)
	}
	return g, true, nil
}

// rateEnd updates both players' ratings for game id, which was g before
// this write and is now ended with st, if the end changes ratings: see
// rating.IsRatedEnd; both players must also be accounts.
func rateEnd(ctx context.Context, tx pgx.Tx, id string, g rating.Stored, st game.State) error {
	if !rating.IsRatedEnd(g, st) {
		return nil
	}
	users := []string{g.White.ID, g.Black.ID}
	var accounts int
	if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM users WHERE id = ANY($1) AND NOT guest", users).Scan(&accounts); err != nil {
		return err
	}
	if accounts != 2 {
		return nil
	}
	speed := rating.GameSpeed(g.TimeControl)
	sorted := slices.Sorted(slices.Values(users))
	fresh := rating.New()
	for _, u := range sorted {
		if _, err := tx.Exec(ctx, `INSERT INTO ratings (user_id, speed, rating, deviation, volatility, games)
			VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING`,
			u, string(speed), fresh.Value, fresh.Deviation, fresh.Volatility); err != nil {
			return err
		}
	}
	rows, err := tx.Query(ctx, `SELECT user_id, rating, deviation, volatility, games, last_played FROM ratings
		WHERE user_id = ANY($1) AND speed = $2 ORDER BY user_id FOR UPDATE`, users, string(speed))
	if err != nil {
		return err
	}
	before := map[string]rating.Rating{}
	for rows.Next() {
		var (
			user string
			r    rating.Rating
			last pgtype.Timestamptz
		)
		if err := rows.Scan(&user, &r.Value, &r.Deviation, &r.Volatility, &r.Games, &last); err != nil {
			rows.Close()
			return err
		}
		if r.LastPlayed, err = fromTS(last); err != nil {
			rows.Close()
			return err
		}
		before[user] = r
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	white, black := before[g.White.ID], before[g.Black.ID]
	white2, black2, err := rating.AfterGame(white, black, st.Result, st.EndedAt)
	if err != nil {
		return fmt.Errorf("rate game %q: %w", id, err)
	}
	for _, p := range []struct {
		side          game.Side
		user          string
		before, after rating.Rating
	}{{game.White, g.White.ID, white, white2}, {game.Black, g.Black.ID, black, black2}} {
		if _, err := tx.Exec(ctx, `UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6,
			last_played = $7 WHERE user_id = $1 AND speed = $2`, p.user, string(speed),
			p.after.Value, p.after.Deviation, p.after.Volatility, p.after.Games, ts(p.after.LastPlayed)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO rating_changes (game_id, side, user_id, speed,
			before_rating, before_deviation, before_volatility, after_rating, after_deviation, after_volatility)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, id, int16(p.side), p.user, string(speed),
			p.before.Value, p.before.Deviation, p.before.Volatility,
			p.after.Value, p.after.Deviation, p.after.Volatility); err != nil {
			return err
		}
	}
	return nil
}

// Ratings returns userID's rating in every speed (a new player's where the
// user has none); see rating.Store.
func (s *Store) Ratings(ctx context.Context, userID string) (map[rating.Speed]rating.Rating, error) {
	out := rating.Defaults()
	err := s.begin(ctx, snapshot, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `SELECT speed, rating, deviation, volatility, games, last_played
			FROM ratings WHERE user_id = $1`, userID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var (
				speed string
				r     rating.Rating
				last  pgtype.Timestamptz
			)
			if err := rows.Scan(&speed, &r.Value, &r.Deviation, &r.Volatility, &r.Games, &last); err != nil {
				return err
			}
			if r.LastPlayed, err = fromTS(last); err != nil {
				return err
			}
			out[rating.Speed(speed)] = r
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("postgres: ratings of user %q: %w", userID, err)
	}
	return out, nil
}
