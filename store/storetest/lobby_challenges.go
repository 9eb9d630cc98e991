package storetest

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/joinpal/joinpal/lobby"
)

// The challenges of the lobby's conformance suite (RunLobby).

func testChallengeRoundTrip(t *testing.T, s LobbyStore) {
	direct := challengeFixture(t, "direct", lobby.Direct, "u:1", "g:2", 0)
	direct.Rated, direct.Color = false, lobby.Random
	link := challengeFixture(t, "link", lobby.Open, "u:1", "", 1)
	link.TimeControl = mustTC(t, "move:1m")
	rematch := challengeFixture(t, "rematch", lobby.Rematch, "u:3", "u:4", 2)
	rematch.RematchOf, rematch.Rated, rematch.Color = "game-1", true, lobby.Black
	done := challengeFixture(t, "done", lobby.Direct, "u:5", "u:6", 3)
	done.Status, done.DeclineReason, done.GameID = lobby.Declined, lobby.DeclineTooFast, "g-9"
	for _, c := range []lobby.Challenge{direct, link, rematch, done} {
		mustCreateChallenge(t, s, c)
		checkChallenge(t, "Challenge "+c.ID, mustChallenge(t, s, c.ID), c)
	}
	got, err := s.RematchOf(t.Context(), "game-1")
	if err != nil {
		t.Fatalf("RematchOf: %v", err)
	}
	checkChallenge(t, "RematchOf", got, rematch)
	_, err = s.RematchOf(t.Context(), "")
	wantLobbyCode(t, `RematchOf("")`, err, lobby.CodeChallengeNotFound)
	_, err = s.RematchOf(t.Context(), "game-2")
	wantLobbyCode(t, "RematchOf a game without one", err, lobby.CodeChallengeNotFound)
	_, err = s.Challenge(t.Context(), "nope")
	wantLobbyCode(t, "Challenge unknown", err, lobby.CodeChallengeNotFound)
}

func testChallengeExists(t *testing.T, s LobbyStore) {
	a := challengeFixture(t, "a", lobby.Rematch, "u:1", "u:2", 0)
	a.RematchOf = "game-1"
	mustCreateChallenge(t, s, a)
	mustCreateChallenge(t, s, challengeFixture(t, "b", lobby.Direct, "u:1", "u:2", 0)) // rematch_of "" twice is fine
	mustCreateChallenge(t, s, challengeFixture(t, "c", lobby.Open, "u:1", "", 0))
	sameID := challengeFixture(t, "a", lobby.Direct, "u:7", "u:8", 5)
	wantLobbyCode(t, "same id", s.CreateChallenge(t.Context(), sameID), lobby.CodeChallengeExists)
	second := challengeFixture(t, "d", lobby.Rematch, "u:2", "u:1", 5)
	second.RematchOf = "game-1"
	wantLobbyCode(t, "second rematch of a game", s.CreateChallenge(t.Context(), second), lobby.CodeChallengeExists)
	checkChallenge(t, "the first", mustChallenge(t, s, "a"), a)
	_, err := s.Challenge(t.Context(), "d")
	wantLobbyCode(t, "the refused rematch", err, lobby.CodeChallengeNotFound)
}

func testUpdateChallenge(t *testing.T, s LobbyStore) {
	link := challengeFixture(t, "link", lobby.Open, "u:1", "", 0)
	mustCreateChallenge(t, s, link)
	accepted := link
	accepted.Status, accepted.UpdatedAt = lobby.Accepted, at(50)
	accepted.Dest = lobby.Player{ID: "u:2", Name: "Second", Rating: 1700}
	accepted.GameID = "game-7"
	changed := accepted
	changed.Kind, changed.RematchOf = lobby.Rematch, "ignored" // kind and rematch game never change
	if err := s.UpdateChallenge(t.Context(), changed, lobby.Created); err != nil {
		t.Fatalf("UpdateChallenge: %v", err)
	}
	checkChallenge(t, "after UpdateChallenge", mustChallenge(t, s, "link"), accepted)

	again := accepted
	again.Dest.ID = "u:3"
	err := s.UpdateChallenge(t.Context(), again, lobby.Created)
	wantLobbyCode(t, "UpdateChallenge from a status it no longer has", err, lobby.CodeChallengeClosed)
	checkChallenge(t, "after the refused update", mustChallenge(t, s, "link"), accepted)
	unknown := challengeFixture(t, "nope", lobby.Direct, "u:1", "u:2", 0)
	wantLobbyCode(t, "UpdateChallenge of an unknown challenge",
		s.UpdateChallenge(t.Context(), unknown, lobby.Created), lobby.CodeChallengeNotFound)

	// Every field but the fixed three is replaced, from any status.
	reopened := challengeFixture(t, "link", lobby.Open, "u:9", "", 100)
	reopened.TimeControl, reopened.Color, reopened.Rated = mustTC(t, "30+0"), lobby.Black, true
	reopened.DeclineReason = lobby.DeclineLater
	if err := s.UpdateChallenge(t.Context(), reopened, lobby.Accepted); err != nil {
		t.Fatalf("UpdateChallenge from accepted: %v", err)
	}
	checkChallenge(t, "after the second update", mustChallenge(t, s, "link"), reopened)
}

