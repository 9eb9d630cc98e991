package main

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	_ "modernc.org/sqlite"
)

// item is one write: a new game (white and black set) or a move.
type item struct {
	game         string
	white, black string
	ply          int
	uci          string
	// done is called, in the order of the writes, once the transaction
	// that holds the item committed (err nil) or failed.
	done func(err error)
}

func (it *item) isGame() bool { return it.white != "" }

// store is where the games and their moves are kept.
type store interface {
	// write stores every item in one transaction.
	write(ctx context.Context, items []*item) error
	// moves returns a game's moves in order, as UCI.
	moves(ctx context.Context, game string) ([]string, error)
	close()
}

// sqliteStore keeps the games in one SQLite file: WAL, synchronous=FULL
// (every commit fsynced), one connection for the writes.
type sqliteStore struct {
	wdb, rdb *sql.DB
}

const sqliteSchema = `
CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, white TEXT NOT NULL, black TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS moves (game TEXT NOT NULL, ply INTEGER NOT NULL, uci TEXT NOT NULL, PRIMARY KEY (game, ply)) WITHOUT ROWID;`

func openSQLite(path string) (*sqliteStore, error) {
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=busy_timeout(10000)"
	wdb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	wdb.SetMaxOpenConns(1)
	if _, err := wdb.Exec(sqliteSchema); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("sqlite schema: %w", err)
	}
	rdb, err := sql.Open("sqlite", dsn+"&_pragma=query_only(1)")
	if err != nil {
		wdb.Close()
		return nil, err
	}
	rdb.SetMaxOpenConns(4)
	return &sqliteStore{wdb: wdb, rdb: rdb}, nil
}

func (s *sqliteStore) write(ctx context.Context, items []*item) error {
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, it := range items {
		if it.isGame() {
			_, err = tx.ExecContext(ctx, "INSERT INTO games (id, white, black) VALUES (?, ?, ?)", it.game, it.white, it.black)
		} else {
			_, err = tx.ExecContext(ctx, "INSERT INTO moves (game, ply, uci) VALUES (?, ?, ?)", it.game, it.ply, it.uci)
		}
		if err != nil {
			return err
		}
	}
	return tx.Commit()
}

func (s *sqliteStore) moves(ctx context.Context, game string) ([]string, error) {
	return queryMoves(ctx, s.rdb, game)
}

func queryMoves(ctx context.Context, db *sql.DB, game string) ([]string, error) {
	rows, err := db.QueryContext(ctx, "SELECT uci FROM moves WHERE game = ? ORDER BY ply", game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var u string
		if err := rows.Scan(&u); err != nil {
			return nil, err
		}
		out = append(out, u)
	}
	return out, rows.Err()
}

func (s *sqliteStore) close() { s.wdb.Close(); s.rdb.Close() }

// postgresStore keeps the games in PostgreSQL: each transaction's moves go
// in by COPY, committed with the server's default synchronous_commit (on).
type postgresStore struct {
	pool *pgxpool.Pool
}

const postgresSchema = `
CREATE TABLE IF NOT EXISTS games (id TEXT PRIMARY KEY, white TEXT NOT NULL, black TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS moves (game TEXT NOT NULL, ply INTEGER NOT NULL, uci TEXT NOT NULL, PRIMARY KEY (game, ply));`

func openPostgres(ctx context.Context, dsn string) (*postgresStore, error) {
	pool, err := pgxpool.New(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if _, err := pool.Exec(ctx, postgresSchema); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres schema: %w", err)
	}
	return &postgresStore{pool: pool}, nil
}

func (s *postgresStore) write(ctx context.Context, items []*item) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var rows [][]any
	var games pgx.Batch
	for _, it := range items {
		if it.isGame() {
			games.Queue("INSERT INTO games (id, white, black) VALUES ($1, $2, $3)", it.game, it.white, it.black)
		} else {
			rows = append(rows, []any{it.game, int32(it.ply), it.uci})
		}
	}
	if games.Len() > 0 {
		if err := tx.SendBatch(ctx, &games).Close(); err != nil {
			return err
		}
	}
	if len(rows) > 0 {
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{"moves"}, []string{"game", "ply", "uci"}, pgx.CopyFromRows(rows)); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

func (s *postgresStore) moves(ctx context.Context, game string) ([]string, error) {
	rows, err := s.pool.Query(ctx, "SELECT uci FROM moves WHERE game = $1 ORDER BY ply", game)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

func (s *postgresStore) close() { s.pool.Close() }

// isPostgres reports whether db names a PostgreSQL database.
func isPostgres(db string) bool {
	return strings.HasPrefix(db, "postgres://") || strings.HasPrefix(db, "postgresql://")
}
