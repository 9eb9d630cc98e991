package lobby_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

func direct(t *testing.T, from, to lobby.Player) lobby.ChallengeRequest {
	return lobby.ChallengeRequest{Challenger: from, Dest: &to, TimeControl: tc(t, "10+5"), Color: lobby.White}
}

func link(t *testing.T, from lobby.Player) lobby.ChallengeRequest {
	return lobby.ChallengeRequest{Challenger: from, TimeControl: tc(t, "3+2"), Color: lobby.Random}
}

func TestChallengeRefuses(t *testing.T) {
	e := newEnv(t)
	a, b, g := account("u:a", 1500), account("u:b", 1600), guest("g:c")
	rated := func(r lobby.ChallengeRequest) lobby.ChallengeRequest { r.Rated = true; return r }
	tests := []struct {
		name string
		req  lobby.ChallengeRequest
		code string // "" if made
	}{
		{"direct", direct(t, a, b), ""},
		{"rated direct between accounts", rated(direct(t, a, b)), ""},
		{"casual direct to a guest", direct(t, a, g), ""},
		{"rated direct to a guest", rated(direct(t, a, g)), string(lobby.CodeRatedNeedsAccounts)},
		{"rated direct from a guest", rated(direct(t, g, a)), string(lobby.CodeRatedNeedsAccounts)},
		{"rated link from a guest", rated(link(t, g)), string(lobby.CodeRatedNeedsAccounts)},
		{"rated link from an account", rated(link(t, a)), ""},
		{"to oneself", direct(t, a, a), string(lobby.CodeOwnChallenge)},
		{"untimed", func() lobby.ChallengeRequest { r := direct(t, a, b); r.TimeControl = game.NewUntimed(); return r }(),
			string(game.CodeUntimedNotAllowed)},
		{"bad colour", func() lobby.ChallengeRequest { r := link(t, a); r.Color = "green"; return r }(), string(lobby.CodeBadColor)},
		{"to nobody", direct(t, a, lobby.Player{}), string(lobby.CodeBadPlayer)},
	}
	made := 0
	for _, tt := range tests {
		c, err := e.svc.Challenge(t.Context(), tt.req)
		if tt.code != "" {
			wantCode(t, tt.name, err, tt.code)
			continue
		}
		made++
		if err != nil || c.Status != lobby.Created {
			t.Errorf("%s: %+v, %v", tt.name, c, err)
		}
	}
	got, err := e.svc.ChallengesFor(t.Context(), "u:a")
	mustNoErr(t, "ChallengesFor", err)
	if len(got) != made {
		t.Errorf("u:a has %d open challenges, want the %d made", len(got), made)
	}
}

