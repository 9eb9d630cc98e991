package postgres_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/store/postgres"
)

// The statements of a move's write find the game's row by its primary key
// in the plan a writer's connection keeps (a generic plan, made once),
// however few games the table held when it was made. A condition that
// implies a partial index's (status = 20, games_playing_now's) lets such a
// plan read the row through that index: every started game's entry for
// the one id, 4 ms a move at 9,900 games.
func TestMoveStatementsPlanOnTheKey(t *testing.T) {
	s := openFor(t)
	createGame(t, s, "g")
	conn, err := connect(t.Context(), schemaDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(t.Context(), "SET plan_cache_mode = force_generic_plan"); err != nil {
		t.Fatal(err)
	}
	for i, sql := range postgres.MoveStatements {
		name := fmt.Sprintf("move_%d", i)
		if _, err := conn.Exec(t.Context(), "PREPARE "+name+" AS "+sql); err != nil {
			t.Fatalf("PREPARE %s: %v", sql, err)
		}
		var params int64
		if err := conn.QueryRow(t.Context(), "SELECT cardinality(parameter_types) FROM pg_prepared_statements WHERE name = $1", name).Scan(&params); err != nil {
			t.Fatal(err)
		}
		nulls := strings.TrimSuffix(strings.Repeat("NULL, ", int(params)), ", ")
		rows, err := conn.Query(t.Context(), "EXPLAIN EXECUTE "+name+"("+nulls+")")
		if err != nil {
			t.Fatal(err)
		}
		var plan strings.Builder
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan.WriteString(line + "\n")
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if p := plan.String(); !strings.Contains(p, "using games_pkey on games") || strings.Contains(p, "Seq Scan on games") {
			t.Errorf("%.60s…: the game's row not read by its key:\n%s", sql, p)
		}
	}
}
