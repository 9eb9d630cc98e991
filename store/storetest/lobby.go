package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

// LobbyStore is what the lobby's conformance suite needs of a store:
// lobby.Store, and Close to check that what it stored is kept.
type LobbyStore interface {
	lobby.Store
	Close() error
}

// RunLobby runs the conformance suite of lobby.Store against the store open
// opens, under the same contract as Run: the first call for a given t opens
// new, empty storage; a later call with the same t, after the suite closed
// the store, reopens that storage.
//
// Beyond lobby.Store's documentation, the suite holds stores to this: times
// come back in UTC, Equal to the times written (whole milliseconds); every
// field of a seek and a challenge comes back as written; the races the
// store settles (two takers of one seek, two acceptors of one challenge)
// have exactly one winner, with the others failing with the codes named by
// lobby.Store and changing nothing.
func RunLobby(t *testing.T, open func(t *testing.T) LobbyStore) {
	tests := []struct {
		name string
		test func(t *testing.T, s LobbyStore)
	}{
		{"SeekRoundTrip", testSeekRoundTrip},
		{"OneSeekPerOwnerPerTimeControl", testOneSeekPerOwner},
		{"RemoveSeek", testRemoveSeek},
		{"RemoveSeeksOf", testRemoveSeeksOf},
		{"TakeSeeksAllOrNone", testTakeSeeksAllOrNone},
		{"TakeSeekRace", testTakeSeekRace},
		{"SeekOwnerGone", testSeekOwnerGone},
		{"ChallengeRoundTrip", testChallengeRoundTrip},
		{"ChallengeExists", testChallengeExists},
		{"UpdateChallenge", testUpdateChallenge},
		{"AcceptChallengeRace", testAcceptChallengeRace},
		{"ChallengesFor", testChallengesFor},
		{"ExpiredChallenges", testExpiredChallenges},
		{"EarliestLapses", testEarliestLapses},
		{"LobbyCanceledContext", testLobbyCanceledContext},
		{"ServicePairsOnce", testServicePairsOnce},
		{"ServiceLinkFirstTakerWins", testServiceLinkFirstTaker},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, open(t))
		})
	}
	t.Run("LobbyReopen", func(t *testing.T) {
		t.Parallel()
		testLobbyReopen(t, open)
	})
}

// seekFixture returns a seek of owner with every field set, created at
// at(ms).
func seekFixture(t *testing.T, id, owner, tc string, ms int64) lobby.Seek {
	return lobby.Seek{ID: id, Owner: lobby.Player{ID: owner, Name: "Name of " + owner, Rating: 1500 + int(ms)},
		TimeControl: mustTC(t, tc), Color: lobby.Random, CreatedAt: at(ms)}
}

func challengeFixture(t *testing.T, id string, kind lobby.Kind, from, to string, ms int64) lobby.Challenge {
	c := lobby.Challenge{ID: id, Kind: kind, Status: lobby.Created,
		Challenger:  lobby.Player{ID: from, Name: "Name of " + from, Rating: 1600},
		TimeControl: mustTC(t, "3+2"), Color: lobby.White,
		CreatedAt: at(ms), ExpiresAt: at(ms + 1000), UpdatedAt: at(ms)}
	if to != "" {
		c.Dest = lobby.Player{ID: to, Name: "Name of " + to, Guest: true, Rating: 1500}
	}
	return c
}

// utcSeek and utcChallenge put every time in UTC, as stores read them back.
func utcSeek(s lobby.Seek) lobby.Seek {
	s.CreatedAt, s.OwnerGoneSince = utcTime(s.CreatedAt), utcTime(s.OwnerGoneSince)
	return s
}

func utcChallenge(c lobby.Challenge) lobby.Challenge {
	c.CreatedAt, c.ExpiresAt, c.UpdatedAt = utcTime(c.CreatedAt), utcTime(c.ExpiresAt), utcTime(c.UpdatedAt)
	return c
}

func utcTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return t.UTC()
}

func checkSeeks(t *testing.T, what string, got []lobby.Seek, want ...lobby.Seek) {
	t.Helper()
	for i := range want {
		want[i] = utcSeek(want[i])
	}
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %s\nwant %s", what, show(got), show(want))
	}
}

func checkChallenge(t *testing.T, what string, got, want lobby.Challenge) {
	t.Helper()
	if want = utcChallenge(want); !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %s\nwant %s", what, show(got), show(want))
	}
}

func ids(cs []lobby.Challenge) []string {
	out := []string{}
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// wantLobbyCode fails t unless err is a lobby error with code.
func wantLobbyCode(t *testing.T, what string, err error, code lobby.Code) {
	t.Helper()
	if err == nil {
		t.Errorf("%s: no error, want %s", what, code)
		return
	}
	if !errors.Is(err, lobby.NewError(code, "", nil)) {
		t.Errorf("%s: error %q has code %q, want %s", what, err, lobby.CodeOf(err), code)
	}
}

func mustSeeks(t *testing.T, s LobbyStore) []lobby.Seek {
	t.Helper()
	got, err := s.Seeks(t.Context())
	if err != nil {
		t.Fatalf("Seeks: %v", err)
	}
	return got
}

func mustAddSeek(t *testing.T, s LobbyStore, seek lobby.Seek) {
	t.Helper()
	if err := s.AddSeek(t.Context(), seek); err != nil {
		t.Fatalf("AddSeek(%q): %v", seek.ID, err)
	}
}

func mustCreateChallenge(t *testing.T, s LobbyStore, c lobby.Challenge) {
	t.Helper()
	if err := s.CreateChallenge(t.Context(), c); err != nil {
		t.Fatalf("CreateChallenge(%q): %v", c.ID, err)
	}
}

func mustChallenge(t *testing.T, s LobbyStore, id string) lobby.Challenge {
	t.Helper()
	c, err := s.Challenge(t.Context(), id)
	if err != nil {
		t.Fatalf("Challenge(%q): %v", id, err)
	}
	return c
}

func testSeekRoundTrip(t *testing.T, s LobbyStore) {
	full := lobby.Seek{ID: "full", Owner: lobby.Player{ID: "u:1", Name: "Zoë ♞ 'x'; --", Guest: false, Rating: 2345},
		TimeControl: mustTC(t, "15+10"), Color: lobby.Black, Rated: true,
		Range: lobby.RatingRange{Min: 2000, Max: 2600}, CreatedAt: at(5)}
	guest := lobby.Seek{ID: "guest", Owner: lobby.Player{ID: "g:2", Name: "Invitado 42", Guest: true, Rating: 1500},
		TimeControl: mustTC(t, "move:30s"), Color: lobby.White, CreatedAt: at(-5)}
	same := seekFixture(t, "same-time-b", "u:3", "1+0", 5) // same time as full: id decides
	for _, seek := range []lobby.Seek{full, same, guest} {
		mustAddSeek(t, s, seek)
	}
	checkSeeks(t, "Seeks, oldest first", mustSeeks(t, s), guest, full, same)
	for _, tt := range []struct {
		tc   string
		want []lobby.Seek
	}{
		{"15+10", []lobby.Seek{full}}, {"move:30s", []lobby.Seek{guest}}, {"1+0", []lobby.Seek{same}}, {"3+0", nil},
	} {
		got, err := s.SeeksWith(t.Context(), mustTC(t, tt.tc))
		if err != nil {
			t.Fatalf("SeeksWith(%s): %v", tt.tc, err)
		}
		checkSeeks(t, "SeeksWith "+tt.tc, got, tt.want...)
	}
	more := seekFixture(t, "more", "u:4", "15+10", -10)
	mustAddSeek(t, s, more)
	got, err := s.SeeksWith(t.Context(), mustTC(t, "15+10"))
	if err != nil {
		t.Fatalf("SeeksWith: %v", err)
	}
	checkSeeks(t, "SeeksWith 15+10, oldest first", got, more, full)
}

func testRemoveSeeksOf(t *testing.T, s LobbyStore) {
	a1, a2 := seekFixture(t, "a1", "u:a", "5+0", 10), seekFixture(t, "a2", "u:a", "3+0", 5)
	b := seekFixture(t, "b", "u:b", "3+0", 0)
	for _, seek := range []lobby.Seek{a1, a2, b} {
		mustAddSeek(t, s, seek)
	}
	got, err := s.RemoveSeeksOf(t.Context(), "u:a")
	if err != nil {
		t.Fatalf("RemoveSeeksOf: %v", err)
	}
	checkSeeks(t, "RemoveSeeksOf, oldest first", got, a2, a1)
	checkSeeks(t, "Seeks left", mustSeeks(t, s), b)
	got, err = s.RemoveSeeksOf(t.Context(), "u:a")
	if err != nil {
		t.Fatalf("RemoveSeeksOf again: %v", err)
	}
	checkSeeks(t, "RemoveSeeksOf again", got)
}

func testOneSeekPerOwner(t *testing.T, s LobbyStore) {
	mustAddSeek(t, s, seekFixture(t, "a", "u:1", "5+3", 0))
	tests := []struct {
		name string
		seek lobby.Seek
		code lobby.Code // "" if it is stored
	}{
		{"same owner and time control", seekFixture(t, "b", "u:1", "5+3", 1), lobby.CodeSeekExists},
		{"same owner and time control, other colour", func() lobby.Seek {
			s := seekFixture(t, "c", "u:1", "5+3", 1)
			s.Color, s.Rated = lobby.White, true
			return s
		}(), lobby.CodeSeekExists},
		{"same id", seekFixture(t, "a", "u:9", "10+0", 1), lobby.CodeSeekExists},
		{"same owner, other time control", seekFixture(t, "d", "u:1", "5+0", 2), ""},
		{"other owner, same time control", seekFixture(t, "e", "u:2", "5+3", 3), ""},
	}
	for _, tt := range tests {
		err := s.AddSeek(t.Context(), tt.seek)
		if tt.code == "" {
			if err != nil {
				t.Errorf("%s: AddSeek: %v", tt.name, err)
			}
			continue
		}
		wantLobbyCode(t, tt.name, err, tt.code)
	}
	var e *lobby.Error
	if err := s.AddSeek(t.Context(), seekFixture(t, "f", "u:1", "5+3", 4)); !errors.As(err, &e) || e.Params["time_control"] != "5+3" {
		t.Errorf("AddSeek of a second 5+3: %v, want the parameter time_control=5+3", err)
	}
	checkSeeks(t, "Seeks after the refusals", mustSeeks(t, s),
		seekFixture(t, "a", "u:1", "5+3", 0), seekFixture(t, "d", "u:1", "5+0", 2), seekFixture(t, "e", "u:2", "5+3", 3))
	if _, err := s.RemoveSeek(t.Context(), "a", "u:1"); err != nil {
		t.Fatalf("RemoveSeek: %v", err)
	}
	if err := s.AddSeek(t.Context(), seekFixture(t, "g", "u:1", "5+3", 5)); err != nil {
		t.Errorf("AddSeek once the first 5+3 is gone: %v", err)
	}
}

func testRemoveSeek(t *testing.T, s LobbyStore) {
	a := seekFixture(t, "a", "u:1", "3+0", 0)
	mustAddSeek(t, s, a)
	_, err := s.RemoveSeek(t.Context(), "a", "u:2")
	wantLobbyCode(t, "RemoveSeek by another", err, lobby.CodeSeekNotFound)
	_, err = s.RemoveSeek(t.Context(), "nope", "u:1")
	wantLobbyCode(t, "RemoveSeek of an unknown seek", err, lobby.CodeSeekNotFound)
	got, err := s.RemoveSeek(t.Context(), "a", "u:1")
	if err != nil {
		t.Fatalf("RemoveSeek by its owner: %v", err)
	}
	checkSeeks(t, "RemoveSeek's seek", []lobby.Seek{got}, a)
	_, err = s.RemoveSeek(t.Context(), "a", "u:1")
	wantLobbyCode(t, "RemoveSeek twice", err, lobby.CodeSeekNotFound)
	checkSeeks(t, "Seeks", mustSeeks(t, s))
}

func testTakeSeeksAllOrNone(t *testing.T, s LobbyStore) {
	a, b := seekFixture(t, "a", "u:1", "3+0", 0), seekFixture(t, "b", "u:2", "3+0", 1)
	mustAddSeek(t, s, a)
	mustAddSeek(t, s, b)
	_, err := s.TakeSeeks(t.Context(), "a", "missing")
	wantLobbyCode(t, "TakeSeeks with one missing", err, lobby.CodeSeekNotFound)
	checkSeeks(t, "Seeks after a failed take", mustSeeks(t, s), a, b)
	got, err := s.TakeSeeks(t.Context(), "b", "a")
	if err != nil {
		t.Fatalf("TakeSeeks: %v", err)
	}
	checkSeeks(t, "TakeSeeks' seeks, in the order asked", got, b, a)
	checkSeeks(t, "Seeks after the take", mustSeeks(t, s))
	_, err = s.TakeSeeks(t.Context(), "a")
	wantLobbyCode(t, "TakeSeeks of a taken seek", err, lobby.CodeSeekNotFound)
}

// testTakeSeekRace: many takers want seek "b", each paired with a seek of
// its own (and two of them the same pair in either order): exactly one
// wins, and the others' seeks stay.
func testTakeSeekRace(t *testing.T, s LobbyStore) {
	const takers = 8
	mustAddSeek(t, s, seekFixture(t, "b", "u:b", "3+0", 0))
	for i := range takers {
		mustAddSeek(t, s, seekFixture(t, fmt.Sprintf("x%d", i), fmt.Sprintf("u:%d", i), "3+0", int64(i+1)))
	}
	errs := atOnce(takers+1, func(i int) error {
		pair := []string{"b", fmt.Sprintf("x%d", min(i, takers-1))}
		if i == takers { // the same pair as the last taker, the other way round
			pair[0], pair[1] = pair[1], pair[0]
		}
		_, err := s.TakeSeeks(t.Context(), pair...)
		return err
	})
	if oneWinner(t, "TakeSeeks", errs, lobby.CodeSeekNotFound) < 0 {
		return
	}
	if left := mustSeeks(t, s); len(left) != takers-1 {
		t.Errorf("%d seeks left, want %d: %s", len(left), takers-1, show(left))
	}
}

func testSeekOwnerGone(t *testing.T, s LobbyStore) {
	a1, a2 := seekFixture(t, "a1", "u:a", "3+0", 0), seekFixture(t, "a2", "u:a", "5+0", 1)
	b := seekFixture(t, "b", "u:b", "3+0", 2)
	for _, seek := range []lobby.Seek{a1, a2, b} {
		mustAddSeek(t, s, seek)
	}
	ctx := t.Context()
	must := func(what string, err error) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	must("MarkSeekOwnerGone", s.MarkSeekOwnerGone(ctx, "u:a", at(100)))
	must("MarkSeekOwnerGone again", s.MarkSeekOwnerGone(ctx, "u:a", at(200))) // keeps the first moment
	a1.OwnerGoneSince, a2.OwnerGoneSince = at(100), at(100)
	checkSeeks(t, "Seeks with owner a gone", mustSeeks(t, s), a1, a2, b)
	removed, err := s.RemoveAbandonedSeeks(ctx, at(99))
	must("RemoveAbandonedSeeks", err)
	checkSeeks(t, "RemoveAbandonedSeeks before the owner left", removed)
	must("MarkSeekOwnerBack", s.MarkSeekOwnerBack(ctx, "u:a"))
	removed, err = s.RemoveAbandonedSeeks(ctx, at(1000))
	must("RemoveAbandonedSeeks", err)
	checkSeeks(t, "RemoveAbandonedSeeks once the owner is back", removed)
	a1.OwnerGoneSince, a2.OwnerGoneSince = time.Time{}, time.Time{}
	checkSeeks(t, "Seeks with owner a back", mustSeeks(t, s), a1, a2, b)

	must("MarkSeekOwnerGone", s.MarkSeekOwnerGone(ctx, "u:a", at(300)))
	removed, err = s.RemoveAbandonedSeeks(ctx, at(300)) // at the moment itself: removed
	must("RemoveAbandonedSeeks", err)
	a1.OwnerGoneSince, a2.OwnerGoneSince = at(300), at(300)
	checkSeeks(t, "RemoveAbandonedSeeks", removed, a1, a2)
	checkSeeks(t, "Seeks left", mustSeeks(t, s), b)
}

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

func testLobbyCanceledContext(t *testing.T, s LobbyStore) {
	mustAddSeek(t, s, seekFixture(t, "a", "u:1", "3+0", 0))
	mustCreateChallenge(t, s, challengeFixture(t, "c", lobby.Open, "u:1", "", 0))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	accepted := challengeFixture(t, "c", lobby.Open, "u:1", "u:2", 0)
	accepted.Status = lobby.Accepted
	calls := map[string]error{
		"AddSeek":              s.AddSeek(ctx, seekFixture(t, "b", "u:2", "3+0", 1)),
		"MarkSeekOwnerGone":    s.MarkSeekOwnerGone(ctx, "u:1", at(5)),
		"CreateChallenge":      s.CreateChallenge(ctx, challengeFixture(t, "d", lobby.Open, "u:1", "", 0)),
		"UpdateChallenge":      s.UpdateChallenge(ctx, accepted, lobby.Created),
		"MarkSeekOwnerBack":    s.MarkSeekOwnerBack(ctx, "u:1"),
		"TakeSeeks":            second(s.TakeSeeks(ctx, "a")),
		"RemoveSeek":           second(s.RemoveSeek(ctx, "a", "u:1")),
		"RemoveAbandonedSeeks": second(s.RemoveAbandonedSeeks(ctx, at(10))),
		"Seeks":                second(s.Seeks(ctx)),
		"SeeksWith":            second(s.SeeksWith(ctx, mustTC(t, "3+0"))),
		"RemoveSeeksOf":        second(s.RemoveSeeksOf(ctx, "u:1")),
		"Challenge":            second(s.Challenge(ctx, "c")),
		"ChallengesFor":        second(s.ChallengesFor(ctx, "u:1")),
		"EarliestLapses":       third(s.EarliestLapses(ctx)),
	}
	for name, err := range calls {
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a canceled context: %v, want context.Canceled", name, err)
		}
	}
	checkSeeks(t, "Seeks after canceled calls", mustSeeks(t, s), seekFixture(t, "a", "u:1", "3+0", 0))
	checkChallenge(t, "Challenge after canceled calls", mustChallenge(t, s, "c"), challengeFixture(t, "c", lobby.Open, "u:1", "", 0))
}

