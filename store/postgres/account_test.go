package postgres_test

import (
	"testing"

	"github.com/joinpal/joinpal/store/storetest"
)

func TestAccountConformance(t *testing.T) {
	storetest.RunAccounts(t, func(t *testing.T) storetest.AccountStore { return openFor(t) },
		func(t *testing.T) {
			// A trigger makes PostgreSQL raise an error in the statement, as
			// a full disk or a lost connection would fail it.
			dsn, _ := dsns.Load(t)
			conn, err := connect(t.Context(), dsn.(string))
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close(t.Context())
			if _, err := conn.Exec(t.Context(), `CREATE FUNCTION refuse_rating_changes() RETURNS trigger
				LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$;
				CREATE TRIGGER refuse_rating_changes BEFORE INSERT ON rating_changes FOR EACH ROW
				WHEN (NEW.game_id LIKE '`+storetest.RefusedPrefix+`%') EXECUTE FUNCTION refuse_rating_changes()`); err != nil {
				t.Fatalf("create the refusing trigger: %v", err)
			}
		})
}

// BenchmarkGameEnd: the write that ends a game, casual and rated.
func BenchmarkGameEnd(b *testing.B) {
	storetest.BenchmarkGameEnd(b, func(b *testing.B) storetest.AccountStore { return openFor(b) })
}
