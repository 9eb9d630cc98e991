package postgres_test

import (
	"crypto/rand"
	"encoding/hex"
	"testing"

	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/storetest"
)

// The writers take their connections unpinged while busy: when PostgreSQL
// ends every connection of the store (a restart, an administrator), the
// next writes meet broken connections and run again on new ones, so their
// callers see none of it.
func TestWritesOutliveBrokenWriterConnections(t *testing.T) {
	var b [6]byte
	rand.Read(b[:])
	app := "jp_writers_" + hex.EncodeToString(b[:])
	dsn := withParam(t, schemaDSN(t), "application_name", app)
	s, err := postgres.Open(t.Context(), dsn)
	s = storetest.Opened(t, s, err)
	rec := createGame(t, s, "g1")
	st := rec.State
	for seq := int64(1); seq <= 2; seq++ { // both writers' connections opened
		st.Seq = seq
		if err := s.SaveState(t.Context(), rec.ID, st); err != nil {
			t.Fatal(err)
		}
	}
	admin, err := connect(t.Context(), schemaDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(t.Context())
	var ended int
	if err := admin.QueryRow(t.Context(), "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1) t", app).Scan(&ended); err != nil {
		t.Fatal(err)
	}
	if ended == 0 {
		t.Fatal("no connection of the store to end")
	}
	for seq := int64(3); seq <= 6; seq++ {
		st.Seq = seq
		if err := s.SaveState(t.Context(), rec.ID, st); err != nil {
			t.Fatalf("write %d after its connections ended: %v", seq, err)
		}
	}
	var seq int64
	if err := admin.QueryRow(t.Context(), "SELECT seq FROM games WHERE id = $1", rec.ID).Scan(&seq); err != nil {
		t.Fatal(err)
	}
	if seq != 6 {
		t.Errorf("stored seq %d, want 6", seq)
	}
}
