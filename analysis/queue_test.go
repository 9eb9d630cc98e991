package analysis

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/joinpal/joinpal/chess"
)

// memStore keeps analyses in memory and records the order of the saves.
type memStore struct {
	mu    sync.Mutex
	saved map[string]Report
	order []string
	added chan string
}

func newMemStore() *memStore {
	return &memStore{saved: map[string]Report{}, added: make(chan string, 64)}
}

func (s *memStore) SaveAnalysis(_ context.Context, id string, r Report) error {
	s.mu.Lock()
	s.saved[id] = r
	s.order = append(s.order, id)
	s.mu.Unlock()
	s.added <- id
	return nil
}

func (s *memStore) Analysis(_ context.Context, id string) (Report, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.saved[id]
	return r, ok, nil
}

// gated is an evaluator whose every answer waits for the test to open its
// gate, so that the test decides when each analysis moves on.
type gated struct{ gate, entered chan struct{} }

func newGated() *gated { return &gated{gate: make(chan struct{}), entered: make(chan struct{}, 100)} }

func (g *gated) Name() string { return "gated" }

func (g *gated) Evaluate(ctx context.Context, _ chess.Position, _ []chess.Move) (Line, error) {
	g.entered <- struct{}{}
	select {
	case <-g.gate:
		return Line{}, nil
	case <-ctx.Done():
		return Line{}, ctx.Err()
	}
}

func request(t *testing.T, game, user string) Request {
	return Request{GameID: game, User: user, Start: chess.StartingPosition(), Moves: playUCI(t, "e2e4")}
}

func TestQueueTakesUsersInTurn(t *testing.T) {
	st := newMemStore()
	ev := newGated()
	q := NewQueue(Config{Store: st, PerUser: 3, NewEvaluator: func() (Evaluator, error) { return ev, nil }})
	defer q.Close()
	ctx := context.Background()
	for _, id := range []string{"a1", "a2", "a3"} {
		if _, err := q.Submit(ctx, request(t, id, "ana")); err != nil {
			t.Fatal(err)
		}
	}
	// a1 is taken by the worker: let its first position through and wait
	// until it asks for the second.
	<-ev.entered
	ev.gate <- struct{}{}
	<-ev.entered
	if _, err := q.Submit(ctx, request(t, "b1", "bea")); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"b1": 1, "a2": 2, "a3": 3}
	for id, place := range want {
		st, err := q.Status(ctx, id)
		if err != nil || st.State != StateQueued || st.Place != place {
			t.Errorf("Status(%s) = %+v, %v; want queued at place %d", id, st, err, place)
		}
	}
	if st, _ := q.Status(ctx, "a1"); st.State != StateRunning || st.Done != 1 || st.Total != 2 {
		t.Errorf("Status(a1) = %+v, want running with 1 of 2 positions done", st)
	}
	close(ev.gate)
	for range 4 {
		<-st.added
	}
	if got := st.order; len(got) != 4 || got[0] != "a1" || got[1] != "b1" || got[2] != "a2" || got[3] != "a3" {
		t.Errorf("analyses stored in the order %v, want a1 b1 a2 a3", got)
	}
	s, err := q.Status(ctx, "b1")
	if err != nil || s.State != StateDone || s.Report == nil || len(s.Report.Plies) != 1 {
		t.Errorf("Status(b1) after the work = %+v, %v; want done with its report", s, err)
	}
	again, err := q.Submit(ctx, request(t, "b1", "bea"))
	if err != nil || again.State != StateDone {
		t.Errorf("Submit of an analysed game = %+v, %v; want done, nothing queued", again, err)
	}
}

func TestQueueRefusals(t *testing.T) {
	st := newMemStore()
	ev := newGated()
	q := NewQueue(Config{Store: st, PerUser: 1, MaxWaiting: 2, NewEvaluator: func() (Evaluator, error) { return ev, nil }})
	defer func() { close(ev.gate); q.Close() }()
	ctx := context.Background()
	// The worker takes g0 and waits at its gate: nothing of it is queued.
	if _, err := q.Submit(ctx, request(t, "g0", "u0")); err != nil {
		t.Fatal(err)
	}
	ev.gate <- struct{}{}
	tests := []struct {
		game, user string
		want       Code
	}{
		{"g1", "u1", ""},
		{"g1", "u1", ""}, // the same game again: its status, not a second place
		{"g2", "u1", CodeTooMany},
		{"g3", "u2", ""},
		{"g4", "u3", CodeBusy},
	}
	for _, tt := range tests {
		_, err := q.Submit(ctx, request(t, tt.game, tt.user))
		if CodeOf(err) != tt.want {
			t.Errorf("Submit(%s by %s) = %v, want code %q", tt.game, tt.user, err, tt.want)
		}
	}
	if _, err := q.Submit(ctx, Request{GameID: "empty", User: "u9", Start: chess.StartingPosition()}); !errors.Is(err, ErrNoMoves) {
		t.Errorf("Submit of a game without moves = %v, want %v", err, ErrNoMoves)
	}
	if s, _ := q.Status(ctx, "nothing"); s.State != StateNone {
		t.Errorf("Status of a game never asked = %+v, want none", s)
	}
}
