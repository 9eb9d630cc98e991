package schedule_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/store/sqlite/sqlitetest"
)

// TestParseLocalAcrossDaylightSaving: wall times on both sides of the
// changes of 2026 in Madrid and New York, the skipped hour refused, the
// doubled hour the earlier instant.
func TestParseLocalAcrossDaylightSaving(t *testing.T) {
	tests := []struct {
		local, zone, want string
		code              schedule.Code
	}{
		{"2026-03-28T18:00", "Europe/Madrid", "2026-03-28T17:00:00Z", ""}, // CET, before the change
		{"2026-03-30T18:00", "Europe/Madrid", "2026-03-30T16:00:00Z", ""}, // CEST, after it
		{"2026-03-29T01:59", "Europe/Madrid", "2026-03-29T00:59:00Z", ""},
		{"2026-03-29T02:30", "Europe/Madrid", "", schedule.CodeNoSuchLocalTime}, // skipped
		{"2026-03-29T03:00", "Europe/Madrid", "2026-03-29T01:00:00Z", ""},
		{"2026-10-25T02:30", "Europe/Madrid", "2026-10-25T00:30:00Z", ""}, // doubled: the earlier, CEST
		{"2026-10-25T03:30", "Europe/Madrid", "2026-10-25T02:30:00Z", ""},
		{"2026-03-07T18:00", "America/New_York", "2026-03-07T23:00:00Z", ""}, // EST
		{"2026-03-09T18:00", "America/New_York", "2026-03-09T22:00:00Z", ""}, // EDT
		{"2026-03-08T02:30", "America/New_York", "", schedule.CodeNoSuchLocalTime},
		{"2026-11-01T01:30", "America/New_York", "2026-11-01T05:30:00Z", ""}, // doubled: EDT
		{"2026-12-01T10:00", "UTC", "2026-12-01T10:00:00Z", ""},
		{"2026-12-01T10:00", "Mars/Olympus", "", schedule.CodeBadZone},
		{"2026-12-01 10:00", "UTC", "", schedule.CodeBadTime},
	}
	for _, tc := range tests {
		got, err := schedule.ParseLocal(tc.local, tc.zone)
		if schedule.CodeOf(err) != tc.code {
			t.Errorf("ParseLocal(%s, %s): %v, want code %q", tc.local, tc.zone, err, tc.code)
			continue
		}
		if tc.code == "" && got.Format(time.RFC3339) != tc.want {
			t.Errorf("ParseLocal(%s, %s) = %s, want %s", tc.local, tc.zone, got.Format(time.RFC3339), tc.want)
		}
	}
}

// fakeGames is the runtime as the service sees it, in memory.
type fakeGames struct {
	mu    sync.Mutex
	games map[string]*fakeGame
	now   func() time.Time
	// onPostpone, if set, runs when a game is postponed (unlocked).
	onPostpone func()
}

type fakeGame struct {
	g      game.Config
	st     game.ScheduleState
	checks []string
}

func (f *fakeGames) Create(_ context.Context, g game.Config) (game.Event, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := "g" + string(rune('0'+len(f.games)))
	f.games[id] = &fakeGame{g: g, st: game.ScheduleState{Status: game.StatusCreated, StartAt: g.ScheduledAt,
		NoShowAt: g.ScheduledAt.Add(g.DefaultTime), DefaultTime: g.DefaultTime}}
	return game.Event{GameID: id}, nil
}

