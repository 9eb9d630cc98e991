package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/internal/codec"
)

// Arenas (migration 0015): each arena's row, its players' entries with
// their sheets as JSON, and its games. A pairing and its players' entries
// are written in one transaction, and so is a game's end with its
// players' new sheets, so the standings never lag a recorded game.

var _ arena.Store = (*Store)(nil)

const arenaCols = `id, name, created_by, creator_name, base_ms, increment_ms, rated, berserk, streaks,
	starts_at, duration_ms, created_at, closed_at`

func scanArena(row Row) (a arena.Arena, err error) {
	var base, inc, dur int64
	err = row.Scan(&a.ID, &a.Name, &a.CreatedBy, &a.CreatorName, &base, &inc, &a.Rated, &a.Berserk, &a.Streaks,
		&a.StartsAt, &dur, &a.CreatedAt, &a.ClosedAt)
	a.Base, a.Increment, a.Duration = codec.FromMs(base), codec.FromMs(inc), codec.FromMs(dur)
	return a, err
}

const entryCols = `arena_id, user_id, name, rating, sheet, paused, game_id, last_opponent, whites, joined_at`

func scanEntry(row Row) (e arena.Entry, err error) {
	var sheet string
	if err = row.Scan(&e.ArenaID, &e.UserID, &e.Name, &e.Rating, &sheet, &e.Paused, &e.GameID, &e.LastOpponent,
		&e.Whites, &e.JoinedAt); err != nil {
		return e, err
	}
	if err := json.Unmarshal([]byte(sheet), &e.Sheet); err != nil {
		return e, fmt.Errorf("sheet of %q in arena %q: %w", e.UserID, e.ArenaID, err)
	}
	return e, nil
}

const pairingCols = `game_id, arena_id, white, black, white_berserk, black_berserk, started_at, ended, result, plies`

func scanPairing(row Row) (p arena.Pairing, err error) {
	var result int64
	err = row.Scan(&p.GameID, &p.ArenaID, &p.White, &p.Black, &p.WhiteBerserk, &p.BlackBerserk, &p.StartedAt,
		&p.Ended, &result, &p.Plies)
	p.Result = game.Result(result)
	return p, err
}

// CreateArena stores a new arena; see arena.Store.
func (s *Store) CreateArena(ctx context.Context, a arena.Arena) error {
	return s.write(ctx, fmt.Sprintf("create arena %q", a.ID), func(q Querier) error {
		_, err := q.Exec(`INSERT INTO arenas (`+arenaCols+`) VALUES (`+Params(1, 13)+`)`,
			a.ID, a.Name, a.CreatedBy, a.CreatorName, codec.Ms(a.Base), codec.Ms(a.Increment), a.Rated, a.Berserk,
			a.Streaks, a.StartsAt, codec.Ms(a.Duration), a.CreatedAt, a.ClosedAt)
		return err
	})
}

// Arena returns arena id; see arena.Store.
func (s *Store) Arena(ctx context.Context, id string) (arena.Arena, error) {
	return readRow(s, ctx, fmt.Sprintf("arena %q", id), arena.NotFoundError(id), scanArena,
		"SELECT "+arenaCols+" FROM arenas WHERE id = $1", id)
}