// A direct challenge: only the challenged answers, only the challenger
// cancels; an answered challenge is closed.
func TestDirectChallenge(t *testing.T) {
	a, b, c := account("u:a", 1500), account("u:b", 1600), account("u:c", 1700)
	t.Run("accept", func(t *testing.T) {
		e := newEnv(t)
		ch, err := e.svc.Challenge(t.Context(), direct(t, a, b))
		mustNoErr(t, "Challenge", err)
		_, err = e.svc.Accept(t.Context(), ch.ID, c)
		wantCode(t, "accepted by a third person", err, string(lobby.CodeNotYourChallenge))
		_, err = e.svc.Accept(t.Context(), ch.ID, a)
		wantCode(t, "accepted by the challenger", err, string(lobby.CodeNotYourChallenge))
		e.clock.Advance(time.Minute)
		got, err := e.svc.Accept(t.Context(), ch.ID, b)
		mustNoErr(t, "Accept", err)
		if got.Status != lobby.Accepted || got.GameID != "game-1" || !got.UpdatedAt.Equal(t0.Add(time.Minute)) {
			t.Errorf("accepted: %+v", got)
		}
		if g := e.games.started(); len(g) != 1 || g[0].White.ID != "u:a" || g[0].Black.ID != "u:b" || g[0].TimeControl != tc(t, "10+5") {
			t.Errorf("games: %+v", g)
		}
		stored, err := e.svc.Get(t.Context(), ch.ID)
		mustNoErr(t, "Get", err)
		if stored.GameID != "game-1" || stored.Status != lobby.Accepted {
			t.Errorf("stored: %+v", stored)
		}
		_, err = e.svc.Accept(t.Context(), ch.ID, b)
		wantCode(t, "accepted twice", err, string(lobby.CodeChallengeClosed))
		_, err = e.svc.Cancel(t.Context(), ch.ID, "u:a")
		wantCode(t, "cancelled once accepted", err, string(lobby.CodeChallengeClosed))
	})
	t.Run("decline", func(t *testing.T) {
		e := newEnv(t)
		ch, err := e.svc.Challenge(t.Context(), direct(t, a, b))
		mustNoErr(t, "Challenge", err)
		_, err = e.svc.Decline(t.Context(), ch.ID, "u:b", "tooBusy")
		wantCode(t, "a reason lichess does not have", err, string(lobby.CodeBadDeclineReason))
		_, err = e.svc.Decline(t.Context(), ch.ID, "u:c", lobby.DeclineLater)
		wantCode(t, "declined by a third person", err, string(lobby.CodeNotYourChallenge))
		got, err := e.svc.Decline(t.Context(), ch.ID, "u:b", lobby.DeclineTooFast)
		mustNoErr(t, "Decline", err)
		if got.Status != lobby.Declined || got.DeclineReason != lobby.DeclineTooFast {
			t.Errorf("declined: %+v", got)
		}
		_, err = e.svc.Accept(t.Context(), ch.ID, b)
		wantCode(t, "accepted once declined", err, string(lobby.CodeChallengeClosed))
		if len(e.games.started()) != 0 {
			t.Error("a declined challenge started a game")
		}
	})
	t.Run("decline without a reason", func(t *testing.T) {
		e := newEnv(t)
		ch, err := e.svc.Challenge(t.Context(), direct(t, a, b))
		mustNoErr(t, "Challenge", err)
		got, err := e.svc.Decline(t.Context(), ch.ID, "u:b", "")
		mustNoErr(t, "Decline", err)
		if got.DeclineReason != lobby.DeclineGeneric {
			t.Errorf("reason %q, want generic", got.DeclineReason)
		}
	})
	t.Run("cancel", func(t *testing.T) {
		e := newEnv(t)
		ch, err := e.svc.Challenge(t.Context(), direct(t, a, b))
		mustNoErr(t, "Challenge", err)
		_, err = e.svc.Cancel(t.Context(), ch.ID, "u:b")
		wantCode(t, "cancelled by the challenged", err, string(lobby.CodeNotYourChallenge))
		got, err := e.svc.Cancel(t.Context(), ch.ID, "u:a")
		mustNoErr(t, "Cancel", err)
		if got.Status != lobby.Canceled {
			t.Errorf("cancelled: %+v", got)
		}
		_, err = e.svc.Accept(t.Context(), ch.ID, b)
		wantCode(t, "accepted once cancelled", err, string(lobby.CodeChallengeClosed))
		open, err := e.svc.ChallengesFor(t.Context(), "u:b")
		mustNoErr(t, "ChallengesFor", err)
		if len(open) != 0 {
			t.Errorf("open challenges of u:b: %+v", open)
		}
	})
	t.Run("unknown", func(t *testing.T) {
		e := newEnv(t)
		_, err := e.svc.Accept(t.Context(), "nope", b)
		wantCode(t, "Accept", err, string(lobby.CodeChallengeNotFound))
	})
}

// Challenges expire: a direct one 20 minutes after it was made, a link
// after 24 hours, at that moment exactly.
func TestChallengeExpiry(t *testing.T) {
	a, b := account("u:a", 1500), account("u:b", 1600)
	tests := []struct {
		name   string
		req    lobby.ChallengeRequest
		wait   time.Duration
		expire bool
	}{
		{"direct, a moment before 20 min", direct(t, a, b), 20*time.Minute - time.Millisecond, false},
		{"direct, at 20 min", direct(t, a, b), 20 * time.Minute, true},
		{"link, a moment before 24 h", link(t, a), 24*time.Hour - time.Millisecond, false},
		{"link, at 24 h", link(t, a), 24 * time.Hour, true},
	}
	for _, tt := range tests {
		for _, sweep := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s, sweep %v", tt.name, sweep), func(t *testing.T) {
				e := newEnv(t)
				ch, err := e.svc.Challenge(t.Context(), tt.req)
				mustNoErr(t, "Challenge", err)
				events, cancel := e.svc.Events().Subscribe()
				defer cancel()
				e.clock.Advance(tt.wait)
				if sweep {
					mustNoErr(t, "Sweep", e.svc.Sweep(t.Context()))
				}
				_, err = e.svc.Accept(t.Context(), ch.ID, b)
				if !tt.expire {
					mustNoErr(t, "Accept", err)
					return
				}
				wantCode(t, "Accept", err, string(lobby.CodeChallengeExpired))
				got, err := e.svc.Get(t.Context(), ch.ID)
				mustNoErr(t, "Get", err)
				if got.Status != lobby.Expired || len(e.games.started()) != 0 {
					t.Errorf("after expiry: %+v, games %+v", got, e.games.started())
				}
				if ev := <-events; ev.Type != lobby.ChallengeChanged || ev.Challenge.Status != lobby.Expired {
					t.Errorf("event %+v, want the expiry", ev)
				}
				select {
				case ev := <-events:
					t.Errorf("a second event %+v: the expiry must be published once", ev)
				default:
				}
			})
		}
	}
}