func second[T any](_ T, err error) error { return err }

// third returns the error of a call that returns two values and one.
func third[T, U any](_ T, _ U, err error) error { return err }

// atOnce calls f(0) … f(n-1) from n goroutines released at the same
// moment, and returns their errors.
func atOnce(n int, f func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			errs[i] = f(i)
		})
	}
	close(start)
	wg.Wait()
	return errs
}

// oneWinner fails t unless exactly one of errs is nil and every other
// carries code; it returns the winner's index, or -1.
func oneWinner(t *testing.T, what string, errs []error, code lobby.Code) int {
	t.Helper()
	winner := -1
	for i, err := range errs {
		switch {
		case err != nil:
			wantLobbyCode(t, fmt.Sprintf("%s %d", what, i), err, code)
		case winner >= 0:
			t.Errorf("%s: both %d and %d won", what, winner, i)
		default:
			winner = i
		}
	}
	if winner < 0 {
		t.Errorf("%s: nobody won", what)
	}
	return winner
}

func testLobbyReopen(t *testing.T, open func(t *testing.T) LobbyStore) {
	s := open(t)
	seek := seekFixture(t, "a", "u:1", "3+0", 0)
	seek.OwnerGoneSince = at(7)
	mustAddSeek(t, s, seek)
	c := challengeFixture(t, "c", lobby.Direct, "u:1", "u:2", 0)
	mustCreateChallenge(t, s, c)
	if err := s.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	s = open(t)
	checkSeeks(t, "Seeks after reopening", mustSeeks(t, s), seek)
	checkChallenge(t, "Challenge after reopening", mustChallenge(t, s, "c"), c)
}

