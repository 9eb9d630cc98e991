package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// The games and their moves as read back (game.Store's reads), and the
// nodes (live.NodeRegistry's reads). The writes are the Backend's own: they
// are the hot path, committed in groups.

var _ interface {
	LoadGame(context.Context, string) (game.Record, error)
	ActiveGames(context.Context) ([]game.Record, error)
} = (*Store)(nil)

// GameCols are the columns of a game's row, in scanGame's order.
const GameCols = `id, white_id, white_name, white_ai_level, black_id, black_name, black_ai_level,
	time_control, start_fen, created_at, status, termination, result, clock,
	draw_offer_by, draw_offer_lapses, first_move_deadline, white_gone_since, black_gone_since,
	white_present, black_present, scheduled_at, ended_at, seq, takebacks, next_ply, rated, default_time_ms,
	no_start_loses`

const moveCols = `m.game_id, m.ply, m.uci, m.san, m.client_move_id, m.spent_ms, m.lag_credit_ms, m.remaining_ms, m.at`

// activeWhere selects the games ActiveGames returns.
var activeWhere = fmt.Sprintf("status IN (%d, %d)", game.StatusCreated, game.StatusStarted)

// NotFound is game.CodeGameNotFound's error for game id.
func NotFound(id string) error {
	return game.NewError(game.CodeGameNotFound, fmt.Sprintf("no game %q", id), nil)
}

// LoadGame returns game id with all its moves in ply order, read from one
// snapshot, or fails with game.CodeGameNotFound. A stored game that cannot
// be decoded fails with game.CodeBadRecord.
func (s *Store) LoadGame(ctx context.Context, id string) (game.Record, error) {
	var rec game.Record
	err := s.read(ctx, fmt.Sprintf("load game %q", id), func(q Querier) error {
		var gs codec.Games
		one, next, err := scanGame(q.QueryRow("SELECT "+GameCols+" FROM games WHERE id = $1", id))
		if errors.Is(err, sql.ErrNoRows) {
			return NotFound(id)
		} else if err != nil {
			return err
		}
		gs.AddGame(one, next)
		rows, err := q.Query("SELECT "+moveCols+" FROM moves m WHERE m.game_id = $1 ORDER BY m.ply", id)
		if err := scanMoves(rows, err, &gs); err != nil {
			return err
		}
		recs, err := gs.Records()
		if err != nil {
			return err
		}
		rec = recs[0]
		return nil
	})
	return rec, err
}

// ActiveGames returns every game whose status is created or started, with
// its moves in ply order, ordered by creation time and id, all read from one
// snapshot.
func (s *Store) ActiveGames(ctx context.Context) ([]game.Record, error) {
	var out []game.Record
	err := s.read(ctx, "active games", func(q Querier) error {
		var gs codec.Games
		rows, err := q.Query("SELECT " + GameCols + " FROM games WHERE " + activeWhere +
			" ORDER BY created_at NULLS FIRST, id")
		if err != nil {
			return err
		}
		for rows.Next() {
			rec, next, err := scanGame(rows)
			if err != nil {
				rows.Close()
				return err
			}
			gs.AddGame(rec, next)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		rows, err = q.Query("SELECT " + moveCols +
			" FROM moves m JOIN games g ON g.id = m.game_id WHERE g." + activeWhere + " ORDER BY m.game_id, m.ply")
		if err := scanMoves(rows, err, &gs); err != nil {
			return err
		}
		out, err = gs.Records()
		return err
	})
	return out, err
}

// scanGame reads one row of GameCols; it also returns next_ply.
func scanGame(row Row) (game.Record, int64, error) {
	var (
		rec        game.Record
		tc         string
		ids        codec.IDs
		clock      []byte
		takebacks  []byte
		by, lapses *int64
		next       int64
		defaultMs  int64
	)
	st := &rec.State
	err := row.Scan(&rec.ID, &rec.White.ID, &rec.White.Name, &rec.White.AILevel, &rec.Black.ID, &rec.Black.Name, &rec.Black.AILevel,
		&tc, &rec.StartFEN, &rec.CreatedAt, &ids.Status, &ids.Termination, &ids.Result, &clock,
		&by, &lapses, &st.FirstMoveDeadline, &st.GoneSince[game.White], &st.GoneSince[game.Black],
		&st.Present[game.White], &st.Present[game.Black], &st.ScheduledAt, &st.EndedAt, &st.Seq, &takebacks, &next, &rec.Rated, &defaultMs,
		&rec.NoStartLoses)
	if err != nil {
		return game.Record{}, 0, err
	}
	rec.DefaultTime = codec.FromMs(defaultMs)
	if rec.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return game.Record{}, 0, codec.BadRecord(rec.ID, "bad time control", err)
	}
	if err := ids.Decode(rec.ID, st); err != nil {
		return game.Record{}, 0, err
	}
	if clock != nil {
		if st.Clock, err = codec.DecodeClock(rec.ID, clock); err != nil {
			return game.Record{}, 0, err
		}
	}
	if st.DrawOffer, err = codec.DecodeDrawOffer(rec.ID, by, lapses); err != nil {
		return game.Record{}, 0, err
	}
	if st.Takebacks, err = codec.DecodeTakebacks(rec.ID, takebacks); err != nil {
		return game.Record{}, 0, err
	}
	rec.Moves = []game.MoveRecord{}
	return rec, next, nil
}

// scanMoves reads rows of moveCols, ordered by game and ply, into gs, and
// closes rows.
func scanMoves(rows Rows, err error, gs *codec.Games) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id                       string
			mv                       game.MoveRecord
			spent, credit, remaining int64
		)
		if err := rows.Scan(&id, &mv.Ply, &mv.UCI, &mv.SAN, &mv.ClientMoveID, &spent, &credit, &remaining, &mv.At); err != nil {
			return err
		}
		mv.Spent, mv.LagCredit, mv.Remaining = codec.FromMs(spent), codec.FromMs(credit), codec.FromMs(remaining)
		gs.AddMove(id, mv)
	}
	return rows.Err()
}
