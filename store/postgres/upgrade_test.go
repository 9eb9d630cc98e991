package postgres_test

import (
	"testing"

	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/store/postgres"
	"github.com/joinpal/joinpal/store/storetest"
)

// TestUpgradeChatReportsOnce: migration 0019 on a database that JoinPal
// left at 0018 with reports stored twice.
func TestUpgradeChatReportsOnce(t *testing.T) {
	storetest.RunChatReportsUpgrade(t, func(t *testing.T) (func(string, ...any) error, func(*testing.T) chat.Store) {
		dsn := newSchema(t)
		exec, closeDB, err := postgres.OldDatabase(t.Context(), dsn, 18)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(closeDB)
		return exec, func(t *testing.T) chat.Store {
			s, err := postgres.Open(t.Context(), dsn)
			return storetest.Opened(t, s, err)
		}
	})
}
