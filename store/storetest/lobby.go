package storetest

import (
	"context"
	"errors"
	"reflect"
	"testing"
	"time"

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
		"GoneSeekOwners":       second(s.GoneSeekOwners(ctx)),
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

// second returns the error of a call that returns a value and one.
func second[T any](_ T, err error) error { return err }

// third returns the error of a call that returns two values and one.
func third[T, U any](_ T, _ U, err error) error { return err }

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
