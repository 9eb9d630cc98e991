package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

const gameCols = `id, white_id, white_name, white_ai_level, black_id, black_name, black_ai_level,
	time_control, start_fen, created_at, status, termination, result, clock,
	draw_offer_by, draw_offer_lapses, first_move_deadline, white_gone_since, black_gone_since,
	white_present, black_present, scheduled_at, ended_at, seq, next_ply, rated, default_time_ms`

const moveCols = `game_id, ply, uci, san, client_move_id, spent_ms, lag_credit_ms, remaining_ms, at`

const moveColsM = `m.game_id, m.ply, m.uci, m.san, m.client_move_id, m.spent_ms, m.lag_credit_ms, m.remaining_ms, m.at`

// activeWhere selects the games ActiveGames returns.
var activeWhere = fmt.Sprintf("status IN (%d, %d)", game.StatusCreated, game.StatusStarted)

// LoadGame returns game id with all its moves in ply order, read from one
// consistent snapshot, or fails with game.CodeGameNotFound. A stored game
// that cannot be decoded fails with game.CodeBadRecord.
func (s *Store) LoadGame(ctx context.Context, id string) (game.Record, error) {
	var rec game.Record
	err := s.read(ctx, func(tx *sql.Tx) error {
		var gs codec.Games
		one, next, err := scanGame(tx.QueryRowContext(ctx, "SELECT "+gameCols+" FROM games WHERE id = ?", id))
		if errors.Is(err, sql.ErrNoRows) {
			return game.NewError(game.CodeGameNotFound, fmt.Sprintf("no game %q", id), nil)
		} else if err != nil {
			return err
		}
		gs.AddGame(one, next)
		rows, err := tx.QueryContext(ctx, "SELECT "+moveCols+" FROM moves WHERE game_id = ? ORDER BY ply", id)
		if err != nil {
			return err
		}
		if err := scanMoves(rows, &gs); err != nil {
			return err
		}
		recs, err := gs.Records()
		if err != nil {
			return err
		}
		rec = recs[0]
		return nil
	})
	if err != nil {
		return game.Record{}, fmt.Errorf("sqlite: load game %q: %w", id, err)
	}
	return rec, nil
}

// ActiveGames returns every game whose status is created or started, with
// its moves in ply order, ordered by creation time and id, all read from one
// consistent snapshot.
func (s *Store) ActiveGames(ctx context.Context) ([]game.Record, error) {
	var out []game.Record
	err := s.read(ctx, func(tx *sql.Tx) error {
		var gs codec.Games
		rows, err := tx.QueryContext(ctx, "SELECT "+gameCols+" FROM games WHERE "+activeWhere+
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
		if err := rows.Err(); err != nil {
			return err
		}
		rows, err = tx.QueryContext(ctx, "SELECT "+moveColsM+
			" FROM moves m JOIN games g ON g.id = m.game_id WHERE g."+activeWhere+" ORDER BY m.game_id, m.ply")
		if err != nil {
			return err
		}
		if err := scanMoves(rows, &gs); err != nil {
			return err
		}
		out, err = gs.Records()
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("sqlite: active games: %w", err)
	}
	return out, nil
}

// NodeStatus returns node's last heartbeat (or graceful stop) and whether
// its last act was a graceful stop; the zero time and false for a node
// never seen.
func (s *Store) NodeStatus(ctx context.Context, node string) (lastSeen time.Time, stopped bool, err error) {
	if err := s.open(); err != nil {
		return time.Time{}, false, fmt.Errorf("%w: status of node %q", err, node)
	}
	var seen sql.NullInt64
	var stop int64
	err = s.rdb.QueryRowContext(ctx, "SELECT last_seen, stopped FROM nodes WHERE node = ?", node).Scan(&seen, &stop)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, false, nil
	} else if err != nil {
		return time.Time{}, false, fmt.Errorf("sqlite: status of node %q: %w", node, err)
	}
	return codec.FromMicros(seen.Int64, seen.Valid), stop != 0, nil
}

// LiveNodes returns, in name order, the nodes whose last act was a
// heartbeat at or after since.
func (s *Store) LiveNodes(ctx context.Context, since time.Time) ([]string, error) {
	if err := s.open(); err != nil {
		return nil, fmt.Errorf("%w: live nodes", err)
	}
	rows, err := s.rdb.QueryContext(ctx, "SELECT node FROM nodes WHERE stopped = 0 AND last_seen >= ? ORDER BY node", sqlTime(since))
	if err != nil {
		return nil, fmt.Errorf("sqlite: live nodes: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("sqlite: live nodes: %w", err)
		}
		out = append(out, n)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sqlite: live nodes: %w", err)
	}
	return out, nil
}

// open fails with ErrClosed once Close has begun.
func (s *Store) open() error {
	if s.q.Closed() {
		return ErrClosed
	}
	return nil
}

// read runs f in a read transaction: one snapshot of the database.
func (s *Store) read(ctx context.Context, f func(tx *sql.Tx) error) error {
	if err := s.open(); err != nil {
		return err
	}
	tx, err := s.rdb.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return err
	}
	defer tx.Rollback()
	return f(tx)
}

