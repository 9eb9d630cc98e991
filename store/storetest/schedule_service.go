package storetest

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/schedule"
)

// The schedule service's rules on a real store, with injected time: the
// one-hour boundary, a declined request keeping the start, the limit of
// requests per player, the reminders, start and forfeit told once each.

// memGames is schedule.Games in memory: what the runtime would do with the
// scheduled games, its rules (game.CheckPostpone) included.
type memGames struct {
	mu    sync.Mutex
	now   func() time.Time
	games map[string]*game.ScheduleState
	sides map[string][2]string
}

func (m *memGames) Create(_ context.Context, g game.Config) (game.Event, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	id := fmt.Sprintf("g%d", len(m.games)+1)
	m.games[id] = &game.ScheduleState{Status: game.StatusCreated, StartAt: g.ScheduledAt, NoShowAt: g.ScheduledAt.Add(g.DefaultTime), DefaultTime: g.DefaultTime}
	m.sides[id] = [2]string{g.White.ID, g.Black.ID}
	return game.Event{GameID: id}, nil
}

func (m *memGames) PostponeAsked(_ context.Context, id, _ string, at, asked time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	g := m.games[id]
	if err := game.CheckPostpone(g.StartAt, asked, at); err != nil {
		return err
	}
	if !m.now().Before(g.StartAt) {
		return game.CheckPostpone(g.StartAt, m.now(), at)
	}
	g.StartAt, g.NoShowAt = at, at.Add(g.DefaultTime)
	return nil
}

func (m *memGames) CheckIn(_ context.Context, id, playerID string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.sides[id][1] == playerID {
		m.games[id].Present[game.Black] = true
	} else {
		m.games[id].Present[game.White] = true
	}
	return nil
}

func (m *memGames) CallOff(_ context.Context, id, _ string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	g := m.games[id]
	if err := game.CheckSuspend(g.StartAt, m.now()); err != nil {
		return err
	}
	g.Status, g.Result = game.StatusAborted, game.NoResult
	return nil
}

func (m *memGames) Schedule(_ context.Context, id string) (game.ScheduleState, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return *m.games[id], nil
}

// serviceOn is a schedule service on s, with fake games and a clock set by
// hand, and the types of the events it published.
type serviceOn struct {
	store  schedule.Store
	svc    *schedule.Service
	games  *memGames
	now    time.Time
	events <-chan schedule.Event
}

func newServiceOn(t *testing.T, s schedule.Store) *serviceOn {
	t.Helper()
	e := &serviceOn{store: s, now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	e.games = &memGames{now: func() time.Time { return e.now }, games: map[string]*game.ScheduleState{}, sides: map[string][2]string{}}
	ev := &schedule.LocalEvents{}
	e.events, _ = ev.Subscribe()
	var err error
	e.svc, err = schedule.New(schedule.Config{Store: s, Games: e.games, Events: ev, Now: func() time.Time { return e.now }, Heads: func() bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func (e *serviceOn) drain() string {
	var out []string
	for {
		select {
		case ev := <-e.events:
			out = append(out, string(ev.Type))
		default:
			return strings.Join(out, ",")
		}
	}
}

func (e *serviceOn) accepted(t *testing.T, local string) schedule.Arrangement {
	t.Helper()
	tc := mustTC(t, "10+5")
	a, err := e.svc.Propose(t.Context(), schedule.Proposal{Proposer: schedule.Player{ID: "ana", Name: "Ana"},
		Opponent: schedule.Player{ID: "beto", Name: "Beto"}, Local: local, Zone: "UTC", TimeControl: tc, Color: schedule.White})
	if err != nil {
		t.Fatal(err)
	}
	if a, err = e.svc.Accept(t.Context(), a.ID, "beto"); err != nil {
		t.Fatal(err)
	}
	return a
}

func testSchedulePostponeRules(t *testing.T, open func(t *testing.T) ScheduleStore) {
	e := newServiceOn(t, open(t))
	a := e.accepted(t, "2026-12-01T20:00")
	start := a.StartAt
	ask := func(who, local string) error {
		_, err := e.svc.AskPostpone(t.Context(), a.ID, who, local, "UTC")
		return err
	}
	e.now = start.Add(-time.Hour + time.Second) // 59:59 before
	if err := ask("ana", "2026-12-01T22:00"); game.CodeOf(err) != game.CodePostponeTooLate {
		t.Fatalf("59:59 before the start: %v, want %s", err, game.CodePostponeTooLate)
	}
	e.now = start.Add(-time.Hour) // 60:00 before
	if err := ask("ana", "2026-12-01T22:00"); err != nil {
		t.Fatalf("60:00 before the start: %v", err)
	}
	e.now = start.Add(-30 * time.Minute) // answered later: still in time, the rule is judged at the request
	a, err := e.svc.AnswerPostpone(t.Context(), a.ID, "beto", false)
	if err != nil || !a.StartAt.Equal(start) {
		t.Fatalf("declined: %v, start %v, want it kept (%v)", err, a.StartAt, start)
	}
	e.now = start.Add(-5 * time.Hour)
	if err := ask("ana", "2026-12-01T23:00"); err != nil {
		t.Fatal(err)
	}
	if a, err = e.svc.AnswerPostpone(t.Context(), a.ID, "beto", true); err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 12, 1, 23, 0, 0, 0, time.UTC); !a.StartAt.Equal(want) {
		t.Fatalf("postponed to %v, want %v", a.StartAt, want)
	}
	if err := ask("ana", "2026-12-02T10:00"); schedule.CodeOf(err) != schedule.CodePostponeLimit {
		t.Fatalf("a third request from one player: %v, want %s", err, schedule.CodePostponeLimit)
	}
	if err := ask("beto", "2026-12-02T10:00"); err != nil {
		t.Fatalf("the other player's first request: %v", err)
	}
	got, err := e.store.Arrangement(t.Context(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	var hist []string
	for _, p := range got.Postponements {
		hist = append(hist, p.By+":"+string(p.Status))
	}
	if h := strings.Join(hist, ","); h != "ana:declined,ana:accepted,beto:pending" {
		t.Errorf("history %s", h)
	}
}

func testScheduleTellsOnTime(t *testing.T, open func(t *testing.T) ScheduleStore) {
	st := open(t)
	e := newServiceOn(t, st)
	a := e.accepted(t, "2026-12-01T12:00")
	tick := func(at time.Time) {
		e.now = at
		if _, err := e.svc.Tick(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	tick(a.StartAt.Add(-15 * time.Minute))
	tick(a.StartAt.Add(-14 * time.Minute))
	tick(a.StartAt.Add(-time.Minute))
	g := e.games.games[a.GameID]
	g.Status = game.StatusStarted
	tick(a.StartAt)
	g.Status, g.Termination, g.Result = game.StatusEnded, game.NoShow, game.WhiteWins
	tick(a.StartAt.Add(10 * time.Minute))
	tick(a.StartAt.Add(11 * time.Minute))
	if got, want := e.drain(), "proposed,accepted,soon,soon,started,forfeited"; got != want {
		t.Errorf("events %s, want %s", got, want)
	}
	got, err := st.Arrangement(t.Context(), a.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != schedule.Finished || got.Result != "1-0" || !got.NextDue.IsZero() {
		t.Errorf("after the forfeit: %s %q, due %v", got.Status, got.Result, got.NextDue)
	}
	if _, ok, _ := st.NextDue(t.Context()); ok {
		t.Error("something still due after the game was decided")
	}
}
