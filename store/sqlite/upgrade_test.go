package sqlite_test

import (
	"path/filepath"
	"testing"

	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/storetest"
)

// TestUpgradeChatReportsOnce: migration 0019 on a file that JoinPal left
// at 0018 with reports stored twice.
func TestUpgradeChatReportsOnce(t *testing.T) {
	storetest.RunChatReportsUpgrade(t, func(t *testing.T) (func(string, ...any) error, func(*testing.T) chat.Store) {
		path := filepath.Join(t.TempDir(), "old.db")
		exec, closeDB, err := sqlite.OldDatabase(t.Context(), path, 18)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { closeDB() })
		return exec, func(t *testing.T) chat.Store {
			s, err := sqlite.Open(t.Context(), path)
			return storetest.Opened(t, s, err)
		}
	})
}
