package league_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/manualclock"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/rating"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/store/sqlite"
	"github.com/joinpal/joinpal/tournament"
)

// env is a league service on a real SQLite store, a real runtime of
// games, the clubs' and the schedule's services, and a clock set by hand
// for the league and the schedule.
type env struct {
	st    *sqlite.Store
	rt    *live.Runtime
	clubs *club.Service
	sched *schedule.Service
	svc   *league.Service
	games *flakyGames
	clk   *manualclock.Clock
}

// flakyGames is the runtime with a fault switch: fail makes Create fail
// before (a crash before the game is made) or after it made the game (a
// crash before the league marks it made).
type flakyGames struct {
	rt      *live.Runtime
	mu      sync.Mutex
	fail    string // "", "before", "after"
	created int
}

func (f *flakyGames) Create(ctx context.Context, cfg game.Config) (game.Event, error) {
	f.mu.Lock()
	fail := f.fail
	f.mu.Unlock()
	if fail == "before" {
		return game.Event{}, errors.New("crash before the game")
	}
	ev, err := f.rt.Create(ctx, cfg)
	if err == nil {
		f.mu.Lock()
		f.created++
		f.mu.Unlock()
	}
	if fail == "after" {
		return game.Event{}, errors.New("crash after the game")
	}
	return ev, err
}

// heldClock is the env's clock as the runtime sees it: its time, and
// timers that never fire (no game reaches its no-show or its flag while a
// test runs; results come from the players).
type heldClock struct{ e *env }

func (c heldClock) Now() time.Time { return c.e.clock() }

func (heldClock) AfterFunc(time.Duration, func()) live.Timer { return heldTimer{} }

type heldTimer struct{}

func (heldTimer) Stop() bool { return true }

// clock is the env's time: every service of the env reads it.
func (e *env) clock() time.Time { return e.clk.Now() }

// set puts the env's time at at.
func (e *env) set(at time.Time) { e.clk.Set(at) }

func newEnv(t testing.TB, dir string) *env {
	t.Helper()
	if dir == "" {
		dir = t.TempDir()
	}
	st, err := sqlite.Open(t.Context(), filepath.Join(dir, "l.db"))
	if err != nil {
		t.Fatal(err)
	}
	e := &env{st: st, clk: manualclock.New(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))}
	e.rt = live.New(live.Config{Store: st, HeartbeatEvery: time.Hour, Clock: heldClock{e}})
	if err := e.rt.Start(t.Context()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = e.rt.Stop(context.Background())
		st.Close()
	})
	e.games = &flakyGames{rt: e.rt}
	if e.clubs, err = club.New(club.Config{Store: st, Now: e.clock}); err != nil {
		t.Fatal(err)
	}
	if e.sched, err = schedule.New(schedule.Config{Store: st, Games: e.rt, Now: e.clock}); err != nil {
		t.Fatal(err)
	}
	e.svc, err = league.New(league.Config{Store: st, Games: e.games, Records: st, Arranger: e.sched, Clubs: e.clubs,
		Ratings: st, Now: e.clock})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func person(id string) league.Person {
	return league.Person{ID: id, Name: strings.ToUpper(id[:1]) + id[1:]}
}

// must returns v, and fails the test (a panic, with its stack) on err.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

func wantCode(t *testing.T, err error, code league.Code) {
	t.Helper()
	if league.CodeOf(err) != code {
		t.Fatalf("want %s, got %v", code, err)
	}
}

// club makes club "Peón Rojo" owned by ana, with members.
func (e *env) club(t *testing.T, members ...string) string {
	t.Helper()
	c := must(e.clubs.Create(t.Context(), club.Person{ID: "ana", Name: "Ana"}, "Peón Rojo", "", club.Open))
	for _, m := range members {
		must(e.clubs.Join(t.Context(), club.Person{ID: m, Name: m}, c.ID))
	}
	return c.ID
}

// finish ends game id by black resigning (white wins) or white resigning.
func (e *env) finish(t *testing.T, id string, whiteWins bool) {
	t.Helper()
	rec := must(e.st.LoadGame(t.Context(), id))
	loser := rec.White.ID
	if whiteWins {
		loser = rec.Black.ID
	}
	if err := e.rt.Resign(t.Context(), id, loser); err != nil {
		t.Fatal(err)
	}
}

