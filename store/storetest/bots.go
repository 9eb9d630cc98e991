package storetest

import (
	"testing"

	"github.com/joinpal/joinpal/account"
)

// testBots makes an account a bot's: every way of reading the user says
// so from then on, again is no change, and a guest or nobody is not
// found; other users stay people.
func testBots(t *testing.T, s AccountStore) {
	ctx := t.Context()
	mustCreateUser(t, s, accountUser("bot1", "Robota"))
	mustCreateUser(t, s, accountUser("bot2", "Persona"))
	mustCreateUser(t, s, guestUser("bot3"))
	if mustUser(t, s, "bot1").Bot {
		t.Fatal("a new account is a bot")
	}
	for range 2 {
		if err := s.UpgradeToBot(ctx, "bot1"); err != nil {
			t.Fatalf("UpgradeToBot: %v", err)
		}
	}
	if !mustUser(t, s, "bot1").Bot || !mustUsername(t, s, "robota").Bot {
		t.Error("the upgraded account does not read as a bot")
	}
	if mustUser(t, s, "bot2").Bot {
		t.Error("another account became a bot")
	}
	wantAccountCode(t, "UpgradeToBot of a guest", s.UpgradeToBot(ctx, "bot3"), account.CodeNotFound)
	wantAccountCode(t, "UpgradeToBot of nobody", s.UpgradeToBot(ctx, "nobody"), account.CodeNotFound)
	if mustUser(t, s, "bot3").Bot {
		t.Error("the guest became a bot")
	}
}
