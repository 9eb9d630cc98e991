package lobby_test

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/lobby"
)

func finished(t *testing.T) lobby.FinishedGame {
	return lobby.FinishedGame{ID: "old", White: account("u:w", 1500), Black: account("u:b", 1600),
		TimeControl: tc(t, "5+3"), Rated: true}
}

// Both agree: an offer, then the other's offer (or acceptance) starts the
// rematch with the same clock and colours swapped, once.
func TestRematch(t *testing.T) {
	for _, answer := range []string{"offer too", "accept"} {
		t.Run(answer, func(t *testing.T) {
			e := newEnv(t)
			g := finished(t)
			offer, err := e.svc.OfferRematch(t.Context(), g, "u:w")
			mustNoErr(t, "OfferRematch", err)
			if offer.Kind != lobby.Rematch || offer.Status != lobby.Created || offer.Color != lobby.Black ||
				offer.Dest.ID != "u:b" || offer.RematchOf != "old" || !offer.Rated {
				t.Fatalf("offer: %+v", offer)
			}
			again, err := e.svc.OfferRematch(t.Context(), g, "u:w")
			mustNoErr(t, "OfferRematch again", err)
			if again.ID != offer.ID || again.Status != lobby.Created {
				t.Errorf("a second offer by the same player: %+v, want the first", again)
			}
			var done lobby.Challenge
			if answer == "accept" {
				_, err = e.svc.Accept(t.Context(), offer.ID, account("u:w", 1500))
				wantCode(t, "accepted by its offerer", err, string(lobby.CodeNotYourChallenge))
				done, err = e.svc.Accept(t.Context(), offer.ID, g.Black)
			} else {
				done, err = e.svc.OfferRematch(t.Context(), g, "u:b")
			}
			mustNoErr(t, answer, err)
			if done.Status != lobby.Accepted || done.GameID != "game-1" {
				t.Fatalf("rematch: %+v", done)
			}
			games := e.games.started()
			if len(games) != 1 || games[0].White.ID != "u:b" || games[0].Black.ID != "u:w" ||
				games[0].TimeControl != g.TimeControl || !games[0].Rated {
				t.Errorf("games: %+v, want u:b as white at 5+3, rated", games)
			}
			_, err = e.svc.OfferRematch(t.Context(), g, "u:w")
			wantCode(t, "an offer once the rematch started", err, string(lobby.CodeRematchDone))
			if len(e.games.started()) != 1 {
				t.Error("a second rematch started")
			}
		})
	}
}

func TestRematchRefusesStrangers(t *testing.T) {
	e := newEnv(t)
	_, err := e.svc.OfferRematch(t.Context(), finished(t), "u:stranger")
	wantCode(t, "offered by a stranger", err, string(lobby.CodeNotAPlayer))
	_, err = e.svc.OfferRematch(t.Context(), finished(t), "")
	wantCode(t, "offered by nobody", err, string(lobby.CodeNotAPlayer))
	_, err = e.svc.DeclineRematch(t.Context(), "old", "u:b")
	wantCode(t, "declined with no offer", err, string(lobby.CodeNoRematchOffer))
	_, err = e.svc.OfferRematch(t.Context(), finished(t), "u:w")
	mustNoErr(t, "OfferRematch", err)
	_, err = e.svc.DeclineRematch(t.Context(), "old", "u:stranger")
	wantCode(t, "declined by a stranger", err, string(lobby.CodeNotAPlayer))
	_, err = e.svc.DeclineRematch(t.Context(), "old", "u:w")
	wantCode(t, "declined by its offerer", err, string(lobby.CodeNoRematchOffer))
}

// An offer lapses when a player leaves, after RematchTTL (1 min), or when
// declined; it may then be made again, by either player.
func TestRematchLapses(t *testing.T) {
	tests := []struct {
		name  string
		lapse func(e *env, t *testing.T)
	}{
		{"the offerer leaves", func(e *env, t *testing.T) { mustNoErr(t, "PlayerLeft", e.svc.PlayerLeft(t.Context(), "old", "u:w")) }},
		{"the opponent leaves", func(e *env, t *testing.T) { mustNoErr(t, "PlayerLeft", e.svc.PlayerLeft(t.Context(), "old", "u:b")) }},
		{"a minute passes", func(e *env, t *testing.T) { e.clock.Advance(time.Minute) }},
		{"a minute passes and the sweep runs", func(e *env, t *testing.T) {
			e.clock.Advance(time.Minute)
			mustNoErr(t, "Sweep", e.svc.Sweep(t.Context()))
		}},
		{"declined", func(e *env, t *testing.T) {
			_, err := e.svc.DeclineRematch(t.Context(), "old", "u:b")
			mustNoErr(t, "DeclineRematch", err)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			g := finished(t)
			offer, err := e.svc.OfferRematch(t.Context(), g, "u:w")
			mustNoErr(t, "OfferRematch", err)
			tt.lapse(e, t)
			_, err = e.svc.Accept(t.Context(), offer.ID, g.Black)
			if err == nil {
				t.Fatal("the lapsed offer was accepted")
			}
			// The opponent's offer is now a new offer, not an acceptance.
			again, err := e.svc.OfferRematch(t.Context(), g, "u:b")
			mustNoErr(t, "OfferRematch after the lapse", err)
			if again.Status != lobby.Created || again.Challenger.ID != "u:b" || again.Color != lobby.White ||
				!again.ExpiresAt.Equal(e.clock.Now().Add(time.Minute)) {
				t.Errorf("offer again: %+v", again)
			}
			if len(e.games.started()) != 0 {
				t.Error("a lapsed offer started a game")
			}
			done, err := e.svc.OfferRematch(t.Context(), g, "u:w")
			mustNoErr(t, "OfferRematch by the other", err)
			if done.Status != lobby.Accepted || len(e.games.started()) != 1 {
				t.Errorf("after both offered: %+v", done)
			}
		})
	}
}

// Leaving the page of a game with no offer, or of another game, changes
// nothing.
func TestPlayerLeftWithoutOffer(t *testing.T) {
	e := newEnv(t)
	mustNoErr(t, "PlayerLeft", e.svc.PlayerLeft(t.Context(), "old", "u:w"))
	offer, err := e.svc.OfferRematch(t.Context(), finished(t), "u:w")
	mustNoErr(t, "OfferRematch", err)
	mustNoErr(t, "PlayerLeft", e.svc.PlayerLeft(t.Context(), "other-game", "u:w"))
	mustNoErr(t, "PlayerLeft", e.svc.PlayerLeft(t.Context(), "old", "u:stranger"))
	got, err := e.svc.Get(t.Context(), offer.ID)
	mustNoErr(t, "Get", err)
	if got.Status != lobby.Created {
		t.Errorf("offer: %+v, want it open", got)
	}
}