func (f *fakeGames) PostponeAsked(_ context.Context, id, _ string, at, asked time.Time) error {
	if f.onPostpone != nil {
		f.onPostpone()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	fg := f.games[id]
	if err := game.CheckPostpone(fg.st.StartAt, asked, at); err != nil {
		return err
	}
	fg.st.StartAt, fg.st.NoShowAt = at, at.Add(fg.st.DefaultTime)
	return nil
}

func (f *fakeGames) CheckIn(_ context.Context, id, playerID string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	fg := f.games[id]
	side := game.White
	if fg.g.Black.ID == playerID {
		side = game.Black
	}
	fg.st.Present[side] = true
	return nil
}

// CallOff judges the notice on the games' clock, as the runtime does, and
// aborts the game.
func (f *fakeGames) CallOff(_ context.Context, id, _ string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	fg := f.games[id]
	if err := game.CheckSuspend(fg.st.StartAt, f.now()); err != nil {
		return err
	}
	fg.st.Status, fg.st.Result = game.StatusAborted, game.NoResult
	return nil
}

func (f *fakeGames) Schedule(_ context.Context, id string) (game.ScheduleState, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	g, ok := f.games[id]
	if !ok {
		return game.ScheduleState{}, game.NewError(game.CodeGameNotFound, "no game", nil)
	}
	return g.st, nil
}

// env is a service on a SQLite store, fake games and a clock set by hand.
type env struct {
	store  *sqlite.Store
	svc    *schedule.Service
	games  *fakeGames
	now    time.Time
	events <-chan schedule.Event
}

func newEnv(t *testing.T) *env {
	t.Helper()
	st, err := sqlite.Open(t.Context(), sqlitetest.File(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	e := &env{store: st, now: time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)}
	e.games = &fakeGames{games: map[string]*fakeGame{}, now: func() time.Time { return e.now }}
	ev := &schedule.LocalEvents{}
	e.events, _ = ev.Subscribe()
	e.svc, err = schedule.New(schedule.Config{Store: st, Games: e.games, Events: ev, Now: func() time.Time { return e.now },
		Heads: func() bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

var (
	ana  = schedule.Player{ID: "ana", Name: "Ana"}
	beto = schedule.Player{ID: "beto", Name: "Beto"}
)

// drain returns the types of the events published so far.
func (e *env) drain() string {
	var out []string
	for {
		select {
		case ev := <-e.events:
			s := string(ev.Type)
			if ev.Minutes > 0 {
				s += time.Duration(ev.Minutes * int(time.Minute)).String()
			}
			out = append(out, s)
		default:
			return strings.Join(out, ",")
		}
	}
}

func (e *env) propose(t *testing.T, local string) schedule.Arrangement {
	t.Helper()
	tc, _ := game.ParseTimeControl("10+5")
	a, err := e.svc.Propose(t.Context(), schedule.Proposal{Proposer: ana, Opponent: beto, Local: local, Zone: "UTC",
		TimeControl: tc, Rated: true, Color: schedule.White})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestArrangeRemindStartForfeit: a proposal accepted, the reminders, the
// start and a forfeit told on the service's own schedule, once each.
func TestArrangeRemindStartForfeit(t *testing.T) {
	e := newEnv(t)
	a := e.propose(t, "2026-12-01T12:00")
	if _, err := e.svc.Accept(t.Context(), a.ID, "ana"); schedule.CodeOf(err) != schedule.CodeNotYours {
		t.Fatalf("the proposer accepting: %v", err)
	}
	a, err := e.svc.Accept(t.Context(), a.ID, "beto")
	if err != nil {
		t.Fatal(err)
	}
	if a.White.ID != "ana" || a.GameID == "" || a.Status != schedule.Accepted {
		t.Fatalf("accepted: %+v", a)
	}
	tick := func(at time.Time) {
		e.now = at
		if _, err := e.svc.Tick(t.Context()); err != nil {
			t.Fatal(err)
		}
	}
	tick(a.StartAt.Add(-20 * time.Minute))
	tick(a.StartAt.Add(-15 * time.Minute))
	tick(a.StartAt.Add(-14 * time.Minute)) // nothing twice
	tick(a.StartAt.Add(-time.Minute))
	fg := e.games.games[a.GameID]
	fg.st.Status = game.StatusStarted
	tick(a.StartAt)
	fg.st.Status, fg.st.Termination, fg.st.Result = game.StatusEnded, game.NoShow, game.BothLose
	tick(a.StartAt.Add(10 * time.Minute))
	if got, want := e.drain(), "proposed,accepted,soon15m0s,soon1m0s,started,forfeited"; got != want {
		t.Errorf("events %s, want %s", got, want)
	}
	got, _ := e.svc.Get(t.Context(), a.ID)
	if got.Status != schedule.Finished || got.Result != "0-0" || !got.NextDue.IsZero() {
		t.Errorf("after the forfeit: %s %q due %v", got.Status, got.Result, got.NextDue)
	}
}

// TestProposalExpires: nobody answered before the start.
func TestProposalExpires(t *testing.T) {
	e := newEnv(t)
	a := e.propose(t, "2026-12-01T10:00")
	e.now = a.StartAt
	if _, err := e.svc.Tick(t.Context()); err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.Accept(t.Context(), a.ID, "beto"); schedule.CodeOf(err) != schedule.CodeClosed {
		t.Fatalf("accepting an expired proposal: %v", err)
	}
	if got := e.drain(); got != "proposed,expired" {
		t.Errorf("events %s", got)
	}
}

// TestPostponeRulesAndLimit: the one-hour boundary through the service, a
// declined request keeps the time, the limit of requests per player, the
// history.
func TestPostponeRulesAndLimit(t *testing.T) {
	e := newEnv(t)
	a := e.propose(t, "2026-12-01T20:00")
	a, _ = e.svc.Accept(t.Context(), a.ID, "beto")
	start := a.StartAt
	e.now = start.Add(-time.Hour + time.Second) // 59:59 before
	if _, err := e.svc.AskPostpone(t.Context(), a.ID, "ana", "2026-12-01T22:00", "UTC"); game.CodeOf(err) != game.CodePostponeTooLate {
		t.Fatalf("59:59 before: %v", err)
	}
	e.now = start.Add(-5 * time.Hour)
	a, err := e.svc.AskPostpone(t.Context(), a.ID, "ana", "2026-12-01T22:00", "UTC")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.svc.AskPostpone(t.Context(), a.ID, "beto", "2026-12-01T23:00", "UTC"); schedule.CodeOf(err) != schedule.CodeRequestPending {
		t.Fatalf("a second request while one is pending: %v", err)
	}
	if _, err := e.svc.AnswerPostpone(t.Context(), a.ID, "ana", true); schedule.CodeOf(err) != schedule.CodeNoRequest {
		t.Fatalf("answering one's own request: %v", err)
	}
	a, err = e.svc.AnswerPostpone(t.Context(), a.ID, "beto", false)
	if err != nil || !a.StartAt.Equal(start) {
		t.Fatalf("declined: %v, start %v (want it kept, %v)", err, a.StartAt, start)
	}
	a, err = e.svc.AskPostpone(t.Context(), a.ID, "ana", "2026-12-02T10:00", "Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	a, err = e.svc.AnswerPostpone(t.Context(), a.ID, "beto", true)
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC); !a.StartAt.Equal(want) || !e.games.games[a.GameID].st.StartAt.Equal(want) {
		t.Fatalf("postponed to %v (game %v), want %v", a.StartAt, e.games.games[a.GameID].st.StartAt, want)
	}
	if _, err := e.svc.AskPostpone(t.Context(), a.ID, "ana", "2026-12-02T12:00", "UTC"); schedule.CodeOf(err) != schedule.CodePostponeLimit {
		t.Fatalf("a third request from one player: %v", err)
	}
	if len(a.Postponements) != 2 || a.Postponements[0].Status != schedule.RequestDeclined || a.Postponements[1].Status != schedule.RequestAccepted {
		t.Errorf("history %+v", a.Postponements)
	}
	// A request left unanswered lapses at the start.
	a, err = e.svc.AskPostpone(t.Context(), a.ID, "beto", "2026-12-02T12:00", "UTC")
	if err != nil {
		t.Fatal(err)
	}
	e.now = a.StartAt
	e.svc.Tick(t.Context())
	a, _ = e.svc.Get(t.Context(), a.ID)
	if a.Postponements[2].Status != schedule.RequestLapsed {
		t.Errorf("an unanswered request an hour before: %s", a.Postponements[2].Status)
	}
}

// TestICS: RFC 5545, UTC times, UID, DTSTAMP, escaping, folding.
func TestICS(t *testing.T) {
	tc, _ := game.ParseTimeControl("10+5")
	a := schedule.Arrangement{ID: "Ab12Cd34", StartAt: time.Date(2026, 3, 29, 1, 30, 0, 0, time.UTC), TimeControl: tc}
	now := time.Date(2026, 3, 1, 8, 0, 0, 0, time.FixedZone("X", 3600))
	ics := a.ICS(now, "joinpal.example", "https://joinpal.example/schedule/Ab12Cd34",
		"Ana vs Beto; 10+5, rated", strings.Repeat("línea larga ", 10)+"\nsegunda")
	for _, want := range []string{"BEGIN:VCALENDAR\r\n", "UID:Ab12Cd34@joinpal.example\r\n", "DTSTAMP:20260301T070000Z\r\n",
		"DTSTART:20260329T013000Z\r\n", "DTEND:20260329T020000Z\r\n", `SUMMARY:Ana vs Beto\; 10+5\, rated` + "\r\n", "END:VCALENDAR\r\n"} {
		if !strings.Contains(ics, want) {
			t.Errorf("no %q in\n%s", want, ics)
		}
	}
	for _, line := range strings.Split(strings.TrimSuffix(ics, "\r\n"), "\r\n") {
		if len(line) > 75 {
			t.Errorf("line of %d octets: %q", len(line), line)
		}
	}
	if !strings.Contains(strings.ReplaceAll(ics, "\r\n ", ""), `larga \nsegunda`) {
		t.Error("a newline not escaped")
	}
}

// TestAcceptedPostponementSurvivesARace: another write to the arrangement
// between the game's postponement and the arrangement's (a reminder on
// another node) does not lose the new start.
func TestAcceptedPostponementSurvivesARace(t *testing.T) {
	e := newEnv(t)
	a := e.propose(t, "2026-12-01T20:00")
	a, _ = e.svc.Accept(t.Context(), a.ID, "beto")
	a, err := e.svc.AskPostpone(t.Context(), a.ID, "ana", "2026-12-01T22:00", "UTC")
	if err != nil {
		t.Fatal(err)
	}
	e.games.onPostpone = func() {
		b, err := e.store.Arrangement(context.Background(), a.ID)
		if err == nil {
			err = e.store.UpdateArrangement(context.Background(), b)
		}
		if err != nil {
			t.Error(err)
		}
	}
	a, err = e.svc.AnswerPostpone(t.Context(), a.ID, "beto", true)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := e.store.Arrangement(t.Context(), a.ID)
	if want := time.Date(2026, 12, 1, 22, 0, 0, 0, time.UTC); !got.StartAt.Equal(want) || got.Postponements[0].Status != schedule.RequestAccepted {
		t.Errorf("after a racing write: start %v, request %s; want %v, accepted", got.StartAt, got.Postponements[0].Status, want)
	}
}

// TestSuspendNotice: either player alone may suspend an accepted game
// until exactly an hour before its start, on the service's clock.
func TestSuspendNotice(t *testing.T) {
	tests := []struct {
		name   string
		before time.Duration
		by     string
		code   string
	}{
		{"60:00 before, by the proposer", time.Hour, "ana", ""},
		{"60:00 before, by the opponent", time.Hour, "beto", ""},
		{"a day before", 24 * time.Hour, "beto", ""},
		{"59:59 before", time.Hour - time.Second, "ana", string(game.CodeSuspendTooLate)},
		{"59:59.999 before", time.Hour - time.Millisecond, "ana", string(game.CodeSuspendTooLate)},
		{"at the start", 0, "beto", string(game.CodeSuspendTooLate)},
		{"by someone else", 3 * time.Hour, "carla", string(schedule.CodeNotYours)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			a := e.propose(t, "2026-12-03T20:00")
			a, _ = e.svc.Accept(t.Context(), a.ID, "beto")
			gameID := a.GameID
			e.now = a.StartAt.Add(-tt.before)
			got, err := e.svc.Suspend(t.Context(), a.ID, tt.by)
			if code := string(schedule.CodeOf(err)) + string(game.CodeOf(err)); code != tt.code {
				t.Fatalf("Suspend: %v, want code %q", err, tt.code)
			}
			if tt.code != "" {
				if st := e.games.games[gameID].st.Status; st != game.StatusCreated {
					t.Errorf("a refused suspension touched the game: %v", st)
				}
				if tt.code == string(game.CodeSuspendTooLate) {
					var ce *game.Error
					if !errors.As(err, &ce) || ce.Params["left"] != fmt.Sprint(int(tt.before/time.Second)) {
						t.Errorf("the refusal does not say how much time was left: %v", err)
					}
				}
				return
			}
			if got.Status != schedule.Suspended || got.GameID != "" || len(got.Suspensions) != 1 ||
				got.Suspensions[0].By != tt.by || got.Suspensions[0].GameID != gameID || !got.Suspensions[0].From.Equal(a.StartAt) {
				t.Fatalf("suspended: %+v", got)
			}
			// The game is called off with no result: no forfeit, no rating.
			if st := e.games.games[gameID].st; st.Status != game.StatusAborted || st.Result != game.NoResult {
				t.Errorf("the game: %+v", st)
			}
			if got := e.drain(); got != "proposed,accepted,suspended" {
				t.Errorf("events %s", got)
			}
			// Nothing happens at the old start: no game, no forfeit.
			e.now = a.StartAt.Add(time.Hour)
			e.svc.Tick(t.Context())
			if b, _ := e.svc.Get(t.Context(), a.ID); b.Status != schedule.Suspended || b.Result != "" {
				t.Errorf("after the old start: %s %q", b.Status, b.Result)
			}
		})
	}
}

// TestSuspendThenAgreeANewTime: a suspended game waits for a new time
// that one player proposes and the other accepts, which creates a new game
// with the same colours; a declined or lapsed proposal leaves it
// suspended; each player may suspend twice; a pending postponement lapses.
func TestSuspendThenAgreeANewTime(t *testing.T) {
	e := newEnv(t)
	a := e.propose(t, "2026-12-03T20:00")
	a, _ = e.svc.Accept(t.Context(), a.ID, "beto")
	e.now = a.StartAt.Add(-10 * time.Hour)
	a, err := e.svc.AskPostpone(t.Context(), a.ID, "beto", "2026-12-03T21:00", "UTC")
	if err != nil {
		t.Fatal(err)
	}
	a, err = e.svc.Suspend(t.Context(), a.ID, "ana")
	if err != nil {
		t.Fatal(err)
	}
	if a.Postponements[0].Status != schedule.RequestLapsed {
		t.Errorf("the pending postponement: %s", a.Postponements[0].Status)
	}
	if _, err := e.svc.Suspend(t.Context(), a.ID, "beto"); schedule.CodeOf(err) != schedule.CodeClosed {
		t.Errorf("suspending a suspended game: %v", err)
	}
	if _, _, err := e.svc.CheckIn(t.Context(), a.ID, "beto"); schedule.CodeOf(err) != schedule.CodeClosed {
		t.Errorf("checking in to a suspended game: %v", err)
	}
	// A new time too close is refused; one declined leaves it suspended.
	if _, err := e.svc.AskPostpone(t.Context(), a.ID, "beto", "2026-12-03T10:03", "UTC"); schedule.CodeOf(err) != schedule.CodeTooSoon {
		t.Errorf("a new time 3 minutes away: %v", err)
	}
	a, err = e.svc.AskPostpone(t.Context(), a.ID, "beto", "2026-12-04T18:00", "UTC")
	if err != nil || !a.Postponements[1].NewTime {
		t.Fatalf("a new time: %v %+v", err, a.Postponements)
	}
	a, err = e.svc.AnswerPostpone(t.Context(), a.ID, "ana", false)
	if err != nil || a.Status != schedule.Suspended {
		t.Fatalf("declined: %v %s", err, a.Status)
	}
	// New times do not count against the postponement limit.
	for i := range 3 {
		a, err = e.svc.AskPostpone(t.Context(), a.ID, "ana", fmt.Sprintf("2026-12-0%dT18:00", 5+i), "UTC")
		if err != nil {
			t.Fatalf("new time %d: %v", i, err)
		}
		if i < 2 {
			a, _ = e.svc.AnswerPostpone(t.Context(), a.ID, "beto", false)
		}
	}
	a, err = e.svc.AnswerPostpone(t.Context(), a.ID, "beto", true)
	if err != nil {
		t.Fatal(err)
	}
	want := time.Date(2026, 12, 7, 18, 0, 0, 0, time.UTC)
	if a.Status != schedule.Accepted || a.GameID == "" || !a.StartAt.Equal(want) || a.White.ID != "ana" {
		t.Fatalf("after the new time: %+v", a)
	}
	if g := e.games.games[a.GameID]; g.g.White.ID != "ana" || !g.g.ScheduledAt.Equal(want) || !g.g.Rated {
		t.Errorf("the new game: %+v", g.g)
	}
	// Ana's second suspension, then her third is refused; Beto has his own two.
	a, err = e.svc.Suspend(t.Context(), a.ID, "ana")
	if err != nil {
		t.Fatal(err)
	}
	a, _ = e.svc.AskPostpone(t.Context(), a.ID, "ana", "2026-12-09T18:00", "UTC")
	a, _ = e.svc.AnswerPostpone(t.Context(), a.ID, "beto", true)
	if _, err := e.svc.Suspend(t.Context(), a.ID, "ana"); schedule.CodeOf(err) != schedule.CodeSuspendLimit {
		t.Fatalf("a third suspension: %v", err)
	}
	if a, err = e.svc.Suspend(t.Context(), a.ID, "beto"); err != nil || a.SuspensionsBy("beto") != 1 || a.SuspensionsBy("ana") != 2 {
		t.Fatalf("Beto's suspension: %v %+v", err, a.Suspensions)
	}
	// A new time nobody answers lapses when it comes.
	a, _ = e.svc.AskPostpone(t.Context(), a.ID, "beto", "2026-12-10T18:00", "UTC")
	e.now = time.Date(2026, 12, 10, 18, 0, 0, 0, time.UTC)
	e.svc.Tick(t.Context())
	a, _ = e.svc.Get(t.Context(), a.ID)
	if p := a.Postponements[len(a.Postponements)-1]; p.Status != schedule.RequestLapsed || a.Status != schedule.Suspended {
		t.Errorf("an unanswered new time: %s, %s", p.Status, a.Status)
	}
}

// TestResignedBeforeTheStartIsPlayed: a game whose player resigned before
// its start is listed as played, not as still arranged.
func TestResignedBeforeTheStartIsPlayed(t *testing.T) {
	e := newEnv(t)
	a := e.propose(t, "2026-12-03T20:00")
	a, _ = e.svc.Accept(t.Context(), a.ID, "beto")
	fg := e.games.games[a.GameID]
	fg.st.Status, fg.st.Termination, fg.st.Result = game.StatusEnded, game.Resignation, game.WhiteWins
	list, err := e.svc.List(t.Context(), "beto")
	if err != nil || len(list) != 1 || list[0].Status != schedule.Finished {
		t.Fatalf("list: %v %+v", err, list)
	}
	if got, _ := e.store.Arrangement(t.Context(), a.ID); got.Status != schedule.Finished || !got.NextDue.IsZero() {
		t.Errorf("stored: %s, due %v", got.Status, got.NextDue)
	}
}

// TestArrangedIsToldAsArranged: a game an organiser arranges is told to
// both players as arranged (no player did it), not as accepted by one
// of them; arranging it again tells nothing.
func TestArrangedIsToldAsArranged(t *testing.T) {
	e := newEnv(t)
	tc, _ := game.ParseTimeControl("10+5")
	cfg := game.Config{ID: "g-arranged", White: game.Player{ID: "ana", Name: "Ana"}, Black: game.Player{ID: "beto", Name: "Beto"},
		TimeControl: tc, ScheduledAt: e.now.Add(24 * time.Hour)}
	for i, want := range []string{"arranged", ""} {
		if _, err := e.svc.Arrange(t.Context(), "arr-1", cfg, "Europe/Madrid"); err != nil {
			t.Fatal(err)
		}
		if got := e.drain(); got != want {
			t.Fatalf("arrange #%d told %q, want %q", i+1, got, want)
		}
	}
}
