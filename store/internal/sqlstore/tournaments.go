package sqlstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/joinpal/joinpal/league"
)

// Tournaments (migration 0014): a tournament's row, its entries and its
// boards, each kept whole as JSON with the columns the queries need
// beside it. Every change is one transaction that first moves the
// tournament's version from the one read, then puts the entries and
// boards: a round is paired whole or not at all.

var _ league.Store = (*Store)(nil)

func scanTournament(row Row) (league.Tournament, error) {
	var (
		t       league.Tournament
		players int
		version int64
		doc     string
	)
	if err := row.Scan(&players, &version, &doc); err != nil {
		return t, err
	}
	if err := json.Unmarshal([]byte(doc), &t); err != nil {
		return t, fmt.Errorf("stored tournament: %w", err)
	}
	t.Players, t.Version = players, version
	return t, nil
}

func tournamentDoc(t league.Tournament) (string, error) {
	t.CreatedAt, t.StartedAt, t.FinishedAt = t.CreatedAt.UTC(), t.StartedAt.UTC(), t.FinishedAt.UTC()
	t.StartsAt = t.StartsAt.UTC()
	b, err := json.Marshal(t)
	return string(b), err
}

// CreateTournament stores a new tournament; see league.Store.
func (s *Store) CreateTournament(ctx context.Context, t league.Tournament) error {
	op := fmt.Sprintf("create tournament %q", t.ID)
	if t.ID == "" {
		return s.fail(op, errors.New("a tournament needs an id"))
	}
	doc, err := tournamentDoc(t)
	if err != nil {
		return s.fail(op, err)
	}
	return s.write(ctx, op, func(q Querier) error {
		_, err := q.Exec(`INSERT INTO tournaments (id, club_id, status, players, created_at, version, doc)
			VALUES ($1, $2, $3, 0, $4, 1, $5)`, t.ID, t.ClubID, string(t.Status), t.CreatedAt, doc)
		return err
	})
}

// Tournament returns tournament id; see league.Store.
func (s *Store) Tournament(ctx context.Context, id string) (league.Tournament, error) {
	return readRow(s, ctx, fmt.Sprintf("tournament %q", id), league.NotFoundError(id), scanTournament,
		"SELECT players, version, doc FROM tournaments WHERE id = $1", id)
}