// A challenge link: anyone but its creator plays, the first who opens it;
// a rated link only an account.
func TestOpenChallenge(t *testing.T) {
	e := newEnv(t)
	a := account("u:a", 1500)
	rated := link(t, a)
	rated.Rated = true
	ch, err := e.svc.Challenge(t.Context(), rated)
	mustNoErr(t, "Challenge", err)
	_, err = e.svc.Accept(t.Context(), ch.ID, a)
	wantCode(t, "opened by its creator", err, string(lobby.CodeOwnChallenge))
	_, err = e.svc.Accept(t.Context(), ch.ID, guest("g:1"))
	wantCode(t, "a rated link opened by a guest", err, string(lobby.CodeRatedNeedsAccounts))
	_, err = e.svc.Decline(t.Context(), ch.ID, "u:b", lobby.DeclineGeneric)
	wantCode(t, "a link declined", err, string(lobby.CodeNotYourChallenge))
	e.heads = false // the random colour goes to the challenger's opponent
	got, err := e.svc.Accept(t.Context(), ch.ID, account("u:b", 1800))
	mustNoErr(t, "Accept", err)
	if got.Dest.ID != "u:b" || got.GameID == "" {
		t.Errorf("accepted link: %+v", got)
	}
	if g := e.games.started(); len(g) != 1 || g[0].White.ID != "u:b" || !g[0].Rated {
		t.Errorf("games: %+v", g)
	}
	casual, err := e.svc.Challenge(t.Context(), link(t, a))
	mustNoErr(t, "Challenge", err)
	if _, err := e.svc.Accept(t.Context(), casual.ID, guest("g:1")); err != nil {
		t.Errorf("a casual link opened by a guest: %v", err)
	}
}

// The races (two nodes pairing one seek, many people opening one link at
// once) run on both stores in store/storetest.RunLobby.

// A game that cannot start leaves the challenge open.
func TestAcceptReopensWhenTheGameFails(t *testing.T) {
	e := newEnv(t)
	ch, err := e.svc.Challenge(t.Context(), link(t, account("u:a", 1500)))
	mustNoErr(t, "Challenge", err)
	e.games.fail = errNoGames
	if _, err := e.svc.Accept(t.Context(), ch.ID, account("u:b", 1500)); !errors.Is(err, errNoGames) {
		t.Fatalf("Accept: %v, want the starter's error", err)
	}
	got, err := e.svc.Get(t.Context(), ch.ID)
	mustNoErr(t, "Get", err)
	if got.Status != lobby.Created || got.Dest != (lobby.Player{}) {
		t.Errorf("after the failed start: %+v, want it open as it was", got)
	}
	e.games.fail = nil
	if _, err := e.svc.Accept(t.Context(), ch.ID, account("u:c", 1500)); err != nil {
		t.Errorf("Accept after the failure: %v", err)
	}
}

func TestParseDeclineReason(t *testing.T) {
	tests := []struct {
		text string
		want lobby.DeclineReason
		ok   bool
	}{
		{"", lobby.DeclineGeneric, true},
		{"generic", lobby.DeclineGeneric, true},
		{"tooFast", lobby.DeclineTooFast, true},
		{"toofast", lobby.DeclineTooFast, true},
		{"timeControl", lobby.DeclineTimeControl, true},
		{"casual", lobby.DeclineCasual, true},
		{"variant", lobby.DeclineVariant, true}, // lichess's clients give them too
		{"noBot", lobby.DeclineNoBot, true},
		{"onlybot", lobby.DeclineOnlyBot, true},
		{"chess960", "", false},
		{"TOOFAST", "", false},
		{"later ", "", false},
	}
	for _, tt := range tests {
		got, err := lobby.ParseDeclineReason(tt.text)
		if tt.ok && (err != nil || got != tt.want) {
			t.Errorf("ParseDeclineReason(%q) = %q, %v; want %q", tt.text, got, err, tt.want)
		}
		if !tt.ok {
			wantCode(t, fmt.Sprintf("ParseDeclineReason(%q)", tt.text), err, string(lobby.CodeBadDeclineReason))
		}
	}
}
