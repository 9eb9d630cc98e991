package postgres

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
	"github.com/joinpal/joinpal/store/internal/groupcommit"
)

// rowReader is what the follow-up read of a write needs: a pool or a
// transaction.
type rowReader interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// request is one write of one statement.
type request struct {
	sql  string
	args []any
	// onZero, if set, tells why the statement changed no row (a missing
	// game, a ply conflict); it runs in the same transaction.
	onZero func(ctx context.Context, q rowReader) error
}

// stateSet returns the SET list of the state columns, numbering parameters
// from first.
func stateSet(first int) string {
	cols := []string{"status", "termination", "result", "clock", "draw_offer_by", "draw_offer_lapses",
		"first_move_deadline", "white_gone_since", "black_gone_since", "white_present", "black_present",
		"scheduled_at", "ended_at", "seq"}
	types := []string{"smallint", "smallint", "smallint", "jsonb", "smallint", "integer",
		"timestamptz", "timestamptz", "timestamptz", "boolean", "boolean",
		"timestamptz", "timestamptz", "bigint"}
	var b strings.Builder
	for i, c := range cols {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s = $%d::%s", c, first+i, types[i])
	}
	return b.String()
}

var (
	appendMoveSQL = `WITH g AS (
		UPDATE games SET ` + stateSet(3) + `, next_ply = next_ply + 1
		WHERE id = $1 AND next_ply = $2::integer
		RETURNING id)
	INSERT INTO moves (game_id, ply, uci, san, client_move_id, spent_ms, lag_credit_ms, remaining_ms, at)
	SELECT id, $2::integer, $17::text, $18::text, $19::bigint, $20::bigint, $21::bigint, $22::bigint, $23::timestamptz FROM g`
	saveStateSQL  = `UPDATE games SET ` + stateSet(2) + ` WHERE id = $1`
	upsertNodeSQL = `INSERT INTO nodes (node, last_seen, stopped) VALUES ($1, $2, $3)
		ON CONFLICT (node) DO UPDATE SET last_seen = excluded.last_seen, stopped = excluded.stopped
		WHERE excluded.last_seen >= nodes.last_seen`
	insertGameSQL = `INSERT INTO games (id,
		white_id, white_name, white_ai_level, black_id, black_name, black_ai_level,
		time_control, start_fen, created_at,
		status, termination, result, clock,
		draw_offer_by, draw_offer_lapses, first_move_deadline,
		white_gone_since, black_gone_since, white_present, black_present,
		scheduled_at, ended_at, seq, next_ply, rated, default_time_ms)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
			$19, $20, $21, $22, $23, $24, $25, $26, $27)
		ON CONFLICT (id) DO NOTHING`
)

// ts is a time as a parameter: NULL for the zero time.
func ts(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return codec.Time(t)
}

// stateArgs returns the 14 values of stateSet for st.
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
		int16(st.Status), int16(st.Termination), int16(st.Result), clockArg,
		by, lapses, ts(st.FirstMoveDeadline),
		ts(st.GoneSince[game.White]), ts(st.GoneSince[game.Black]),
		st.Present[game.White], st.Present[game.Black],
		ts(st.ScheduledAt), ts(st.EndedAt), st.Seq,
	}, nil
}

func notFound(id string) error {
	return game.NewError(game.CodeGameNotFound, fmt.Sprintf("no game %q", id), nil)
}

