package storetest

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/manualclock"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/schedule"
)

// ScheduleStore is what a store implements for scheduled games: the game
// store and node registry the runtime needs, and schedule.Store.
type ScheduleStore interface {
	Store
	schedule.Store
}

// RunSchedule runs the conformance suite of scheduled games: schedule.Store
// (round trip, compare-and-set, the lists, what is due), the schedule
// service's rules on it (the one-hour boundary, 60:00 allowed and 59:59
// refused; the limit of requests per player; reminders, start and forfeit
// told once each, on the service's own schedule), and the live
// runtime on the store across restarts — a start that fell due while the
// server was down starts the game when it is back, charging nobody; a
// no-show that fell due then is applied, with its due time recorded. open
// follows Run's rules (a second call with the same t reopens the storage).
func RunSchedule(t *testing.T, open func(t *testing.T) ScheduleStore) {
	tests := []struct {
		name string
		test func(t *testing.T, open func(t *testing.T) ScheduleStore)
	}{
		{"ArrangementRoundTrip", testArrangementRoundTrip},
		{"ArrangementCompareAndSet", testArrangementCAS},
		{"ArrangementLists", testArrangementLists},
		{"SuspendedArrangement", testSuspendedArrangement},
		{"RestartAcrossTheStart", testRestartAcrossStart},
		{"RestartAcrossTheForfeit", testRestartAcrossForfeit},
		{"ServicePostponeRules", testSchedulePostponeRules},
		{"ServiceTellsOnTime", testScheduleTellsOnTime},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			tt.test(t, open)
		})
	}
}

func arrangementFixture(t *testing.T, id, proposer, opponent string, start time.Time) schedule.Arrangement {
	t.Helper()
	return schedule.Arrangement{ID: id, Proposer: schedule.Player{ID: proposer, Name: "P " + proposer},
		Opponent: schedule.Player{ID: opponent, Name: "O " + opponent}, Color: schedule.Random,
		TimeControl: mustTC(t, "15+10"), Rated: true, StartAt: start, Zone: "Europe/Madrid",
		DefaultTime: 10 * time.Minute, Status: schedule.Proposed,
		Postponements: []schedule.Postponement{{By: proposer, From: start, To: start.Add(time.Hour), Zone: "UTC",
			Status: schedule.RequestDeclined, AskedAt: at(1), AnsweredAt: at(2)}},
		CreatedAt: at(0), UpdatedAt: at(0), NextDue: start}
}

func wantScheduleCode(t *testing.T, what string, err error, code schedule.Code) {
	t.Helper()
	if schedule.CodeOf(err) != code {
		t.Fatalf("%s: %v, want code %s", what, err, code)
	}
}

func testArrangementRoundTrip(t *testing.T, open func(t *testing.T) ScheduleStore) {
	s := open(t)
	a := arrangementFixture(t, "a1", "u1", "u2", at(3_600_000))
	if err := s.CreateArrangement(t.Context(), a); err != nil {
		t.Fatal(err)
	}
	wantScheduleCode(t, "create again", s.CreateArrangement(t.Context(), a), schedule.CodeExists)
	got, err := s.Arrangement(t.Context(), "a1")
	if err != nil {
		t.Fatal(err)
	}
	if !got.StartAt.Equal(a.StartAt) || got.StartAt.Location() != time.UTC || got.Postponements[0].Status != schedule.RequestDeclined ||
		got.Proposer != a.Proposer || got.TimeControl != a.TimeControl || !got.Rated || got.DefaultTime != a.DefaultTime {
		t.Errorf("read back %+v, want %+v", got, a)
	}
	_, err = s.Arrangement(t.Context(), "nope")
	wantScheduleCode(t, "unknown id", err, schedule.CodeNotFound)
	s.Close()
	s = open(t)
	if _, err := s.Arrangement(t.Context(), "a1"); err != nil {
		t.Fatalf("after reopening: %v", err)
	}
}