type scanner interface{ Scan(dest ...any) error }

// scanGame reads one row of gameCols; it also returns next_ply.
func scanGame(row scanner) (game.Record, int64, error) {
	var (
		rec                             game.Record
		whiteAI, blackAI                int64
		tc                              string
		ids                             codec.IDs
		clock                           sql.NullString
		by, lapses                      sql.NullInt64
		created, deadline, wGone, bGone sql.NullInt64
		scheduled, ended                sql.NullInt64
		wPresent, bPresent, next, rated int64
		defaultMs                       int64
	)
	err := row.Scan(&rec.ID, &rec.White.ID, &rec.White.Name, &whiteAI, &rec.Black.ID, &rec.Black.Name, &blackAI,
		&tc, &rec.StartFEN, &created, &ids.Status, &ids.Termination, &ids.Result, &clock,
		&by, &lapses, &deadline, &wGone, &bGone, &wPresent, &bPresent, &scheduled, &ended, &rec.State.Seq, &next, &rated, &defaultMs)
	if err != nil {
		return game.Record{}, 0, err
	}
	rec.White.AILevel, rec.Black.AILevel = int(whiteAI), int(blackAI)
	rec.Rated = rated != 0
	rec.DefaultTime = time.Duration(defaultMs) * time.Millisecond
	if rec.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return game.Record{}, 0, codec.BadRecord(rec.ID, "bad time control", err)
	}
	rec.CreatedAt = codec.FromMicros(created.Int64, created.Valid)
	st := &rec.State
	if err := ids.Decode(rec.ID, st); err != nil {
		return game.Record{}, 0, err
	}
	if clock.Valid {
		if st.Clock, err = codec.DecodeClock(rec.ID, []byte(clock.String)); err != nil {
			return game.Record{}, 0, err
		}
	}
	if st.DrawOffer, err = codec.DecodeDrawOffer(rec.ID, nullPtr(by), nullPtr(lapses)); err != nil {
		return game.Record{}, 0, err
	}
	st.FirstMoveDeadline = codec.FromMicros(deadline.Int64, deadline.Valid)
	st.GoneSince[game.White] = codec.FromMicros(wGone.Int64, wGone.Valid)
	st.GoneSince[game.Black] = codec.FromMicros(bGone.Int64, bGone.Valid)
	st.Present = [2]bool{wPresent != 0, bPresent != 0}
	st.ScheduledAt = codec.FromMicros(scheduled.Int64, scheduled.Valid)
	st.EndedAt = codec.FromMicros(ended.Int64, ended.Valid)
	rec.Moves = []game.MoveRecord{}
	return rec, next, nil
}

func nullPtr(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	return &n.Int64
}

// scanMoves reads rows of moveCols, ordered by game and ply, into gs, and
// closes rows.
func scanMoves(rows *sql.Rows, gs *codec.Games) error {
	defer rows.Close()
	for rows.Next() {
		var (
			id                       string
			mv                       game.MoveRecord
			spent, credit, remaining int64
			at                       sql.NullInt64
		)
		if err := rows.Scan(&id, &mv.Ply, &mv.UCI, &mv.SAN, &mv.ClientMoveID, &spent, &credit, &remaining, &at); err != nil {
			return err
		}
		mv.Spent, mv.LagCredit, mv.Remaining = codec.FromMs(spent), codec.FromMs(credit), codec.FromMs(remaining)
		mv.At = codec.FromMicros(at.Int64, at.Valid)
		gs.AddMove(id, mv)
	}
	return rows.Err()
}