// testAcceptChallengeRace: many people open one link at once; exactly one
// plays.
func testAcceptChallengeRace(t *testing.T, s LobbyStore) {
	const takers = 8
	link := challengeFixture(t, "link", lobby.Open, "u:0", "", 0)
	mustCreateChallenge(t, s, link)
	errs := atOnce(takers, func(i int) error {
		c := link
		c.Status, c.Dest = lobby.Accepted, lobby.Player{ID: fmt.Sprintf("u:%d", i), Name: "Taker"}
		return s.UpdateChallenge(t.Context(), c, lobby.Created)
	})
	winner := oneWinner(t, "UpdateChallenge", errs, lobby.CodeChallengeClosed)
	if got := mustChallenge(t, s, "link"); got.Dest.ID != fmt.Sprintf("u:%d", winner) || got.Status != lobby.Accepted {
		t.Errorf("winner u:%d; stored %s", winner, show(got))
	}
}

func testChallengesFor(t *testing.T, s LobbyStore) {
	declined := challengeFixture(t, "declined", lobby.Direct, "u:2", "u:1", 0)
	declined.Status = lobby.Declined
	for _, c := range []lobby.Challenge{
		challengeFixture(t, "to-me", lobby.Direct, "u:2", "u:1", 30),
		challengeFixture(t, "from-me", lobby.Direct, "u:1", "u:3", 10),
		challengeFixture(t, "my-link", lobby.Open, "u:1", "", 20),
		challengeFixture(t, "others", lobby.Direct, "u:2", "u:3", 5),
		challengeFixture(t, "a-link", lobby.Open, "u:4", "", 6),
		declined,
	} {
		mustCreateChallenge(t, s, c)
	}
	for _, tt := range []struct {
		user string
		want []string
	}{
		{"u:1", []string{"from-me", "my-link", "to-me"}},
		{"u:3", []string{"others", "from-me"}},
		{"u:9", []string{}},
		{"", []string{}},
	} {
		got, err := s.ChallengesFor(t.Context(), tt.user)
		if err != nil {
			t.Fatalf("ChallengesFor(%q): %v", tt.user, err)
		}
		if !reflect.DeepEqual(ids(got), tt.want) {
			t.Errorf("ChallengesFor(%q) = %v, want %v", tt.user, ids(got), tt.want)
		}
	}
}

func testExpiredChallenges(t *testing.T, s LobbyStore) {
	accepted := challengeFixture(t, "accepted", lobby.Direct, "u:1", "u:2", 0)
	accepted.Status = lobby.Accepted
	for _, c := range []lobby.Challenge{
		challengeFixture(t, "late", lobby.Direct, "u:1", "u:2", 20), // expires at(1020)
		challengeFixture(t, "early", lobby.Open, "u:1", "", 10),     // expires at(1010)
		accepted,
	} {
		mustCreateChallenge(t, s, c)
	}
	for _, tt := range []struct {
		now  int64
		want []string
	}{
		{1009, []string{}},
		{1010, []string{"early"}},
		{5000, []string{"early", "late"}},
	} {
		got, err := s.ExpiredChallenges(t.Context(), at(tt.now))
		if err != nil {
			t.Fatalf("ExpiredChallenges: %v", err)
		}
		if !reflect.DeepEqual(ids(got), tt.want) {
			t.Errorf("ExpiredChallenges(at(%d)) = %v, want %v", tt.now, ids(got), tt.want)
		}
	}
}

// testEarliestLapses: the earliest owner gone among the seeks and the
// earliest expiry among the challenges still created, each zero when
// there is none.
func testEarliestLapses(t *testing.T, s LobbyStore) {
	ctx := t.Context()
	check := func(what string, wantGone, wantExpires time.Time) {
		t.Helper()
		gone, expires, err := s.EarliestLapses(ctx)
		if err != nil {
			t.Fatalf("%s: EarliestLapses: %v", what, err)
		}
		if !gone.Equal(wantGone) || !expires.Equal(wantExpires) {
			t.Errorf("%s: EarliestLapses = %v, %v; want %v, %v", what, gone, expires, wantGone, wantExpires)
		}
	}
	check("an empty lobby", time.Time{}, time.Time{})
	mustAddSeek(t, s, seekFixture(t, "a", "u:a", "3+0", 0))
	mustAddSeek(t, s, seekFixture(t, "b", "u:b", "3+0", 1))
	accepted := challengeFixture(t, "accepted", lobby.Direct, "u:1", "u:2", 0) // expires at(1000), but answered
	accepted.Status = lobby.Accepted
	mustCreateChallenge(t, s, accepted)
	check("owners here, no challenge open", time.Time{}, time.Time{})
	mustCreateChallenge(t, s, challengeFixture(t, "late", lobby.Direct, "u:1", "u:2", 20)) // expires at(1020)
	mustCreateChallenge(t, s, challengeFixture(t, "early", lobby.Open, "u:1", "", 10))     // expires at(1010)
	if err := s.MarkSeekOwnerGone(ctx, "u:b", at(300)); err != nil {
		t.Fatal(err)
	}
	if err := s.MarkSeekOwnerGone(ctx, "u:a", at(200)); err != nil {
		t.Fatal(err)
	}
	check("two owners gone, two challenges open", at(200), at(1010))
	if err := s.MarkSeekOwnerBack(ctx, "u:a"); err != nil {
		t.Fatal(err)
	}
	check("one owner back", at(300), at(1010))
}
