package postgres_test

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/store/postgres"
)

// A game's write through the group commit carries the heartbeat its
// context asks for: the node's row says it alive at the beat's time once
// the write returns, and the beat is marked carried. Without group commit
// the write carries nothing and leaves the beat unmarked.
func TestGameWriteCarriesHeartbeat(t *testing.T) {
	at := time.Date(2026, 12, 6, 4, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name        string
		opts        []postgres.Option
		wantCarried bool
	}{
		{"group commit", nil, true},
		{"no group commit", []postgres.Option{postgres.WithGroupCommit(false)}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openFor(t, tc.opts...)
			rec := createGame(t, s, "g1")
			if err := s.Heartbeat(t.Context(), "n1", at.Add(-time.Minute)); err != nil {
				t.Fatal(err)
			}
			b := &game.Beat{Node: "n1", At: at}
			st := rec.State
			st.Seq = 1
			if err := s.SaveState(game.WithBeat(t.Context(), b), rec.ID, st); err != nil {
				t.Fatal(err)
			}
			if b.Carried() != tc.wantCarried {
				t.Errorf("Carried() = %v, want %v", b.Carried(), tc.wantCarried)
			}
			want := at.Add(-time.Minute)
			if tc.wantCarried {
				want = at
			}
			seen, stopped, err := s.NodeStatus(t.Context(), "n1")
			if err != nil {
				t.Fatal(err)
			}
			if !seen.Equal(want) || stopped {
				t.Errorf("NodeStatus(n1) = %v, stopped %v; want %v, not stopped", seen, stopped, want)
			}
			// An older beat carried later leaves the newer one stored.
			old := &game.Beat{Node: "n1", At: at.Add(-time.Second)}
			st.Seq = 2
			if err := s.SaveState(game.WithBeat(t.Context(), old), rec.ID, st); err != nil {
				t.Fatal(err)
			}
			if seen, _, err := s.NodeStatus(t.Context(), "n1"); err != nil || !seen.Equal(want) {
				t.Errorf("after an older beat: NodeStatus(n1) = %v, %v; want %v", seen, err, want)
			}
		})
	}
}

// A batch of several writes carries the latest beat of each node once.
func TestCarriedBeatsLatestOfEachNode(t *testing.T) {
	at := time.Date(2026, 12, 6, 4, 0, 0, 0, time.UTC)
	a1 := &game.Beat{Node: "a", At: at}
	a2 := &game.Beat{Node: "a", At: at.Add(time.Second)}
	b1 := &game.Beat{Node: "b", At: at}
	for _, tc := range []struct {
		name  string
		beats []*game.Beat
		want  []*game.Beat
	}{
		{"none", []*game.Beat{nil, nil}, nil},
		{"one", []*game.Beat{nil, a1, nil}, []*game.Beat{a1}},
		{"later wins", []*game.Beat{a1, a2, b1}, []*game.Beat{a2, b1}},
		{"earlier after", []*game.Beat{a2, b1, a1}, []*game.Beat{a2, b1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := postgres.CarriedBeats(tc.beats)
			if len(got) != len(tc.want) {
				t.Fatalf("CarriedBeats = %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("CarriedBeats[%d] = %+v, want %+v", i, got[i], tc.want[i])
				}
			}
		})
	}
}
