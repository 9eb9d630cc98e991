package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/store/internal/codec"
	"github.com/joinpal/joinpal/store/internal/groupcommit"
)

// txWrite is one write: it runs inside the writer's transaction, under a
// savepoint of its own.
type txWrite = func(tx *sql.Tx) error

// write hands f to the writer goroutine and waits until it has been
// committed (nil) or has failed. op names the write in error messages.
//
// If ctx ends while the write is queued, the writer skips it and nothing is
// stored. If ctx ends while the batch holding it is being committed, write
// returns ctx's error at once, and the write may or may not be stored.
func (s *Store) write(ctx context.Context, op string, f txWrite) error {
	switch err := s.q.Do(ctx, f); {
	case err == nil:
		return nil
	case errors.Is(err, groupcommit.ErrClosed):
		return fmt.Errorf("%w: %s", ErrClosed, op)
	default:
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
}

// commit applies batch in one transaction, each write under its own
// savepoint, and sets the outcome of each.
func (s *Store) commit(batch []*groupcommit.Request[txWrite]) {
	// The writer's own context: one caller giving up must not abort the
	// transaction that carries the others' writes.
	ctx := context.Background()
	failAll := func(err error) {
		for _, r := range batch {
			if r.Err == nil {
				r.Err = err
			}
		}
	}
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		failAll(fmt.Errorf("begin: %w", err))
		return
	}
	sp := func(stmt *sql.Stmt) error {
		_, err := tx.StmtContext(ctx, stmt).ExecContext(ctx)
		return err
	}
	for _, r := range batch {
		if err := sp(s.w.savepoint); err != nil {
			tx.Rollback()
			failAll(fmt.Errorf("savepoint: %w", err))
			return
		}
		if err := r.Write(tx); err != nil {
			r.Err = err
			if err := sp(s.w.rollbackTo); err != nil {
				tx.Rollback()
				failAll(fmt.Errorf("rollback to savepoint: %w", err))
				return
			}
		}
		if err := sp(s.w.release); err != nil {
			tx.Rollback()
			failAll(fmt.Errorf("release savepoint: %w", err))
			return
		}
	}
	if err := tx.Commit(); err != nil {
		// Nothing of the batch is stored: every write fails, those that
		// had failed on their own keep their own error.
		failAll(fmt.Errorf("commit: %w", err))
	}
}

// writeStmts are the write statements, prepared once on the write
// connection.
type writeStmts struct {
	savepoint, release, rollbackTo *sql.Stmt
	insertGame, insertMove         *sql.Stmt
	appendState, saveState         *sql.Stmt
	nextPly, upsertNode            *sql.Stmt
}

const stateCols = `status = ?, termination = ?, result = ?, clock = ?,
	draw_offer_by = ?, draw_offer_lapses = ?, first_move_deadline = ?,
	white_gone_since = ?, black_gone_since = ?, white_present = ?, black_present = ?,
	scheduled_at = ?, ended_at = ?, seq = ?`

func (w *writeStmts) prepare(ctx context.Context, db *sql.DB) error {
	for _, p := range []struct {
		dst   **sql.Stmt
		query string
	}{
		{&w.savepoint, "SAVEPOINT w"},
		{&w.release, "RELEASE w"},
		{&w.rollbackTo, "ROLLBACK TO w"},
		{&w.insertGame, `INSERT INTO games (id,
			white_id, white_name, white_ai_level, black_id, black_name, black_ai_level,
			time_control, start_fen, created_at,
			status, termination, result, clock,
			draw_offer_by, draw_offer_lapses, first_move_deadline,
			white_gone_since, black_gone_since, white_present, black_present,
			scheduled_at, ended_at, seq, next_ply, rated, default_time_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO NOTHING`},
		{&w.insertMove, `INSERT INTO moves (game_id, ply, uci, san, client_move_id,
			spent_ms, lag_credit_ms, remaining_ms, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`},
		{&w.appendState, `UPDATE games SET ` + stateCols + `, next_ply = next_ply + 1
			WHERE id = ? AND next_ply = ?`},
		{&w.saveState, `UPDATE games SET ` + stateCols + ` WHERE id = ?`},
		{&w.nextPly, `SELECT next_ply FROM games WHERE id = ?`},
		{&w.upsertNode, `INSERT INTO nodes (node, last_seen, stopped) VALUES (?, ?, ?)
			ON CONFLICT (node) DO UPDATE SET last_seen = excluded.last_seen, stopped = excluded.stopped
			WHERE excluded.last_seen >= nodes.last_seen`},
	} {
		st, err := db.PrepareContext(ctx, p.query)
		if err != nil {
			w.close()
			return fmt.Errorf("prepare %q: %w", p.query, err)
		}
		*p.dst = st
	}
	return nil
}

