package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

const gameCols = `id, white_id, white_name, white_ai_level, black_id, black_name, black_ai_level,
	time_control, start_fen, created_at, status, termination, result, clock,
	draw_offer_by, draw_offer_lapses, first_move_deadline, white_gone_since, black_gone_since,
	white_present, black_present, scheduled_at, ended_at, seq, next_ply, rated, default_time_ms`

const moveCols = `m.game_id, m.ply, m.uci, m.san, m.client_move_id, m.spent_ms, m.lag_credit_ms, m.remaining_ms, m.at`

// activeWhere selects the games ActiveGames returns.
var activeWhere = fmt.Sprintf("status IN (%d, %d)", game.StatusCreated, game.StatusStarted)

// snapshot is the options of the read transactions: one snapshot.
var snapshot = pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}

// LoadGame returns game id with all its moves in ply order, read from one
// snapshot, or fails with game.CodeGameNotFound. A stored game that cannot
// be decoded fails with game.CodeBadRecord.
func (s *Store) LoadGame(ctx context.Context, id string) (game.Record, error) {
	var rec game.Record
	err := s.begin(ctx, snapshot, func(tx pgx.Tx) error {
		var gs codec.Games
		one, next, err := scanGame(tx.QueryRow(ctx, "SELECT "+gameCols+" FROM games WHERE id = $1", id))
		if errors.Is(err, pgx.ErrNoRows) {
			return notFound(id)
		} else if err != nil {
			return err
		}
		gs.AddGame(one, next)
		rows, err := tx.Query(ctx, "SELECT "+moveCols+" FROM moves m WHERE m.game_id = $1 ORDER BY m.ply", id)
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
		return game.Record{}, fmt.Errorf("postgres: load game %q: %w", id, err)
	}
	if !rec.State.Status.Finished() {
		s.rated.remember(rec.ID, rec.Rated)
	}
	return rec, nil
}

// ActiveGames returns every game whose status is created or started, with
// its moves in ply order, ordered by creation time and id, all read from one
// snapshot.
func (s *Store) ActiveGames(ctx context.Context) ([]game.Record, error) {
	var out []game.Record
	err := s.begin(ctx, snapshot, func(tx pgx.Tx) error {
		var gs codec.Games
		rows, err := tx.Query(ctx, "SELECT "+gameCols+" FROM games WHERE "+activeWhere+
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
		rows, err = tx.Query(ctx, "SELECT "+moveCols+
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
		return nil, fmt.Errorf("postgres: active games: %w", err)
	}
	for _, rec := range out {
		s.rated.remember(rec.ID, rec.Rated)
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
	var seen pgtype.Timestamptz
	err = s.pool.QueryRow(ctx, "SELECT last_seen, stopped FROM nodes WHERE node = $1", node).Scan(&seen, &stopped)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, false, nil
	} else if err != nil {
		return time.Time{}, false, fmt.Errorf("postgres: status of node %q: %w", node, err)
	}
	if lastSeen, err = fromTS(seen); err != nil {
		return time.Time{}, false, fmt.Errorf("postgres: status of node %q: %w", node, err)
	}
	return lastSeen, stopped, nil
}

// LiveNodes returns, in name order, the nodes whose last act was a
// heartbeat at or after since.
func (s *Store) LiveNodes(ctx context.Context, since time.Time) ([]string, error) {
	if err := s.open(); err != nil {
		return nil, fmt.Errorf("%w: live nodes", err)
	}
	rows, err := s.pool.Query(ctx, "SELECT node FROM nodes WHERE NOT stopped AND last_seen >= $1 ORDER BY node", codec.Time(since))
	if err != nil {
		return nil, fmt.Errorf("postgres: live nodes: %w", err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("postgres: live nodes: %w", err)
	}
	return out, nil
}

// fromTS reads a stored time: NULL is the zero time; infinities are
// refused.
func fromTS(t pgtype.Timestamptz) (time.Time, error) {
	if !t.Valid {
		return time.Time{}, nil
	}
	if t.InfinityModifier != pgtype.Finite {
		return time.Time{}, errors.New("infinite timestamp")
	}
	return codec.Time(t.Time), nil
}

// scanGame reads one row of gameCols; it also returns next_ply.
func scanGame(row pgx.Row) (game.Record, int64, error) {
	var (
		rec                             game.Record
		whiteAI, blackAI                int32
		tc                              string
		status, term, result            int16
		clock                           []byte
		by                              *int16
		lapses                          *int32
		created, deadline, wGone, bGone pgtype.Timestamptz
		scheduled, ended                pgtype.Timestamptz
		next                            int32
		defaultMs                       int64
	)
	st := &rec.State
	err := row.Scan(&rec.ID, &rec.White.ID, &rec.White.Name, &whiteAI, &rec.Black.ID, &rec.Black.Name, &blackAI,
		&tc, &rec.StartFEN, &created, &status, &term, &result, &clock,
		&by, &lapses, &deadline, &wGone, &bGone, &st.Present[game.White], &st.Present[game.Black],
		&scheduled, &ended, &st.Seq, &next, &rec.Rated, &defaultMs)
	if err != nil {
		return game.Record{}, 0, err
	}
	rec.White.AILevel, rec.Black.AILevel = int(whiteAI), int(blackAI)
	rec.DefaultTime = time.Duration(defaultMs) * time.Millisecond
	if rec.TimeControl, err = game.ParseTimeControl(tc); err != nil {
		return game.Record{}, 0, codec.BadRecord(rec.ID, "bad time control", err)
	}
	ids := codec.IDs{Status: int64(status), Termination: int64(term), Result: int64(result)}
	if err := ids.Decode(rec.ID, st); err != nil {
		return game.Record{}, 0, err
	}
	if st.Clock, err = codec.DecodeClock(rec.ID, clock); err != nil {
		return game.Record{}, 0, err
	}
	var by64, lapses64 *int64
	if by != nil {
		v := int64(*by)
		by64 = &v
	}
	if lapses != nil {
		v := int64(*lapses)
		lapses64 = &v
	}
	if st.DrawOffer, err = codec.DecodeDrawOffer(rec.ID, by64, lapses64); err != nil {
		return game.Record{}, 0, err
	}
	for _, f := range []struct {
		dst *time.Time
		src pgtype.Timestamptz
	}{
		{&rec.CreatedAt, created}, {&st.FirstMoveDeadline, deadline},
		{&st.GoneSince[game.White], wGone}, {&st.GoneSince[game.Black], bGone},
		{&st.ScheduledAt, scheduled}, {&st.EndedAt, ended},
	} {
		if *f.dst, err = fromTS(f.src); err != nil {
			return game.Record{}, 0, codec.BadRecord(rec.ID, "bad time", err)
		}
	}
	rec.Moves = []game.MoveRecord{}
	return rec, int64(next), nil
}

// scanMoves reads rows of moveCols, ordered by game and ply, into gs, and
// closes rows.
func scanMoves(rows pgx.Rows, gs *codec.Games) error {
	defer rows.Close()
	for rows.Next() {
		var (
			id                       string
			ply                      int32
			mv                       game.MoveRecord
			spent, credit, remaining int64
			at                       pgtype.Timestamptz
		)
		if err := rows.Scan(&id, &ply, &mv.UCI, &mv.SAN, &mv.ClientMoveID, &spent, &credit, &remaining, &at); err != nil {
			return err
		}
		mv.Ply = int(ply)
		mv.Spent, mv.LagCredit, mv.Remaining = codec.FromMs(spent), codec.FromMs(credit), codec.FromMs(remaining)
		var err error
		if mv.At, err = fromTS(at); err != nil {
			return codec.BadRecord(id, fmt.Sprintf("move %d: bad time", ply), err)
		}
		gs.AddMove(id, mv)
	}
	return rows.Err()
}
