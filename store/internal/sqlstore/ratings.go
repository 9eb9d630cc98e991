package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// Ratings (migration 0003): one row per user per speed, changed only by the
// write that records a rated game's end (AppendMove or SaveState whose
// state is the ended status), inside that write: the game's state, its
// last move, both ratings and the game's rating_changes rows commit
// together or not at all. Package rating decides which ends are rated and
// computes the new ratings; this file reads and writes them.

var _ rating.Store = (*Store)(nil)

// readEnding reads, inside the write that ends game id and before it
// changes the game's row, what the decision on ratings needs, locking the
// row (Dialect.ForUpdate); found is false if there is no such game (the
// write itself then fails).
func (s *Store) readEnding(q Querier, id string) (g rating.Stored, found bool, err error) {
	var (
		status int64
		tc     string
	)
	err = q.QueryRow(`SELECT white_id, white_ai_level, black_id, black_ai_level, time_control, rated, status
		FROM games WHERE id = $1`+s.d.ForUpdate, id).
		Scan(&g.White.ID, &g.White.AILevel, &g.Black.ID, &g.Black.AILevel, &tc, &g.Rated, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return g, false, nil
	} else if err != nil {
		return g, false, err
	}
	g.Status = game.Status(status)
	if g.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return g, false, codec.BadRecord(id, "bad time control", err)
	}
	return g, true, nil
}

// rateEnd updates both players' ratings for game id, which was g before
// this write and is now ended with st, if the end changes ratings (see
// rating.IsRatedEnd) and both players are accounts. Both ratings rows are
// locked in user order, so that two games ending at once with a player in
// common wait for each other rather than deadlock.
func (s *Store) rateEnd(q Querier, id string, g rating.Stored, st game.State) error {
	if !rating.IsRatedEnd(g, st) {
		return nil
	}
	var accounts int
	if err := q.QueryRow("SELECT COUNT(*) FROM users WHERE id IN ($1, $2) AND NOT guest",
		g.White.ID, g.Black.ID).Scan(&accounts); err != nil {
		return err
	}
	if accounts != 2 {
		return nil
	}
	speed := string(rating.GameSpeed(g.TimeControl))
	fresh := rating.New()
	users := slices.Sorted(slices.Values([]string{g.White.ID, g.Black.ID}))
	for _, u := range users {
		if _, err := q.Exec(`INSERT INTO ratings (user_id, speed, rating, deviation, volatility, games)
			VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT DO NOTHING`,
			u, speed, fresh.Value, fresh.Deviation, fresh.Volatility); err != nil {
			return err
		}
	}
	rows, err := q.Query(`SELECT user_id, rating, deviation, volatility, games, last_played FROM ratings
		WHERE user_id IN ($1, $2) AND speed = $3 ORDER BY user_id`+s.d.ForUpdate, users[0], users[1], speed)
	list, err := collect(rows, err, scanRating)
	if err != nil {
		return err
	}
	before := map[string]rating.Rating{}
	for _, kr := range list {
		before[kr.key] = kr.r
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
		if _, err := q.Exec(`UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, games = $6,
			last_played = $7 WHERE user_id = $1 AND speed = $2`, p.user, speed,
			p.after.Value, p.after.Deviation, p.after.Volatility, p.after.Games, p.after.LastPlayed); err != nil {
			return err
		}
		if _, err := q.Exec(`INSERT INTO rating_changes (game_id, side, user_id, speed,
			before_rating, before_deviation, before_volatility, after_rating, after_deviation, after_volatility)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, id, int64(p.side), p.user, speed,
			p.before.Value, p.before.Deviation, p.before.Volatility,
			p.after.Value, p.after.Deviation, p.after.Volatility); err != nil {
			return err
		}
	}
	return nil
}

// keyedRating is a stored rating with the first column of its row (its
// user or its speed).
type keyedRating struct {
	key string
	r   rating.Rating
}

func scanRating(row Row) (kr keyedRating, err error) {
	return kr, row.Scan(&kr.key, &kr.r.Value, &kr.r.Deviation, &kr.r.Volatility, &kr.r.Games, &kr.r.LastPlayed)
}

// Ratings returns userID's rating in every speed (a new player's where the
// user has none); see rating.Store.
func (s *Store) Ratings(ctx context.Context, userID string) (map[rating.Speed]rating.Rating, error) {
	out := rating.Defaults()
	err := s.readOne(ctx, fmt.Sprintf("ratings of user %q", userID), func(q Querier) error {
		rows, err := q.Query(`SELECT speed, rating, deviation, volatility, games, last_played
			FROM ratings WHERE user_id = $1`, userID)
		list, err := collect(rows, err, scanRating)
		for _, kr := range list {
			out[rating.Speed(kr.key)] = kr.r
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}