func (w *writeStmts) close() error {
	var errs []error
	for _, st := range []*sql.Stmt{w.savepoint, w.release, w.rollbackTo, w.insertGame,
		w.insertMove, w.appendState, w.saveState, w.nextPly, w.upsertNode} {
		if st != nil {
			errs = append(errs, st.Close())
		}
	}
	return errors.Join(errs...)
}

// sqlTime is a time as stored: microseconds since the epoch, or NULL.
func sqlTime(t time.Time) sql.NullInt64 {
	us, ok := codec.Micros(t)
	return sql.NullInt64{Int64: us, Valid: ok}
}

func sqlBool(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// stateArgs returns the values of stateCols for st.
func stateArgs(st game.State) ([]any, error) {
	if err := codec.CheckState(st); err != nil {
		return nil, err
	}
	clock, err := codec.EncodeClock(st.Clock)
	if err != nil {
		return nil, err
	}
	var clockArg any
	if clock != nil {
		clockArg = string(clock)
	}
	by, lapses := codec.EncodeDrawOffer(st.DrawOffer)
	return []any{
		int64(st.Status), int64(st.Termination), int64(st.Result), clockArg,
		by, lapses, sqlTime(st.FirstMoveDeadline),
		sqlTime(st.GoneSince[game.White]), sqlTime(st.GoneSince[game.Black]),
		sqlBool(st.Present[game.White]), sqlBool(st.Present[game.Black]),
		sqlTime(st.ScheduledAt), sqlTime(st.EndedAt), st.Seq,
	}, nil
}

func insertMove(ctx context.Context, tx *sql.Tx, stmt *sql.Stmt, id string, mv game.MoveRecord) error {
	_, err := tx.StmtContext(ctx, stmt).ExecContext(ctx, id, mv.Ply, mv.UCI, mv.SAN, mv.ClientMoveID,
		codec.Ms(mv.Spent), codec.Ms(mv.LagCredit), codec.Ms(mv.Remaining), sqlTime(mv.At))
	return err
}

// CreateGame stores a new game with its state and any moves it already has.
// It fails with game.CodeGameExists if the id is taken, and with
// game.CodeBadGame (or the code of the bad field) if the record could not be
// loaded back.
func (s *Store) CreateGame(ctx context.Context, rec game.Record) error {
	op := fmt.Sprintf("create game %q", rec.ID)
	if err := codec.CheckRecord(rec); err != nil {
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
	st, err := stateArgs(rec.State)
	if err != nil {
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
	args := []any{rec.ID,
		rec.White.ID, rec.White.Name, rec.White.AILevel, rec.Black.ID, rec.Black.Name, rec.Black.AILevel,
		rec.TimeControl.String(), rec.StartFEN, sqlTime(rec.CreatedAt)}
	args = append(append(args, st...), len(rec.Moves), sqlBool(rec.Rated), codec.Ms(rec.DefaultTime))
	return s.write(ctx, op, func(tx *sql.Tx) error {
		bg := context.Background()
		res, err := tx.StmtContext(bg, s.w.insertGame).ExecContext(bg, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return game.NewError(game.CodeGameExists, fmt.Sprintf("game %q exists", rec.ID), nil)
		}
		for _, mv := range rec.Moves {
			if err := insertMove(bg, tx, s.w.insertMove, rec.ID, mv); err != nil {
				return err
			}
		}
		return nil
	})
}

// AppendMove stores move mv of game id and the game's new state st in one
// transaction. It fails with game.CodeGameNotFound if there is no such game
// and with game.CodePlyConflict if mv.Ply is not the number of moves stored;
// then nothing changes. If st ends a rated game, the players' ratings are
// updated in the same transaction (see rating.go).
func (s *Store) AppendMove(ctx context.Context, id string, mv game.MoveRecord, st game.State) error {
	op := fmt.Sprintf("append move %d to game %q", mv.Ply, id)
	sargs, err := stateArgs(st)
	if err != nil {
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
	args := append(sargs, id, mv.Ply)
	return s.write(ctx, op, func(tx *sql.Tx) error {
		bg := context.Background()
		before, ending, err := s.beforeEnd(tx, id, st)
		if err != nil {
			return err
		}
		res, err := tx.StmtContext(bg, s.w.appendState).ExecContext(bg, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			var next int
			err := tx.StmtContext(bg, s.w.nextPly).QueryRowContext(bg, id).Scan(&next)
			if errors.Is(err, sql.ErrNoRows) {
				return game.NewError(game.CodeGameNotFound, fmt.Sprintf("no game %q", id), nil)
			} else if err != nil {
				return err
			}
			return game.NewError(game.CodePlyConflict,
				fmt.Sprintf("move at ply %d, but game %q has %d moves", mv.Ply, id, next), nil)
		}
		if err := insertMove(bg, tx, s.w.insertMove, id, mv); err != nil {
			return err
		}
		if ending {
			return s.RateEnd(querier{bg, tx}, id, before, st)
		}
		return nil
	})
}

// beforeEnd reads, when st ends a game, what rateEnd needs from the game's
// row before the write changes it; ending is false otherwise, or when there
// is no game id (the write then fails by itself).
func (s *Store) beforeEnd(tx *sql.Tx, id string, st game.State) (before rating.Stored, ending bool, err error) {
	if st.Status != game.StatusEnded {
		return before, false, nil
	}
	return s.ReadEnding(querier{context.Background(), tx}, id)
}

// SaveState replaces the state of game id. It fails with
// game.CodeGameNotFound if there is no such game. If st ends a rated game,
// the players' ratings are updated in the same transaction.
func (s *Store) SaveState(ctx context.Context, id string, st game.State) error {
	op := fmt.Sprintf("save state of game %q", id)
	sargs, err := stateArgs(st)
	if err != nil {
		return fmt.Errorf("sqlite: %s: %w", op, err)
	}
	args := append(sargs, id)
	return s.write(ctx, op, func(tx *sql.Tx) error {
		bg := context.Background()
		before, ending, err := s.beforeEnd(tx, id, st)
		if err != nil {
			return err
		}
		res, err := tx.StmtContext(bg, s.w.saveState).ExecContext(bg, args...)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return game.NewError(game.CodeGameNotFound, fmt.Sprintf("no game %q", id), nil)
		}
		if ending {
			return s.RateEnd(querier{bg, tx}, id, before, st)
		}
		return nil
	})
}

// Heartbeat records that node is alive at the moment at (and not stopped).
func (s *Store) Heartbeat(ctx context.Context, node string, at time.Time) error {
	return s.node(ctx, fmt.Sprintf("heartbeat of node %q", node), node, at, false)
}

// MarkStopped records that node stopped gracefully at the moment at.
func (s *Store) MarkStopped(ctx context.Context, node string, at time.Time) error {
	return s.node(ctx, fmt.Sprintf("stop of node %q", node), node, at, true)
}

func (s *Store) node(ctx context.Context, op, node string, at time.Time, stopped bool) error {
	return s.write(ctx, op, func(tx *sql.Tx) error {
		bg := context.Background()
		_, err := tx.StmtContext(bg, s.w.upsertNode).ExecContext(bg, node, sqlTime(at), sqlBool(stopped))
		return err
	})
}