func roundBoards(bs []league.Board, r int) []league.Board {
	return slices.DeleteFunc(slices.Clone(bs), func(b league.Board) bool { return b.Round != r })
}

// TestClubLeague: a club's admin makes a round-robin league; members
// join, a non-member is refused; the start pairs round 1 by the Berger
// table and makes its games; the games' results flow back and the next
// round pairs by itself; pairing twice is refused; an adjudication with a
// reason; the standings, the TRF with XXR and the PGN.
func TestClubLeague(t *testing.T) {
	e := newEnv(t, "")
	ctx := t.Context()
	cid := e.club(t, "beto", "carla", "dani")
	_, err := e.svc.Create(ctx, person("beto"), "Liga de invierno", cid, league.Settings{Format: league.RoundRobin, TimeControl: "10+5"})
	wantCode(t, err, league.CodeNotClubAdmin)
	tr := must(e.svc.Create(ctx, person("ana"), "Liga de invierno", cid, league.Settings{Format: league.RoundRobin,
		TimeControl: "10+5", Rated: true}))
	if tr.Status != league.Registration || len(tr.TieBreaks) != 3 {
		t.Fatalf("created: %+v", tr)
	}
	_, err = e.svc.Join(ctx, person("eva"), tr.ID)
	wantCode(t, err, league.CodeNotClubMember)
	_, err = e.svc.Start(ctx, person("ana"), tr.ID)
	wantCode(t, err, league.CodeTooFewPlayers)
	for _, p := range []string{"ana", "beto", "carla", "dani"} {
		tr = must(e.svc.Join(ctx, person(p), tr.ID))
	}
	_, err = e.svc.Join(ctx, person("beto"), tr.ID)
	wantCode(t, err, league.CodeAlreadyJoined)
	_, err = e.svc.Start(ctx, person("beto"), tr.ID)
	wantCode(t, err, league.CodeNotOrganiser)
	tr = must(e.svc.Start(ctx, person("ana"), tr.ID))
	if tr.Status != league.Running || tr.Round != 1 || tr.TotalRounds != 3 || tr.Players != 4 {
		t.Fatalf("started: %+v", tr)
	}
	_, err = e.svc.Join(ctx, person("eva"), tr.ID)
	wantCode(t, err, league.CodeNotClubMember)
	_, err = e.svc.PairNext(ctx, person("ana"), tr.ID, 1)
	wantCode(t, err, league.CodeAlreadyPaired)
	_, err = e.svc.PairNext(ctx, person("ana"), tr.ID, 2)
	wantCode(t, err, league.CodeRoundUnfinished)

	bs := must(e.svc.Boards(ctx, tr.ID))
	if len(bs) != 2 {
		t.Fatalf("round 1: %+v", bs)
	}
	for _, b := range bs {
		rec := must(e.st.LoadGame(ctx, b.GameID))
		if !b.Created || rec.White.ID != b.White || !rec.Rated {
			t.Fatalf("board %+v, game %+v", b, rec)
		}
		e.finish(t, b.GameID, true)
	}
	must(e.svc.Tick(ctx))
	tr = must(e.svc.Get(ctx, tr.ID))
	if tr.Round != 2 {
		t.Fatalf("round 2 not paired by itself: %+v", tr)
	}
	bs = must(e.svc.Boards(ctx, tr.ID))
	for _, b := range roundBoards(bs, 1) {
		if b.Result != tournament.WhiteWins {
			t.Fatalf("round 1 result: %+v", b)
		}
	}
	r2 := roundBoards(bs, 2)
	_, err = e.svc.SetResult(ctx, person("ana"), tr.ID, 2, 1, "1/2-1/2", "")
	wantCode(t, err, league.CodeReasonRequired)
	_, err = e.svc.SetResult(ctx, person("ana"), tr.ID, 2, 1, "2-0", "x")
	wantCode(t, err, league.CodeBadResult)
	must(e.svc.SetResult(ctx, person("ana"), tr.ID, 2, 1, "1/2-1/2", "agreed by phone"))
	e.finish(t, r2[1].GameID, false)
	must(e.svc.Tick(ctx))
	bs = must(e.svc.Boards(ctx, tr.ID))
	for _, b := range roundBoards(bs, 3) {
		e.finish(t, b.GameID, true)
	}
	must(e.svc.Tick(ctx))
	tr = must(e.svc.Get(ctx, tr.ID))
	if tr.Status != league.Finished || tr.Round != 3 {
		t.Fatalf("not finished: %+v", tr)
	}
	rows := must(e.svc.Standings(ctx, tr.ID))
	if len(rows) != 4 || rows[0].Rank != 1 || len(rows[0].TieBreaks) != 3 || rows[0].Performance == 0 {
		t.Fatalf("standings: %+v", rows)
	}
	var trf bytes.Buffer
	if err := e.svc.TRF(ctx, tr.ID, &trf); err != nil {
		t.Fatal(err)
	}
	_, ps, gs, err := tournament.ParseTRF(trf.Bytes())
	if err != nil || len(ps) != 4 || len(gs) != 6 || !strings.Contains(trf.String(), "XXR 3") {
		t.Fatalf("TRF (%v):\n%s", err, trf.String())
	}
	var pgn bytes.Buffer
	if err := e.svc.PGN(ctx, tr.ID, func(id string) string { return "/" + id }, &pgn); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(pgn.String(), `[Event "Liga de invierno"]`); n != 6 {
		t.Fatalf("PGN has %d games:\n%s", n, pgn.String())
	}
	mine := must(e.svc.List(ctx, league.Query{ClubID: cid}))
	if len(mine) != 1 || mine[0].ID != tr.ID {
		t.Fatalf("club's tournaments: %+v", mine)
	}
}