func (s *Store) arenas(ctx context.Context, op, query string, args ...any) ([]arena.Arena, error) {
	var out []arena.Arena
	err := s.readOne(ctx, op, func(q Querier) error {
		rows, err := q.Query(query, args...)
		out, err = collect(rows, err, scanArena)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Arenas returns the latest arenas; see arena.Store.
func (s *Store) Arenas(ctx context.Context, limit int) ([]arena.Arena, error) {
	return s.arenas(ctx, "arenas", "SELECT "+arenaCols+" FROM arenas ORDER BY starts_at DESC, id LIMIT $1", limit)
}

// OpenArenas returns the arenas not closed; see arena.Store.
func (s *Store) OpenArenas(ctx context.Context) ([]arena.Arena, error) {
	return s.arenas(ctx, "open arenas", "SELECT "+arenaCols+" FROM arenas WHERE closed_at IS NULL ORDER BY starts_at, id")
}

// CloseArena closes arena id; see arena.Store.
func (s *Store) CloseArena(ctx context.Context, id string, at time.Time) error {
	return s.closeArena(ctx, nil, id, at)
}

// arenaWrite runs f as one write, after checking fence f (nil: none) in
// the same transaction.
func (s *Store) arenaWrite(ctx context.Context, f *fence, op string, w func(Querier) error) error {
	return s.write(ctx, op, func(q Querier) error {
		if err := s.check(q, f); err != nil {
			return err
		}
		return w(q)
	})
}

// changeArena runs one statement under fence f, failing with notFound if
// it changed no row.
func (s *Store) changeArena(ctx context.Context, f *fence, op string, notFound error, query string, args ...any) error {
	return s.arenaWrite(ctx, f, op, func(q Querier) error {
		n, err := q.Exec(query, args...)
		if err == nil && n == 0 {
			return notFound
		}
		return err
	})
}

func (s *Store) closeArena(ctx context.Context, f *fence, id string, at time.Time) error {
	return s.changeArena(ctx, f, fmt.Sprintf("close arena %q", id), arena.NotFoundError(id),
		"UPDATE arenas SET closed_at = $2 WHERE id = $1", id, at)
}

func putEntry(q Querier, e arena.Entry) error {
	sheet := e.Sheet
	if sheet == nil {
		sheet = arena.Sheet{}
	}
	b, err := json.Marshal(sheet)
	if err != nil {
		return err
	}
	_, err = q.Exec(`INSERT INTO arena_entries (`+entryCols+`) VALUES (`+Params(1, 10)+`)
		ON CONFLICT (arena_id, user_id) DO UPDATE SET name = excluded.name, rating = excluded.rating,
		sheet = excluded.sheet, paused = excluded.paused, game_id = excluded.game_id,
		last_opponent = excluded.last_opponent, whites = excluded.whites, joined_at = excluded.joined_at`,
		e.ArenaID, e.UserID, e.Name, e.Rating, string(b), e.Paused, e.GameID, e.LastOpponent, e.Whites, e.JoinedAt)
	return err
}

// PutArenaEntry adds or replaces an entry; see arena.Store.
func (s *Store) PutArenaEntry(ctx context.Context, e arena.Entry) error {
	return s.putArenaEntry(ctx, nil, e)
}

func (s *Store) putArenaEntry(ctx context.Context, f *fence, e arena.Entry) error {
	return s.arenaWrite(ctx, f, fmt.Sprintf("entry of %q in arena %q", e.UserID, e.ArenaID), func(q Querier) error {
		return putEntry(q, e)
	})
}

// ArenaEntry returns one entry; see arena.Store.
func (s *Store) ArenaEntry(ctx context.Context, arenaID, userID string) (arena.Entry, bool, error) {
	e, err := readRow(s, ctx, fmt.Sprintf("entry of %q in arena %q", userID, arenaID), sql.ErrNoRows, scanEntry,
		"SELECT "+entryCols+" FROM arena_entries WHERE arena_id = $1 AND user_id = $2", arenaID, userID)
	if errors.Is(err, sql.ErrNoRows) {
		return arena.Entry{}, false, nil
	}
	return e, err == nil, err
}

// ArenaEntries returns an arena's entries; see arena.Store.
func (s *Store) ArenaEntries(ctx context.Context, arenaID string) ([]arena.Entry, error) {
	var out []arena.Entry
	err := s.readOne(ctx, fmt.Sprintf("entries of arena %q", arenaID), func(q Querier) error {
		rows, err := q.Query("SELECT "+entryCols+" FROM arena_entries WHERE arena_id = $1 ORDER BY joined_at, user_id", arenaID)
		out, err = collect(rows, err, scanEntry)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// StartArenaPairings stores pairings with their players' entries; see
// arena.Store.
func (s *Store) StartArenaPairings(ctx context.Context, ps []arena.Pairing, players []arena.Entry) error {
	return s.startArenaPairings(ctx, nil, ps, players)
}

func (s *Store) startArenaPairings(ctx context.Context, f *fence, ps []arena.Pairing, players []arena.Entry) error {
	return s.arenaWrite(ctx, f, fmt.Sprintf("start %d arena games", len(ps)), func(q Querier) error {
		for _, p := range ps {
			if _, err := q.Exec(`INSERT INTO arena_games (`+pairingCols+`) VALUES (`+Params(1, 10)+`)`,
				p.GameID, p.ArenaID, p.White, p.Black, p.WhiteBerserk, p.BlackBerserk, p.StartedAt, false,
				int64(game.NoResult), 0); err != nil {
				return err
			}
		}
		for _, e := range players {
			if err := putEntry(q, e); err != nil {
				return err
			}
		}
		return nil
	})
}

// EndArenaPairing records a game's end with its players' entries; see
// arena.Store.
func (s *Store) EndArenaPairing(ctx context.Context, p arena.Pairing, players []arena.Entry) error {
	return s.endArenaPairing(ctx, nil, p, players)
}

func (s *Store) endArenaPairing(ctx context.Context, f *fence, p arena.Pairing, players []arena.Entry) error {
	return s.arenaWrite(ctx, f, fmt.Sprintf("end arena game %q", p.GameID), func(q Querier) error {
		n, err := q.Exec(`UPDATE arena_games SET ended = $2, result = $3, plies = $4 WHERE game_id = $1 AND ended = $5`,
			p.GameID, true, int64(p.Result), p.Plies, false)
		if err != nil {
			return err
		}
		if n == 0 {
			return arena.GameEndedError(p.GameID)
		}
		for _, e := range players {
			if err := putEntry(q, e); err != nil {
				return err
			}
		}
		return nil
	})
}

func (s *Store) pairings(ctx context.Context, op, query string, args ...any) ([]arena.Pairing, error) {
	var out []arena.Pairing
	err := s.readOne(ctx, op, func(q Querier) error {
		rows, err := q.Query(query, args...)
		out, err = collect(rows, err, scanPairing)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ArenaPairings returns an arena's games; see arena.Store.
func (s *Store) ArenaPairings(ctx context.Context, arenaID string) ([]arena.Pairing, error) {
	return s.pairings(ctx, fmt.Sprintf("games of arena %q", arenaID),
		"SELECT "+pairingCols+" FROM arena_games WHERE arena_id = $1 ORDER BY started_at DESC, game_id DESC", arenaID)
}

// RunningPairings returns every arena game not ended; see arena.Store.
func (s *Store) RunningPairings(ctx context.Context) ([]arena.Pairing, error) {
	return s.pairings(ctx, "running arena games",
		"SELECT "+pairingCols+" FROM arena_games WHERE ended = $1 ORDER BY started_at, game_id", false)
}

// PairingOf returns the pairing of a game; see arena.Store.
func (s *Store) PairingOf(ctx context.Context, gameID string) (arena.Pairing, error) {
	return readRow(s, ctx, fmt.Sprintf("arena game %q", gameID),
		arena.NewError(arena.CodeNotArenaGame, "not an arena game", nil), scanPairing,
		"SELECT "+pairingCols+" FROM arena_games WHERE game_id = $1", gameID)
}

// SetBerserk records a berserk; see arena.Store.
func (s *Store) SetBerserk(ctx context.Context, gameID string, side game.Side) error {
	return s.setBerserk(ctx, nil, gameID, side)
}

func (s *Store) setBerserk(ctx context.Context, f *fence, gameID string, side game.Side) error {
	col := "white_berserk"
	if side == game.Black {
		col = "black_berserk"
	}
	return s.changeArena(ctx, f, fmt.Sprintf("berserk in arena game %q", gameID),
		arena.NewError(arena.CodeNotArenaGame, "not an arena game", nil),
		"UPDATE arena_games SET "+col+" = $2 WHERE game_id = $1", gameID, true)
}
