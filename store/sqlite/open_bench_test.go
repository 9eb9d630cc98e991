package sqlite_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/joinpal/joinpal/store/sqlite"
)

func BenchmarkOpenFresh(b *testing.B) {
	for i := 0; i < b.N; i++ {
		st, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "j.db"))
		if err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}

func BenchmarkOpenMigrated(b *testing.B) {
	dir := b.TempDir()
	st, err := sqlite.Open(context.Background(), filepath.Join(dir, "t.db"))
	if err != nil {
		b.Fatal(err)
	}
	st.Close()
	data, _ := os.ReadFile(filepath.Join(dir, "t.db"))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := filepath.Join(b.TempDir(), "j.db")
		os.WriteFile(p, data, 0o600)
		st, err := sqlite.Open(context.Background(), p)
		if err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}