// CreateGame stores a new game with its state and any moves it already has,
// in one transaction. It fails with game.CodeGameExists if the id is taken,
// and with game.CodeBadGame (or the code of the bad field) if the record
// could not be loaded back.
func (s *Store) CreateGame(ctx context.Context, rec game.Record) error {
	op := fmt.Sprintf("create game %q", rec.ID)
	if err := codec.CheckRecord(rec); err != nil {
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	st, err := stateArgs(rec.State)
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	args := []any{rec.ID,
		rec.White.ID, rec.White.Name, rec.White.AILevel, rec.Black.ID, rec.Black.Name, rec.Black.AILevel,
		rec.TimeControl.String(), rec.StartFEN, ts(rec.CreatedAt)}
	args = append(append(args, st...), len(rec.Moves), rec.Rated, codec.Ms(rec.DefaultTime))
	err = s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, insertGameSQL, args...)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return game.NewError(game.CodeGameExists, fmt.Sprintf("game %q exists", rec.ID), nil)
		}
		if len(rec.Moves) == 0 {
			return nil
		}
		rows := make([][]any, len(rec.Moves))
		for i, mv := range rec.Moves {
			rows[i] = []any{rec.ID, int32(mv.Ply), mv.UCI, mv.SAN, mv.ClientMoveID,
				codec.Ms(mv.Spent), codec.Ms(mv.LagCredit), codec.Ms(mv.Remaining), ts(mv.At)}
		}
		_, err = tx.CopyFrom(ctx, pgx.Identifier{"moves"},
			[]string{"game_id", "ply", "uci", "san", "client_move_id", "spent_ms", "lag_credit_ms", "remaining_ms", "at"},
			pgx.CopyFromRows(rows))
		return err
	})
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	s.rated.remember(rec.ID, rec.Rated)
	return nil
}

// AppendMove stores move mv of game id and the game's new state st
// atomically. It fails with game.CodeGameNotFound if there is no such game
// and with game.CodePlyConflict if mv.Ply is not the number of moves
// stored; then nothing changes. If st ends a rated game, the players'
// ratings are updated in the same transaction (see rating.go).
func (s *Store) AppendMove(ctx context.Context, id string, mv game.MoveRecord, st game.State) error {
	op := fmt.Sprintf("append move %d to game %q", mv.Ply, id)
	sargs, err := stateArgs(st)
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	args := append([]any{id, int32(mv.Ply)}, sargs...)
	args = append(args, mv.UCI, mv.SAN, mv.ClientMoveID,
		codec.Ms(mv.Spent), codec.Ms(mv.LagCredit), codec.Ms(mv.Remaining), ts(mv.At))
	return s.writeState(ctx, op, id, st, &request{sql: appendMoveSQL, args: args,
		onZero: func(ctx context.Context, q rowReader) error {
			var next int
			err := q.QueryRow(ctx, "SELECT next_ply FROM games WHERE id = $1", id).Scan(&next)
			if errors.Is(err, pgx.ErrNoRows) {
				return notFound(id)
			} else if err != nil {
				return err
			}
			return game.NewError(game.CodePlyConflict,
				fmt.Sprintf("move at ply %d, but game %q has %d moves", mv.Ply, id, next), nil)
		}})
}