// TestSwissByesLateEntriesWithdrawals: half-point byes asked before the
// deadline (refused after it and beyond the limit), the pairing-allocated
// bye, a late entry paired from the next round, withdrawals; the rounds
// paired by the FIDE Dutch system.
func TestSwissByesLateEntriesWithdrawals(t *testing.T) {
	e := newEnv(t, "")
	ctx := t.Context()
	start := e.clock().Add(24 * time.Hour)
	tr := must(e.svc.Create(ctx, person("ana"), "Abierto de diciembre", "", league.Settings{Format: league.Swiss,
		Rounds: 3, TimeControl: "5+3", LateEntries: true, MaxPlayers: 5, StartsAt: start, RoundInterval: time.Hour,
		ByeNotice: 30 * time.Minute}))
	for _, p := range []string{"ana", "beto", "carla", "dani"} {
		must(e.svc.Join(ctx, person(p), tr.ID))
	}
	_, err := e.svc.AskBye(ctx, person("eva"), tr.ID, 2, true)
	wantCode(t, err, league.CodeNotJoined)
	_, err = e.svc.AskBye(ctx, person("dani"), tr.ID, 4, true)
	wantCode(t, err, league.CodeByeRound)
	must(e.svc.AskBye(ctx, person("dani"), tr.ID, 2, true))
	_, err = e.svc.AskBye(ctx, person("dani"), tr.ID, 3, true)
	wantCode(t, err, league.CodeByeLimit)
	e.set(start.Add(time.Hour - 10*time.Minute)) // round 2 is due at start+1h: notice 30 min
	_, err = e.svc.AskBye(ctx, person("carla"), tr.ID, 2, true)
	wantCode(t, err, league.CodeByeClosed)
	e.set(start.Add(-time.Minute))
	must(e.svc.Tick(ctx))
	if tr = must(e.svc.Get(ctx, tr.ID)); tr.Status != league.Registration {
		t.Fatalf("started before its time: %+v", tr)
	}
	e.set(start)
	must(e.svc.Tick(ctx)) // a live Swiss with a start time starts by itself
	tr = must(e.svc.Get(ctx, tr.ID))
	if tr.Status != league.Running || tr.Round != 1 {
		t.Fatalf("not started at its time: %+v", tr)
	}
	must(e.svc.Join(ctx, person("eva"), tr.ID)) // late: from round 2
	_, err = e.svc.Join(ctx, person("fede"), tr.ID)
	wantCode(t, err, league.CodeFull)
	for _, b := range must(e.svc.Boards(ctx, tr.ID)) {
		e.finish(t, b.GameID, true)
	}
	must(e.svc.Tick(ctx))
	if tr = must(e.svc.Get(ctx, tr.ID)); tr.Round != 1 {
		t.Fatalf("a live round with set times paired early: %+v", tr)
	}
	e.set(start.Add(time.Hour))
	must(e.svc.Tick(ctx))
	bs := roundBoards(must(e.svc.Boards(ctx, tr.ID)), 2)
	var kinds []string
	for _, b := range bs {
		kinds = append(kinds, b.White+":"+b.Black+":"+b.Result.String())
	}
	// ana, beto, carla, eva play; dani has the bye asked; nobody is left
	// for a pairing-allocated bye.
	if len(bs) != 3 || bs[2].White != "dani" || bs[2].Result != tournament.HalfPointBye {
		t.Fatalf("round 2: %v", kinds)
	}
	must(e.svc.Leave(ctx, person("eva"), tr.ID))
	_, err = e.svc.Leave(ctx, person("eva"), tr.ID)
	wantCode(t, err, league.CodeWithdrawn)
	_, err = e.svc.Withdraw(ctx, person("beto"), tr.ID, "carla")
	wantCode(t, err, league.CodeNotOrganiser)
	must(e.svc.Withdraw(ctx, person("ana"), tr.ID, "carla"))
	for _, b := range bs[:2] {
		e.finish(t, b.GameID, false)
	}
	e.set(start.Add(2 * time.Hour))
	must(e.svc.Tick(ctx))
	bs = roundBoards(must(e.svc.Boards(ctx, tr.ID)), 3)
	if len(bs) != 2 || !bs[1].IsBye() || bs[1].Result != tournament.PairingBye {
		t.Fatalf("round 3 (eva and carla withdrawn, 3 players left): %+v", bs)
	}
	rows := must(e.svc.Standings(ctx, tr.ID))
	if len(rows) != 5 {
		t.Fatalf("standings: %+v", rows)
	}
}

