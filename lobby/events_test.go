package lobby_test

import (
	"testing"

	"github.com/joinpal/joinpal/lobby"
)

func TestLocalEvents(t *testing.T) {
	l := &lobby.LocalEvents{Buffer: 2}
	fast, cancelFast := l.Subscribe()
	defer cancelFast()
	slow, cancelSlow := l.Subscribe()
	defer cancelSlow()
	for i := range 3 {
		mustNoErr(t, "Publish", l.Publish(t.Context(), lobby.Event{Type: lobby.SeekAdded, GameID: string(rune('a' + i))}))
		if i < 2 {
			if ev := <-fast; ev.GameID != string(rune('a'+i)) {
				t.Errorf("fast got %+v", ev)
			}
		}
	}
	// The slow subscriber fell 3 behind a buffer of 2: its channel is
	// closed after what it could hold.
	for _, want := range []string{"a", "b"} {
		if ev, ok := <-slow; !ok || ev.GameID != want {
			t.Errorf("slow got %+v, %v; want %s", ev, ok, want)
		}
	}
	if _, ok := <-slow; ok {
		t.Error("the slow subscriber's channel is still open")
	}
	if ev := <-fast; ev.GameID != "c" {
		t.Errorf("fast got %+v, want c", ev)
	}
	cancelSlow() // after the drop: nothing happens
	cancelFast()
	if _, ok := <-fast; ok {
		t.Error("cancel left the channel open")
	}
	mustNoErr(t, "Publish with no subscribers", l.Publish(t.Context(), lobby.Event{Type: lobby.SeekRemoved}))
}

func TestEventConcerns(t *testing.T) {
	a, b := account("u:a", 1500), account("u:b", 1500)
	seek := lobby.Seek{Owner: a}
	ch := lobby.Challenge{Challenger: a, Dest: b}
	tests := []struct {
		name string
		ev   lobby.Event
		user string
		want bool
	}{
		{"own seek", lobby.Event{Type: lobby.SeekAdded, Seek: &seek}, "u:a", true},
		{"another's seek", lobby.Event{Type: lobby.SeekAdded, Seek: &seek}, "u:b", false},
		{"challenge to me", lobby.Event{Type: lobby.ChallengeChanged, Challenge: &ch}, "u:b", true},
		{"challenge from me", lobby.Event{Type: lobby.ChallengeChanged, Challenge: &ch}, "u:a", true},
		{"challenge of others", lobby.Event{Type: lobby.ChallengeChanged, Challenge: &ch}, "u:c", false},
		{"paired as black", lobby.Event{Type: lobby.Paired, White: &a, Black: &b}, "u:b", true},
		{"nobody", lobby.Event{Type: lobby.Paired, White: &a, Black: &b}, "", false},
		{"a link nobody opened, for nobody", lobby.Event{Type: lobby.ChallengeChanged,
			Challenge: &lobby.Challenge{Challenger: a}}, "", false},
	}
	for _, tt := range tests {
		if got := tt.ev.Concerns(tt.user); got != tt.want {
			t.Errorf("%s: Concerns(%q) = %v, want %v", tt.name, tt.user, got, tt.want)
		}
	}
}