// SaveState replaces the state of game id. It fails with
// game.CodeGameNotFound if there is no such game. If st ends a rated game,
// the players' ratings are updated in the same transaction.
func (s *Store) SaveState(ctx context.Context, id string, st game.State) error {
	op := fmt.Sprintf("save state of game %q", id)
	sargs, err := stateArgs(st)
	if err != nil {
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
	return s.writeState(ctx, op, id, st, &request{sql: saveStateSQL, args: append([]any{id}, sargs...),
		onZero: func(context.Context, rowReader) error { return notFound(id) }})
}

// writeState runs r, a write of game id's state st: with the rating update
// in a transaction of its own if st ends a rated game (once per game, so
// group commit loses nothing), else as any other write. Whether a game is
// rated is fixed when it is created, so it is read before the write, outside
// any transaction: the ends of casual games (thousands of flags falling
// together) keep group commit.
func (s *Store) writeState(ctx context.Context, op, id string, st game.State, r *request) error {
	if st.Status != game.StatusEnded {
		return s.write(ctx, op, r)
	}
	var err error
	if s.isRated(ctx, id) {
		err = s.writeEnd(ctx, op, id, r, st)
	} else {
		err = s.write(ctx, op, r)
	}
	if err == nil {
		s.rated.forget(id)
	}
	return err
}

// isRated reports whether game id is rated, from what this Store has seen
// of it or else from the database. When it cannot tell (no such game, a
// failed read), it answers true: the transaction of writeEnd then decides
// with the game's row locked, as it always may.
func (s *Store) isRated(ctx context.Context, id string) bool {
	if rated, known := s.rated.lookup(id); known {
		return rated
	}
	var rated bool
	if err := s.pool.QueryRow(ctx, "SELECT rated FROM games WHERE id = $1", id).Scan(&rated); err != nil {
		return true
	}
	return rated
}

// Heartbeat records that node is alive at the moment at (and not stopped).
func (s *Store) Heartbeat(ctx context.Context, node string, at time.Time) error {
	return s.write(ctx, fmt.Sprintf("heartbeat of node %q", node),
		&request{sql: upsertNodeSQL, args: []any{node, ts(at), false}})
}

// MarkStopped records that node stopped gracefully at the moment at.
func (s *Store) MarkStopped(ctx context.Context, node string, at time.Time) error {
	return s.write(ctx, fmt.Sprintf("stop of node %q", node),
		&request{sql: upsertNodeSQL, args: []any{node, ts(at), true}})
}

// write runs r: through the writers with group commit, else at once.
//
// With group commit, if ctx ends while r is queued, r is skipped and
// nothing is stored; if ctx ends while the batch holding r is being
// committed, write returns ctx's error at once and r may or may not be
// stored.
func (s *Store) write(ctx context.Context, op string, r *request) error {
	var err error
	if s.q == nil {
		if err = s.open(); err != nil {
			return fmt.Errorf("%w: %s", err, op)
		}
		if err = ctx.Err(); err == nil {
			err = s.direct(ctx, r)
		}
	} else {
		err = s.q.Do(ctx, r)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, groupcommit.ErrClosed):
		return fmt.Errorf("%w: %s", ErrClosed, op)
	default:
		return fmt.Errorf("postgres: %s: %w", op, err)
	}
}

// direct runs r alone, in the implicit transaction of its one statement.
func (s *Store) direct(ctx context.Context, r *request) error {
	tag, err := s.pool.Exec(ctx, r.sql, r.args...)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 && r.onZero != nil {
		return r.onZero(ctx, s.pool)
	}
	return nil
}

// commit runs batch in one transaction, sent as one pipelined batch, and
// sets the outcome of each write.
func (s *Store) commit(batch []*groupcommit.Request[*request]) {
	// The writer's own context: one caller giving up must not abort the
	// transaction that carries the others' writes.
	ctx := context.Background()
	if len(batch) == 1 {
		batch[0].Err = s.direct(ctx, batch[0].Write)
		return
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		b := &pgx.Batch{}
		for _, r := range batch {
			b.Queue(r.Write.sql, r.Write.args...)
		}
		br := tx.SendBatch(ctx, b)
		var zero []*groupcommit.Request[*request]
		for _, r := range batch {
			tag, err := br.Exec()
			if err != nil {
				br.Close()
				return err
			}
			if tag.RowsAffected() == 0 && r.Write.onZero != nil {
				zero = append(zero, r)
			}
		}
		if err := br.Close(); err != nil {
			return err
		}
		for _, r := range zero {
			r.Err = r.Write.onZero(ctx, tx)
			if !isGameError(r.Err) {
				return r.Err
			}
		}
		return nil
	})
	if err != nil {
		// Nothing of the batch is stored. Retry each write alone, so that
		// the write that broke the batch fails by itself.
		for _, r := range batch {
			r.Err = s.direct(ctx, r.Write)
		}
	}
}

func isGameError(err error) bool {
	var e *game.Error
	return errors.As(err, &e)
}

// writeEnd runs r, a write whose state st ends game id, with the rating
// update in the same transaction. A deadlock or serialisation failure is
// retried, a few times.
func (s *Store) writeEnd(ctx context.Context, op, id string, r *request, st game.State) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = s.begin(ctx, pgx.TxOptions{}, func(tx pgx.Tx) error {
			q := querier{ctx, tx}
			g, found, err := s.ReadEnding(q, id)
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
			return s.RateEnd(q, id, g, st)
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