// Tournaments returns the tournaments q asks for; see league.Store.
func (s *Store) Tournaments(ctx context.Context, q league.Query) ([]league.Tournament, error) {
	var where []string
	var args []any
	if q.ClubID != "" {
		args = append(args, q.ClubID)
		where = append(where, "club_id = $1")
	}
	if len(q.Status) > 0 {
		var in []string
		for _, st := range q.Status {
			args = append(args, string(st))
			in = append(in, "$"+strconv.Itoa(len(args)))
		}
		where = append(where, "status IN ("+strings.Join(in, ", ")+")")
	}
	query := "SELECT players, version, doc FROM tournaments"
	if len(where) > 0 {
		query += " WHERE " + strings.Join(where, " AND ")
	}
	args = append(args, max(q.Limit, 1))
	query += " ORDER BY created_at DESC, id DESC LIMIT $" + strconv.Itoa(len(args))
	var out []league.Tournament
	err := s.readOne(ctx, "tournaments", func(qr Querier) error {
		rows, err := qr.Query(query, args...)
		out, err = collect(rows, err, scanTournament)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// Entries returns the entries of tournament id; see league.Store.
func (s *Store) Entries(ctx context.Context, id string) ([]league.Entry, error) {
	var out []league.Entry
	err := s.readOne(ctx, fmt.Sprintf("entries of tournament %q", id), func(q Querier) error {
		rows, err := q.Query("SELECT doc FROM tournament_entries WHERE tournament_id = $1", id)
		out, err = collect(rows, err, func(r Row) (e league.Entry, err error) {
			var doc string
			if err := r.Scan(&doc); err != nil {
				return e, err
			}
			if err := json.Unmarshal([]byte(doc), &e); err != nil {
				return e, fmt.Errorf("stored entry: %w", err)
			}
			e.JoinedAt = e.JoinedAt.UTC()
			return e, nil
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	league.SortEntries(out)
	return out, nil
}

// Boards returns the boards of tournament id; see league.Store.
func (s *Store) Boards(ctx context.Context, id string) ([]league.Board, error) {
	var out []league.Board
	err := s.readOne(ctx, fmt.Sprintf("boards of tournament %q", id), func(q Querier) error {
		rows, err := q.Query("SELECT doc FROM tournament_boards WHERE tournament_id = $1 ORDER BY round, board", id)
		out, err = collect(rows, err, func(r Row) (b league.Board, err error) {
			var doc string
			if err := r.Scan(&doc); err != nil {
				return b, err
			}
			if err := json.Unmarshal([]byte(doc), &b); err != nil {
				return b, fmt.Errorf("stored board: %w", err)
			}
			b.StartAt, b.Deadline = b.StartAt.UTC(), b.Deadline.UTC()
			return b, nil
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// ApplyTournament makes one change of a tournament if its version is the
// one read; see league.Store.
func (s *Store) ApplyTournament(ctx context.Context, ch league.Change) (league.Tournament, error) {
	t := ch.Tournament
	op := fmt.Sprintf("change tournament %q", t.ID)
	doc, err := tournamentDoc(t)
	if err != nil {
		return league.Tournament{}, s.fail(op, err)
	}
	var out league.Tournament
	err = s.write(ctx, op, func(q Querier) error {
		n, err := q.Exec(`UPDATE tournaments SET status = $3, doc = $4, version = version + 1
			WHERE id = $1 AND version = $2`, t.ID, t.Version, string(t.Status), doc)
		if err != nil {
			return err
		}
		if n == 0 {
			var v int64
			err := q.QueryRow("SELECT version FROM tournaments WHERE id = $1", t.ID).Scan(&v)
			if errors.Is(err, sql.ErrNoRows) {
				return league.NotFoundError(t.ID)
			} else if err != nil {
				return err
			}
			return league.ConflictError(t.ID)
		}
		for _, e := range ch.Entries {
			if e.Removed {
				if _, err := q.Exec("DELETE FROM tournament_entries WHERE tournament_id = $1 AND user_id = $2", t.ID, e.UserID); err != nil {
					return err
				}
				continue
			}
			e.JoinedAt = e.JoinedAt.UTC()
			b, err := json.Marshal(e)
			if err != nil {
				return err
			}
			if _, err := q.Exec(`INSERT INTO tournament_entries (tournament_id, user_id, doc) VALUES ($1, $2, $3)
				ON CONFLICT (tournament_id, user_id) DO UPDATE SET doc = excluded.doc`, t.ID, e.UserID, string(b)); err != nil {
				return err
			}
		}
		for _, bd := range ch.Boards {
			bd.StartAt, bd.Deadline = bd.StartAt.UTC(), bd.Deadline.UTC()
			b, err := json.Marshal(bd)
			if err != nil {
				return err
			}
			if _, err := q.Exec(`INSERT INTO tournament_boards (tournament_id, round, board, game_id, doc) VALUES ($1, $2, $3, $4, $5)
				ON CONFLICT (tournament_id, round, board) DO UPDATE SET game_id = excluded.game_id, doc = excluded.doc`,
				t.ID, bd.Round, bd.Board, bd.GameID, string(b)); err != nil {
				return err
			}
		}
		out, err = scanTournament(q.QueryRow(`UPDATE tournaments SET players = (SELECT COUNT(*) FROM tournament_entries e
			WHERE e.tournament_id = $1) WHERE id = $1 RETURNING players, version, doc`, t.ID))
		return err
	})
	if err != nil {
		return league.Tournament{}, err
	}
	return out, nil
}

// BoardOfGame returns the tournament and the board of a game; see
// league.Store.
func (s *Store) BoardOfGame(ctx context.Context, gameID string) (string, league.Board, error) {
	if gameID == "" { // a bye's
		return "", league.Board{}, league.NewError(league.CodeNotTournamentGame, "no tournament's game", nil)
	}
	type found struct {
		id string
		b  league.Board
	}
	f, err := readRow(s, ctx, fmt.Sprintf("tournament board of game %q", gameID),
		league.NewError(league.CodeNotTournamentGame, "no tournament's game", nil),
		func(r Row) (found, error) {
			var (
				f   found
				doc string
			)
			if err := r.Scan(&f.id, &doc); err != nil {
				return f, err
			}
			if err := json.Unmarshal([]byte(doc), &f.b); err != nil {
				return f, fmt.Errorf("stored board: %w", err)
			}
			f.b.StartAt, f.b.Deadline = f.b.StartAt.UTC(), f.b.Deadline.UTC()
			return f, nil
		},
		"SELECT tournament_id, doc FROM tournament_boards WHERE game_id = $1 ORDER BY tournament_id LIMIT 1", gameID)
	return f.id, f.b, err
}
