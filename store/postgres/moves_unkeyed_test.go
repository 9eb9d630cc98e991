package postgres_test

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/postgres"
)

// A move's row has no foreign key to its game's (migration 0020): the
// statement that inserts it inserts nothing for a game that is not there,
// with group commit and without, and a database left at 0019 loses the key
// and keeps its moves.
func TestMovesUnkeyed(t *testing.T) {
	for _, tc := range []struct {
		name string
		opts []postgres.Option
	}{
		{"group commit", nil},
		{"no group commit", []postgres.Option{postgres.WithGroupCommit(false)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFor(t, tc.opts...)
			rec := createGame(t, s, "g")
			mv := game.MoveRecord{Ply: 0, UCI: "e2e4", SAN: "e4", At: rec.CreatedAt.Add(time.Second)}
			st := game.State{Status: game.StatusStarted, Clock: rec.State.Clock}
			if err := s.AppendMove(t.Context(), "g", mv, st); err != nil {
				t.Fatal(err)
			}
			err := s.AppendMove(t.Context(), "nope", mv, st)
			if code := game.CodeOf(err); code != game.CodeGameNotFound {
				t.Fatalf("AppendMove to a missing game: %v (code %q), want %s", err, code, game.CodeGameNotFound)
			}
			if n := countRows(t, schemaDSN(t), "SELECT count(*) FROM moves WHERE game_id = 'nope'"); n != 0 {
				t.Fatalf("%d moves stored for a missing game", n)
			}
			if n := countRows(t, schemaDSN(t), "SELECT count(*) FROM moves WHERE game_id = 'g'"); n != 1 {
				t.Fatalf("%d moves stored for the game, want 1", n)
			}
			if n := countRows(t, schemaDSN(t), foreignKeysOfMoves); n != 0 {
				t.Fatalf("moves has %d foreign keys, want none", n)
			}
		})
	}
	t.Run("upgrade", func(t *testing.T) {
		dsn := newSchema(t)
		_, closeDB, err := postgres.OldDatabase(t.Context(), dsn, 19)
		if err != nil {
			t.Fatal(err)
		}
		defer closeDB()
		if n := countRows(t, dsn, foreignKeysOfMoves); n != 1 {
			t.Fatalf("at 0019 moves has %d foreign keys, want its game's", n)
		}
		s, err := postgres.Open(t.Context(), dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if n := countRows(t, dsn, foreignKeysOfMoves); n != 0 {
			t.Fatalf("after 0020 moves has %d foreign keys, want none", n)
		}
	})
}

const foreignKeysOfMoves = "SELECT count(*) FROM pg_constraint WHERE conrelid = 'moves'::regclass AND contype = 'f'"

// countRows runs query, a count, on the database of dsn.
func countRows(t *testing.T, dsn, query string) int64 {
	t.Helper()
	conn, err := connect(t.Context(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(t.Context())
	var n int64
	if err := conn.QueryRow(t.Context(), query).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