func testArrangementCAS(t *testing.T, open func(t *testing.T) ScheduleStore) {
	s := open(t)
	a := arrangementFixture(t, "a1", "u1", "u2", at(3_600_000))
	if err := s.CreateArrangement(t.Context(), a); err != nil {
		t.Fatal(err)
	}
	// Two answers race from the same version: exactly one wins.
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Go(func() {
			b := a
			b.Status = schedule.Accepted
			errs[i] = s.UpdateArrangement(t.Context(), b)
		})
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		switch {
		case err == nil:
			won++
		case !errors.Is(err, schedule.ErrConflict):
			t.Errorf("a losing update: %v, want %s", err, schedule.CodeConflict)
		}
	}
	if won != 1 {
		t.Fatalf("%d updates from one version won, want 1", won)
	}
	got, _ := s.Arrangement(t.Context(), "a1")
	if got.Version != a.Version+1 || got.Status != schedule.Accepted {
		t.Errorf("version %d status %s after one update", got.Version, got.Status)
	}
	missing := a
	missing.ID = "zz"
	wantScheduleCode(t, "update of nothing", s.UpdateArrangement(t.Context(), missing), schedule.CodeNotFound)
}

func testArrangementLists(t *testing.T, open func(t *testing.T) ScheduleStore) {
	s := open(t)
	mk := func(id, p, o string, start time.Time, st schedule.Status, due time.Time) {
		a := arrangementFixture(t, id, p, o, start)
		a.Status, a.NextDue = st, due
		if err := s.CreateArrangement(t.Context(), a); err != nil {
			t.Fatal(err)
		}
	}
	mk("b", "u1", "u2", at(200_000), schedule.Accepted, at(100_000))
	mk("a", "u3", "u1", at(100_000), schedule.Proposed, at(100_000))
	mk("c", "u1", "u4", at(50_000), schedule.Declined, time.Time{}) // closed, started before since
	mk("d", "u2", "u3", at(10_000), schedule.Proposed, at(10_000))
	list, err := s.ArrangementsFor(t.Context(), "u1", at(60_000))
	if err != nil {
		t.Fatal(err)
	}
	if got := arrIDs(list); got != "a,b" {
		t.Errorf("u1's list %s, want a,b (by start)", got)
	}
	due, err := s.DueArrangements(t.Context(), at(100_000), 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := arrIDs(due); got != "d,a,b" {
		t.Errorf("due %s, want d,a,b", got)
	}
	next, ok, err := s.NextDue(t.Context())
	if err != nil || !ok || !next.Equal(at(10_000)) {
		t.Errorf("NextDue = %v %v %v, want %v", next, ok, err, at(10_000))
	}
}

// testSuspendedArrangement: a suspended arrangement keeps its history of
// suspensions and its proposals of a new time, and stays in its players'
// lists after the start it had (it is open: a new time is to be agreed).
func testSuspendedArrangement(t *testing.T, open func(t *testing.T) ScheduleStore) {
	s := open(t)
	a := arrangementFixture(t, "s1", "u1", "u2", at(50_000))
	a.Status, a.NextDue = schedule.Suspended, time.Time{}
	a.Suspensions = []schedule.Suspension{{By: "u2", At: at(1_000), From: at(50_000), GameID: "g1"}}
	a.Postponements = append(a.Postponements, schedule.Postponement{By: "u1", From: at(50_000), To: at(90_000), Zone: "UTC",
		Status: schedule.RequestPending, AskedAt: at(2_000), NewTime: true})
	if err := s.CreateArrangement(t.Context(), a); err != nil {
		t.Fatal(err)
	}
	got, err := s.Arrangement(t.Context(), "s1")
	if err != nil {
		t.Fatal(err)
	}
	if got.Status != schedule.Suspended || len(got.Suspensions) != 1 || got.Suspensions[0].By != "u2" || got.Suspensions[0].GameID != "g1" ||
		!got.Suspensions[0].At.Equal(at(1_000)) || !got.Suspensions[0].From.Equal(at(50_000)) ||
		got.Suspensions[0].At.Location() != time.UTC || !got.Postponements[1].NewTime || got.Postponements[0].NewTime {
		t.Errorf("read back %+v", got)
	}
	for _, user := range []string{"u1", "u2"} {
		list, err := s.ArrangementsFor(t.Context(), user, at(60_000))
		if err != nil || arrIDs(list) != "s1" {
			t.Errorf("%s's list after the old start: %s, %v", user, arrIDs(list), err)
		}
	}
}

func arrIDs(as []schedule.Arrangement) string {
	out := ""
	for i, a := range as {
		if i > 0 {
			out += ","
		}
		out += a.ID
	}
	return out
}

// scheduledRuntime starts a runtime on s with clock c: its timers fire
// as c.Set moves c past them, before Set returns.
func scheduledRuntime(t *testing.T, s Store, c *manualclock.Clock) *live.Runtime {
	t.Helper()
	rt := live.New(live.Config{Store: s, Nodes: s, Clock: manualclock.For[live.Timer]{Clock: c}, HeartbeatEvery: time.Hour})
	if err := rt.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	return rt
}

// scheduledGame creates a 15+0 game starting at start, black checked in
// at checkIn if not zero.
func scheduledGame(t *testing.T, rt *live.Runtime, c *manualclock.Clock, start, checkIn time.Time) {
	t.Helper()
	tc := mustTC(t, "15+0")
	if _, err := rt.Create(t.Context(), game.Config{ID: "sg", White: game.Player{ID: "w", Name: "W"},
		Black: game.Player{ID: "b", Name: "B"}, TimeControl: tc, ScheduledAt: start}); err != nil {
		t.Fatal(err)
	}
	if !checkIn.IsZero() {
		c.Set(checkIn)
		if err := rt.CheckIn(t.Context(), "sg", "b"); err != nil {
			t.Fatal(err)
		}
	}
}

func testRestartAcrossStart(t *testing.T, open func(t *testing.T) ScheduleStore) {
	s := open(t)
	c := manualclock.New(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	start := c.Now().Add(time.Hour)
	rt := scheduledRuntime(t, s, c)
	scheduledGame(t, rt, c, start, start.Add(-5*time.Minute))
	if err := rt.Stop(context.Background()); err != nil { // down 5 minutes before the start
		t.Fatal(err)
	}
	s.Close()
	back := start.Add(20 * time.Minute) // after the start and the default time
	c.Set(back)
	s = open(t)
	rt = scheduledRuntime(t, s, c)
	defer rt.Stop(context.Background())
	c.Set(back)
	sch, err := rt.Schedule(t.Context(), "sg")
	if err != nil {
		t.Fatal(err)
	}
	if sch.Status != game.StatusStarted || !sch.StartAt.Equal(back) || !sch.NoShowAt.Equal(back.Add(game.DefaultNoShowTime)) {
		t.Fatalf("after a restart across the start: %+v, want started at the return %v", sch, back)
	}
	ev, err := rt.Snapshot(t.Context(), "sg")
	if err != nil {
		t.Fatal(err)
	}
	if *ev.WhiteMs != (15 * time.Minute).Milliseconds() {
		t.Errorf("white charged for the downtime: %d ms left", *ev.WhiteMs)
	}
	c.Set(back.Add(game.DefaultNoShowTime))
	rec := mustLoad(t, s, "sg")
	if rec.State.Termination != game.NoShow || rec.State.Result != game.BlackWins {
		t.Errorf("white still absent at the default time: %v %v, want a no-show 0-1", rec.State.Termination, rec.State.Result)
	}
}

func testRestartAcrossForfeit(t *testing.T, open func(t *testing.T) ScheduleStore) {
	s := open(t)
	c := manualclock.New(time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC))
	start := c.Now().Add(time.Hour)
	rt := scheduledRuntime(t, s, c)
	scheduledGame(t, rt, c, start, start.Add(time.Minute)) // the start applied, black came
	c.Set(start.Add(2 * time.Minute))
	if err := rt.Stop(context.Background()); err != nil { // down before the default time ends
		t.Fatal(err)
	}
	s.Close()
	c.Set(start.Add(3 * time.Hour))
	s = open(t)
	rt = scheduledRuntime(t, s, c)
	defer rt.Stop(context.Background())
	c.Set(start.Add(3 * time.Hour)) // the timers due on return
	rec := mustLoad(t, s, "sg")
	if rec.State.Termination != game.NoShow || rec.State.Result != game.BlackWins {
		t.Fatalf("after a restart across the forfeit: %v %v, want a no-show 0-1", rec.State.Termination, rec.State.Result)
	}
	if due := start.Add(game.DefaultNoShowTime); !rec.State.EndedAt.Equal(due) {
		t.Errorf("ended at %v, want the due time %v", rec.State.EndedAt, due)
	}
}
