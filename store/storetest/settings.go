package storetest

import (
	"testing"

	"github.com/joinpal/joinpal/account"
)

// testSettings saves, reads and replaces a user's settings: defaults
// before any, the language kept with the user, bad values refused with
// nothing changed, and nobody's settings not found.
func testSettings(t *testing.T, s AccountStore) {
	ctx := t.Context()
	a := accountUser("set1", "Sofia")
	mustCreateUser(t, s, a)
	mustCreateUser(t, s, guestUser("set2"))

	want := account.DefaultSettings()
	want.Lang = a.Lang
	if got, err := s.Settings(ctx, "set1"); err != nil || got != want {
		t.Errorf("Settings before any saved = %+v, %v; want the defaults %+v", got, err, want)
	}

	set := account.Settings{Board: "green", Pieces: "dejavu", AutoQueen: account.AutoQueenAlways,
		ConfirmMove: true, ConfirmResign: false, Sound: false, Volume: 0, Zen: true,
		Takebacks: account.TakebacksNever, Lang: "en"}
	for i, step := range []account.Settings{set, func() account.Settings {
		s := set
		s.Board, s.Volume, s.Zen, s.Lang, s.Takebacks = "blue", 100, false, "", account.TakebacksAlways
		return s
	}()} {
		if err := s.SetSettings(ctx, "set1", step); err != nil {
			t.Fatalf("SetSettings #%d: %v", i, err)
		}
		if got, err := s.Settings(ctx, "set1"); err != nil || got != step {
			t.Errorf("Settings after SetSettings #%d = %+v, %v; want %+v", i, got, err, step)
		}
		if got := mustUser(t, s, "set1").Lang; got != step.Lang {
			t.Errorf("user's lang after SetSettings #%d = %q, want %q", i, got, step.Lang)
		}
		set = step
	}
	if got, err := s.Settings(ctx, "set2"); err != nil || got != account.DefaultSettings() {
		t.Errorf("another user's settings = %+v, %v; want the defaults", got, err)
	}

	for _, bad := range []func(*account.Settings){
		func(s *account.Settings) { s.Board = "purple" },
		func(s *account.Settings) { s.Pieces = "" },
		func(s *account.Settings) { s.AutoQueen = "sometimes" },
		func(s *account.Settings) { s.Volume = 101 },
		func(s *account.Settings) { s.Volume = -1 },
		func(s *account.Settings) { s.Takebacks = "rated" },
	} {
		b := set
		b.Lang = "es"
		bad(&b)
		wantAccountCode(t, "SetSettings of a bad value", s.SetSettings(ctx, "set1", b), account.CodeBadSetting)
	}
	if got, err := s.Settings(ctx, "set1"); err != nil || got != set {
		t.Errorf("Settings after refused changes = %+v, %v; want them unchanged %+v", got, err, set)
	}
	_, err := s.Settings(ctx, "nobody")
	wantAccountCode(t, "Settings of nobody", err, account.CodeNotFound)
	wantAccountCode(t, "SetSettings of nobody", s.SetSettings(ctx, "nobody", account.DefaultSettings()), account.CodeNotFound)
}