// ratingsOf rates each user as it says (1500 for others).
type ratingsOf map[string]int

func (r ratingsOf) Ratings(_ context.Context, userID string) (map[rating.Speed]rating.Rating, error) {
	out := map[rating.Speed]rating.Rating{}
	if v, ok := r[userID]; ok {
		for _, sp := range []rating.Speed{rating.Bullet, rating.Blitz, rating.Rapid, rating.Classical} {
			out[sp] = rating.Rating{Value: float64(v)}
		}
	}
	return out, nil
}

// TestLateEntryNumbers: a late entrant rated highest becomes number 1
// before the next round pairs, every other player moving one place down,
// and that round is paired with the new numbers; the round played keeps
// its boards and results, and the TRF, read back, numbers everyone as
// the pairing did. Round 1 (ana 1, beto 2, carla 3, dani 4): ana beats
// carla, beto beats dani. Eva (2000) then joins: eva 1, ana 2, beto 3,
// carla 4, dani 5. Round 2: ana and beto meet (beto had Black: White);
// the 0-point group is eva, carla, dani: S1 = eva, S2 = carla, dani, so
// eva meets carla (who had Black: White) and dani, the lowest, gets the
// bye. With eva numbered 5, as a late entrant was before, S1 would be
// carla, who would meet dani, and eva would get the bye.
func TestLateEntryNumbers(t *testing.T) {
	e := newEnv(t, "")
	ctx := t.Context()
	svc := must(league.New(league.Config{Store: e.st, Games: e.games, Records: e.st, Now: e.clock,
		Ratings: ratingsOf{"ana": 1800, "beto": 1700, "carla": 1600, "dani": 1500, "eva": 2000}}))
	tr := must(svc.Create(ctx, person("ana"), "Abierto de invierno", "", league.Settings{Format: league.Swiss,
		Rounds: 3, TimeControl: "5+3", LateEntries: true}))
	for _, p := range []string{"dani", "beto", "ana", "carla"} {
		must(svc.Join(ctx, person(p), tr.ID))
	}
	tr = must(svc.Start(ctx, person("ana"), tr.ID))
	numbers := func() string {
		var out []string
		for _, en := range must(svc.Entries(ctx, tr.ID)) {
			out = append(out, fmt.Sprintf("%d:%s", en.Number, en.UserID))
		}
		return strings.Join(out, " ")
	}
	if got, want := numbers(), "1:ana 2:beto 3:carla 4:dani"; got != want {
		t.Fatalf("numbers at the start: %s, want %s", got, want)
	}
	round1 := must(svc.Boards(ctx, tr.ID))
	if len(round1) != 2 || round1[0].White != "ana" || round1[0].Black != "carla" || round1[1].White != "dani" || round1[1].Black != "beto" {
		t.Fatalf("round 1: %+v", round1)
	}
	must(svc.Join(ctx, person("eva"), tr.ID))
	if got, want := numbers(), "1:eva 2:ana 3:beto 4:carla 5:dani"; got != want {
		t.Fatalf("numbers after eva's late entry: %s, want %s", got, want)
	}
	e.finish(t, round1[0].GameID, true)  // ana beats carla
	e.finish(t, round1[1].GameID, false) // beto beats dani
	must(svc.Tick(ctx))
	all := must(svc.Boards(ctx, tr.ID))
	var got []string
	for _, b := range all {
		got = append(got, fmt.Sprintf("%d.%d %s-%s %s", b.Round, b.Board, b.White, b.Black, league.ResultText(b.Result)))
	}
	want := []string{"1.1 ana-carla 1-0", "1.2 dani-beto 0-1", "2.1 beto-ana ", "2.2 carla-eva ", "2.3 dani- 1"}
	if !slices.Equal(got, want) {
		t.Fatalf("boards:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	rows := must(svc.Standings(ctx, tr.ID))
	for _, r := range rows {
		if want := map[string]int{"eva": 1, "ana": 2, "beto": 3, "carla": 4, "dani": 5}[r.UserID]; r.Number != want {
			t.Errorf("standings: %s numbered %d, want %d", r.UserID, r.Number, want)
		}
	}
	// The TRF numbers the players as the pairing did: round 2 paired
	// again from it is the round stored.
	var trf bytes.Buffer
	if err := svc.TRF(ctx, tr.ID, &trf); err != nil {
		t.Fatal(err)
	}
	_, players, games, err := tournament.ParseTRF(trf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if players[0].Number != 1 || players[0].Name != "Eva" || players[0].Rating != 2000 {
		t.Fatalf("TRF's first player: %+v", players[0])
	}
	var before, round2 []tournament.Game
	for _, g := range games {
		if g.Round == 1 {
			before = append(before, g)
		} else {
			round2 = append(round2, g)
		}
	}
	for _, w := range []tournament.Game{{Round: 1, White: 2, Black: 4, Result: tournament.WhiteWins},
		{Round: 1, White: 5, Black: 3, Result: tournament.BlackWins}} {
		if !slices.Contains(before, w) {
			t.Errorf("TRF's round 1 has no %+v: %+v", w, before)
		}
	}
	again, err := tournament.PairSwiss(players, before, 2, nil, tournament.SwissOptions{Rounds: 3})
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range again {
		if g := round2[i]; p.White != g.White || p.Black != g.Black {
			t.Errorf("board %d paired from the TRF: %v, stored %+v", i+1, p, g)
		}
	}
	// Once the last round is paired, no round is left for a late entrant.
	for _, b := range all[2:4] {
		e.finish(t, b.GameID, true)
	}
	must(svc.Tick(ctx))
	if tr = must(svc.Get(ctx, tr.ID)); tr.Round != 3 {
		t.Fatalf("round 3 not paired: %+v", tr)
	}
	_, err = svc.Join(ctx, person("fede"), tr.ID)
	wantCode(t, err, league.CodeClosed)
}

// TestRefusals: settings refused with their codes, nothing stored.
func TestRefusals(t *testing.T) {
	e := newEnv(t, "")
	ctx := t.Context()
	for _, tc := range []struct {
		name string
		by   league.Person
		set  league.Settings
		code league.Code
	}{
		{"guest", league.Person{ID: "g1", Guest: true}, league.Settings{Format: league.Swiss, Rounds: 5, TimeControl: "5+0"}, league.CodeNeedsAccount},
		{"format", person("ana"), league.Settings{Format: "arena", TimeControl: "5+0"}, league.CodeBadFormat},
		{"rounds", person("ana"), league.Settings{Format: league.Swiss, Rounds: 21, TimeControl: "5+0"}, league.CodeBadRounds},
		{"cycles", person("ana"), league.Settings{Format: league.RoundRobin, Cycles: 3, TimeControl: "5+0"}, league.CodeBadFormat},
		{"clock", person("ana"), league.Settings{Format: league.Swiss, Rounds: 5, TimeControl: "untimed"}, league.CodeBadTimeControl},
		{"tie-break", person("ana"), league.Settings{Format: league.Swiss, Rounds: 5, TimeControl: "5+0", TieBreaks: []tournament.TieBreak{"XX"}}, league.CodeBadTieBreak},
		{"tie-break twice", person("ana"), league.Settings{Format: league.Swiss, Rounds: 5, TimeControl: "5+0", TieBreaks: []tournament.TieBreak{"BH", "BH"}}, league.CodeBadTieBreak},
		{"range", person("ana"), league.Settings{Format: league.Swiss, Rounds: 5, TimeControl: "5+0", MinRating: 1800, MaxRating: 1600}, league.CodeBadRatingRange},
		{"arranged without times", person("ana"), league.Settings{Format: league.Swiss, Rounds: 5, TimeControl: "5+0", Mode: league.Arranged}, league.CodeBadMode},
		{"start past", person("ana"), league.Settings{Format: league.Swiss, Rounds: 5, TimeControl: "5+0", StartsAt: e.clock().Add(-time.Hour)}, league.CodeBadStart},
		{"max players", person("ana"), league.Settings{Format: league.Swiss, Rounds: 5, TimeControl: "5+0", MaxPlayers: 1}, league.CodeBadMaxPlayers},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := e.svc.Create(ctx, tc.by, "Torneo", "", tc.set)
			wantCode(t, err, tc.code)
		})
	}
	if all := must(e.svc.List(ctx, league.Query{Limit: 100})); len(all) != 0 {
		t.Fatalf("refusals stored %d tournaments", len(all))
	}
	tr := must(e.svc.Create(ctx, person("ana"), "Élite", "", league.Settings{Format: league.RoundRobin, TimeControl: "5+0", MinRating: 2000}))
	_, err := e.svc.Join(ctx, person("beto"), tr.ID)
	wantCode(t, err, league.CodeRatingOutside)
	_, err = e.svc.AskBye(ctx, person("ana"), tr.ID, 1, true)
	wantCode(t, err, league.CodeNotJoined)
	_, err = e.svc.Get(ctx, "nothing")
	wantCode(t, err, league.CodeNotFound)
}

// TestPairingCrash: the games of a paired round are made after the
// round's one transaction; a crash before a game is made, or after it was
// made but before the board says so, is mended by the next Tick (after a
// restart) without a game made twice.
func TestPairingCrash(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t, dir)
	ctx := t.Context()
	tr := must(e.svc.Create(ctx, person("ana"), "Relámpago", "", league.Settings{Format: league.RoundRobin, TimeControl: "3+2"}))
	for _, p := range []string{"ana", "beto", "carla", "dani"} {
		must(e.svc.Join(ctx, person(p), tr.ID))
	}
	e.games.fail = "before"
	tr = must(e.svc.Start(ctx, person("ana"), tr.ID))
	bs := must(e.svc.Boards(ctx, tr.ID))
	if tr.Round != 1 || len(bs) != 2 || bs[0].Created || bs[0].GameID == "" {
		t.Fatalf("round 1 not written whole before its games: %+v %+v", tr, bs)
	}
	e.games.fail = "after"
	must(e.svc.Tick(ctx))
	if e.games.created != 2 {
		t.Fatalf("made %d games", e.games.created)
	}
	bs = must(e.svc.Boards(ctx, tr.ID))
	if bs[0].Created {
		t.Fatal("a game whose making failed is marked made")
	}
	e.games.fail = ""
	must(e.svc.Tick(ctx))
	must(e.svc.Tick(ctx))
	bs = must(e.svc.Boards(ctx, tr.ID))
	if e.games.created != 2 || !bs[0].Created || !bs[1].Created {
		t.Fatalf("games made %d times, boards %+v", e.games.created, bs)
	}
}