// countingStarter is a lobby.GameStarter that counts the games it starts.
type countingStarter struct {
	mu    sync.Mutex
	games []game.Config
}

func (c *countingStarter) Create(_ context.Context, g game.Config) (game.Event, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.games = append(c.games, g)
	return game.Event{GameID: fmt.Sprintf("game-%d", len(c.games))}, nil
}

func (c *countingStarter) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.games)
}

// newServices returns n lobby services on s, as n nodes would run them.
func newServices(t *testing.T, s LobbyStore, n int) ([]*lobby.Service, *countingStarter) {
	games := &countingStarter{}
	var out []*lobby.Service
	for range n {
		svc, err := lobby.New(lobby.Config{Store: s, Games: games, Now: func() time.Time { return t0 }})
		if err != nil {
			t.Fatalf("lobby.New: %v", err)
		}
		out = append(out, svc)
	}
	return out, games
}

// testServicePairsOnce: round after round, two nodes place matching seeks
// at the same moment; each pair makes exactly one game.
func testServicePairsOnce(t *testing.T, s LobbyStore) {
	const rounds = 20
	nodes, games := newServices(t, s, 2)
	tc := mustTC(t, "3+0")
	for i := range rounds {
		errs := atOnce(len(nodes), func(j int) error {
			owner := lobby.Player{ID: fmt.Sprintf("u:%d:%d", i, j), Name: "Player", Rating: 1500}
			_, err := nodes[j].AddSeek(t.Context(), lobby.SeekRequest{Owner: owner, TimeControl: tc, Color: lobby.Random})
			return err
		})
		for j, err := range errs {
			if err != nil {
				t.Errorf("round %d, node %d: %v", i, j, err)
			}
		}
	}
	if n := games.count(); n != rounds {
		t.Errorf("%d games for %d pairs of matching seeks", n, rounds)
	}
	checkSeeks(t, "seeks left", mustSeeks(t, s))
}

// testServiceLinkFirstTaker: many people on several nodes open one link
// at once; exactly one plays.
func testServiceLinkFirstTaker(t *testing.T, s LobbyStore) {
	const takers = 8
	nodes, games := newServices(t, s, 2)
	link, err := nodes[0].Challenge(t.Context(), lobby.ChallengeRequest{
		Challenger:  lobby.Player{ID: "u:0", Name: "Creator"},
		TimeControl: mustTC(t, "5+3"), Color: lobby.Random})
	if err != nil {
		t.Fatalf("Challenge: %v", err)
	}
	errs := atOnce(takers, func(i int) error {
		by := lobby.Player{ID: fmt.Sprintf("g:%d", i), Name: "Guest", Guest: true}
		_, err := nodes[i%len(nodes)].Accept(t.Context(), link.ID, by)
		return err
	})
	oneWinner(t, "Accept", errs, lobby.CodeChallengeClosed)
	if games.count() != 1 {
		t.Errorf("%d games started, want 1", games.count())
	}
}
