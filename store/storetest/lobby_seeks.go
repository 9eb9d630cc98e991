package storetest

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/lobby"
)

// The seeks of the lobby's conformance suite (RunLobby).

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
	goneOwners := func(what string, want ...string) {
		t.Helper()
		got, err := s.GoneSeekOwners(ctx)
		must("GoneSeekOwners", err)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("GoneSeekOwners %s: %q, want %q", what, got, want)
		}
	}
	goneOwners("with nobody gone")
	must("MarkSeekOwnerGone", s.MarkSeekOwnerGone(ctx, "u:a", at(100)))
	must("MarkSeekOwnerGone again", s.MarkSeekOwnerGone(ctx, "u:a", at(200))) // keeps the first moment
	a1.OwnerGoneSince, a2.OwnerGoneSince = at(100), at(100)
	checkSeeks(t, "Seeks with owner a gone", mustSeeks(t, s), a1, a2, b)
	goneOwners("with owner a gone (two seeks)", "u:a")
	must("MarkSeekOwnerGone b", s.MarkSeekOwnerGone(ctx, "u:b", at(150)))
	goneOwners("with owners a and b gone", "u:a", "u:b")
	must("MarkSeekOwnerBack b", s.MarkSeekOwnerBack(ctx, "u:b"))
	goneOwners("with owner b back", "u:a")
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