// TestArrangedRound: an arranged round's games are scheduled games of
// package schedule (accepted, with their start, one .ics each); a game
// still undecided at its deadline is scored a double forfeit when the
// next round pairs.
func TestArrangedRound(t *testing.T) {
	e := newEnv(t, "")
	ctx := t.Context()
	start := time.Date(2026, 12, 7, 19, 0, 0, 0, time.UTC)
	tr := must(e.svc.Create(ctx, person("ana"), "Liga de los lunes", "", league.Settings{Format: league.RoundRobin,
		TimeControl: "15+10", Mode: league.Arranged, StartsAt: start, RoundInterval: 7 * 24 * time.Hour, Zone: "Europe/Madrid"}))
	for _, p := range []string{"ana", "beto", "carla"} {
		must(e.svc.Join(ctx, person(p), tr.ID))
	}
	tr = must(e.svc.Start(ctx, person("ana"), tr.ID))
	bs := must(e.svc.Boards(ctx, tr.ID))
	if len(bs) != 2 || bs[0].ArrangementID == "" || !bs[0].StartAt.Equal(start) || !bs[1].IsBye() {
		t.Fatalf("round 1: %+v", bs)
	}
	a := must(e.sched.Get(ctx, bs[0].ArrangementID))
	if a.Status != schedule.Accepted || a.GameID != bs[0].GameID || !a.StartAt.Equal(start) {
		t.Fatalf("arrangement: %+v", a)
	}
	ics := must(e.svc.ICS(ctx, tr.ID, 1, bs[0].White, "joinpal.test", "https://joinpal.test/tournament/"+tr.ID, "Ronda 1"))
	if !strings.Contains(ics, "DTSTART:20261207T190000Z") {
		t.Fatalf("ics:\n%s", ics)
	}
	_, err := e.svc.PairNext(ctx, person("ana"), tr.ID, 2)
	wantCode(t, err, league.CodeRoundUnfinished)
	e.set(bs[0].Deadline)
	tr = must(e.svc.PairNext(ctx, person("ana"), tr.ID, 2))
	bs = must(e.svc.Boards(ctx, tr.ID))
	if bs[0].Result != tournament.DoubleForfeit || tr.Round != 2 {
		t.Fatalf("the game past its deadline: %+v", bs[0])
	}
}

