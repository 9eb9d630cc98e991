package main

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// TestRatedTakebacks: a rated game allows takebacks only when both
// players' settings say "always"; the AI and an unknown player never agree.
func TestRatedTakebacks(t *testing.T) {
	ctx := context.Background()
	st, err := sqlite.Open(ctx, sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for id, tb := range map[string]account.Takebacks{"always1": account.TakebacksAlways, "always2": account.TakebacksAlways,
		"casual": account.TakebacksCasual, "never": account.TakebacksNever} {
		if err := st.CreateUser(ctx, account.User{ID: id, DisplayName: id, Guest: true, CreatedAt: time.Unix(0, 0)}); err != nil {
			t.Fatal(err)
		}
		set := account.DefaultSettings()
		set.Takebacks = tb
		if err := st.SetSettings(ctx, id, set); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.CreateUser(ctx, account.User{ID: "unset", DisplayName: "unset", Guest: true}); err != nil {
		t.Fatal(err)
	}
	agree := ratedTakebacks(st, slog.New(slog.NewTextHandler(io.Discard, nil)))
	p := func(id string) game.Player { return game.Player{ID: id, Name: id} }
	for _, tc := range []struct {
		white, black game.Player
		want         bool
	}{
		{p("always1"), p("always2"), true},
		{p("always1"), p("casual"), false},
		{p("never"), p("always2"), false},
		{p("always1"), p("unset"), false}, // the default is casual
		{p("always1"), p("nobody"), false},
		{p("always1"), game.Player{Name: "IA", AILevel: 3}, false},
	} {
		if got := agree(ctx, tc.white, tc.black); got != tc.want {
			t.Errorf("%s vs %s: %v, want %v", tc.white.ID, tc.black.ID, got, tc.want)
		}
	}
}
