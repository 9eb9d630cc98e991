package postgres

import (
	"context"
	"errors"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/groupcommit"
	"github.com/joinpal/joinpal/store/internal/sqlstore"
)

// The writes of games and nodes: pipelined in batches (group commit), a
// write of many statements in a transaction of its own, and the end of a
// rated game in a transaction of its own that rates it.

// Commit runs w: a rated end with its rating update in a transaction of its
// own (once per game, so group commit loses nothing); a write of many
// statements (CreateGame with moves) in a transaction of its own; any other
// through the writers with group commit, else at once. Whether a game is
// rated is fixed when it is created, so it is known before the write,
// outside any transaction: the ends of casual games (thousands of flags
// falling together) keep group commit.
func (b *backend) Commit(ctx context.Context, w *sqlstore.GameWrite) error {
	s := (*Store)(b)
	switch {
	case w.Ends != "" && s.isRated(ctx, w.Ends):
		return s.forgetOnEnd(w.Ends, s.writeEnd(ctx, w))
	case len(w.Stmts) > 1:
		return b.Write(ctx, w.Func())
	case w.Ends != "":
		return s.forgetOnEnd(w.Ends, s.write(ctx, w))
	}
	return s.write(ctx, w)
}

// forgetOnEnd forgets whether game id is rated once its end is written.
func (s *Store) forgetOnEnd(id string, err error) error {
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

// write runs w, a write of one statement: through the writers with group
// commit, else at once.
//
// The function ctx carries for the write's commit (game.WithOnCommit)
// runs once w has committed: on the writer with group commit. If ctx ends
// while w is queued, w is skipped and nothing is stored; if ctx ends
// while the batch holding w is being committed, write returns ctx's error
// at once and w may or may not be stored.
func (s *Store) write(ctx context.Context, w *sqlstore.GameWrite) error {
	if s.q == nil {
		if err := s.open(); err != nil {
			return err
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := s.direct(ctx, s.pool, w); err != nil {
			return err
		}
		if f := game.OnCommitOf(ctx); f != nil {
			f()
		}
		return nil
	}
	w.Beat = game.BeatOf(ctx)
	err := s.q.DoThen(ctx, w, game.OnCommitOf(ctx))
	if errors.Is(err, groupcommit.ErrClosed) {
		return ErrClosed
	}
	return err
}

// direct runs w alone on pool, in the implicit transaction of its one
// statement.
func (s *Store) direct(ctx context.Context, pool *pgxpool.Pool, w *sqlstore.GameWrite) error {
	st := w.Stmts[0]
	tag, err := pool.Exec(ctx, st.SQL, args(st.Args)...)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 && w.OnZero != nil {
		return w.OnZero(querier{ctx, pool})
	}
	return nil
}

// commit runs batch as one pipeline in one transaction (pipelined), and sets
// the outcome of each write. Sent without BEGIN, the batch is one implicit
// transaction, committed by the Sync that ends it: every statement or
// none, in one round trip (with BEGIN and COMMIT it took three). A write
// that changed no row changed nothing, so why (its OnZero, which only
// reads) is asked after the commit. The heartbeats the writes carry
// (game.Beat) go in the same transaction, one statement a node, and are
// marked carried once it commits.
func (s *Store) commit(batch []*groupcommit.Request[*sqlstore.GameWrite]) {
	// The writer's own context: one caller giving up must not abort the
	// transaction that carries the others' writes.
	ctx := context.Background()
	beats := carriedBeats(batch)
	sc := scratches.Get().(*scratch)
	defer sc.put()
	for _, r := range batch {
		sc.stmts = append(sc.stmts, r.Write.Stmts[0])
	}
	for _, bt := range beats {
		sc.stmts = append(sc.stmts, sqlstore.HeartbeatStmt(bt.Node, bt.At))
	}
	if err := s.pipelined(ctx, sc); err != nil {
		if len(batch) == 1 && len(beats) == 0 && !brokenConn(err) {
			// The write alone failed by itself.
			batch[0].Err = err
			return
		}
		// Nothing of the batch is stored. Retry each write alone, so that
		// the write that broke the batch fails by itself (and one that met
		// a broken connection runs on another); the beats are left to the
		// nodes' own heartbeats.
		for _, r := range batch {
			r.Err = s.writeAlone(ctx, r.Write)
		}
		return
	}
	for _, r := range batch {
		if r.Write.Beat != nil {
			r.Write.Beat.MarkCarried()
		}
	}
	for i, r := range batch {
		if sc.affected[i] == 0 && r.Write.OnZero != nil {
			r.Err = r.Write.OnZero(querier{ctx, s.wpool})
		}
	}
}

// carriedBeats returns the heartbeats the writes of batch carry, the
// latest of each node, or nil for none.
func carriedBeats(batch []*groupcommit.Request[*sqlstore.GameWrite]) []*game.Beat {
	var beats []*game.Beat
next:
	for _, r := range batch {
		bt := r.Write.Beat
		if bt == nil {
			continue
		}
		for i, o := range beats {
			if o.Node == bt.Node {
				if bt.At.After(o.At) {
					beats[i] = bt
				}
				continue next
			}
		}
		beats = append(beats, bt)
	}
	return beats
}

// writeEnd runs w, the end of a rated game, with the rating update in a
// transaction of its own that locks the game's row, then both ratings
// rows (see sqlstore.GameWrite.Apply). A deadlock or serialisation failure is
// retried, a few times.
func (s *Store) writeEnd(ctx context.Context, w *sqlstore.GameWrite) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = (*backend)(s).Write(ctx, w.Func())
		if !retryable(err) {
			break
		}
	}
	return err
}

// writeAlone runs w alone on the writers' pool. A write that meets a
// broken connection — the writers take theirs unpinged while busy (see
// Open), so one PostgreSQL ended while it sat idle fails the next write
// on it — runs again on another, as many times as the pool holds
// connections: each failure drops one, so the last try dials a new one.
func (s *Store) writeAlone(ctx context.Context, w *sqlstore.GameWrite) error {
	err := s.direct(ctx, s.wpool, w)
	for range s.opts.writers {
		if !brokenConn(err) {
			break
		}
		err = s.direct(ctx, s.wpool, w)
	}
	return err
}

// brokenConn reports an error of the connection rather than of the
// statement: PostgreSQL ending the session (a FATAL error, such as an
// administrator's or a shutdown's termination, or a connection exception,
// class 08), or any error not PostgreSQL's own answer but a canceled or
// timed-out context or a store closed.
func brokenConn(err error) bool {
	if err == nil {
		return false
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe.Severity == "FATAL" || strings.HasPrefix(pe.Code, "08")
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, ErrClosed)
}

// retryable reports a deadlock or a serialisation failure.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}