// countedTournaments is a store that counts its lists of tournaments.
type countedTournaments struct {
	league.Store
	reads atomic.Int64
}

func (c *countedTournaments) Tournaments(ctx context.Context, q league.Query) ([]league.Tournament, error) {
	c.reads.Add(1)
	return c.Store.Tournaments(ctx, q)
}

// TestRunAloneWakesOnChange: alone, with no tournament running, Run reads
// the tournaments once and sleeps (a minute, its interval short here); a
// tournament created ends the sleep: the next read comes within the
// interval.
func TestRunAloneWakesOnChange(t *testing.T) {
	e := newEnv(t, "")
	st := &countedTournaments{Store: e.st}
	svc, err := league.New(league.Config{Store: st, Games: e.games, Records: e.st, Now: e.clock, Alone: true})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan struct{})
	go func() { defer close(done); svc.Run(ctx, 20*time.Millisecond) }()
	defer func() { cancel(); <-done }()
	reads := func(what string, n int64) {
		t.Helper()
		deadline := time.Now().Add(10 * time.Second)
		for st.reads.Load() < n {
			if time.Now().After(deadline) {
				t.Fatalf("%s: %d reads of the tournaments, want %d", what, st.reads.Load(), n)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	reads("the first tick", 2) // those in registration, those running
	must(svc.Create(t.Context(), person("ana"), "Otoño", "", league.Settings{Format: league.Swiss, Rounds: 3,
		TimeControl: "5+0", StartsAt: e.clock().Add(time.Hour)}))
	reads("after the create", 4)
}
