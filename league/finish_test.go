package league_test

import (
	"testing"

	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
)

// playRound ends every undecided game of tournament id's round by the
// white player winning.
func (e *env) playRound(t *testing.T, id string, round int) {
	t.Helper()
	for _, b := range roundBoards(must(e.svc.Boards(t.Context(), id)), round) {
		if !b.IsBye() && !b.Decided() {
			e.finish(t, b.GameID, true)
		}
	}
}

// TestSwissEndsWhenUnpairable: a Swiss whose next round has no pairing
// (everyone has met whom they may) is finished by the tick, its reason
// "no-pairing", its standings whole, and a tick after changes nothing:
// 4 players for 5 rounds; 8 players for 7 rounds with one withdrawn
// after round 1.
func TestSwissEndsWhenUnpairable(t *testing.T) {
	for _, c := range []struct {
		name      string
		players   []string
		rounds    int
		withdraw  string
		mostRound int
	}{
		{"4 players, 5 rounds", []string{"ana", "beto", "carla", "dani"}, 5, "", 3},
		{"8 players, 7 rounds, one withdrawn", []string{"ana", "beto", "carla", "dani", "eva", "fede", "gema", "hugo"}, 7, "hugo", 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t, "")
			ctx := t.Context()
			tr := must(e.svc.Create(ctx, person("ana"), "Abierto corto", "", league.Settings{Format: league.Swiss,
				Rounds: c.rounds, TimeControl: "5+3"}))
			for _, p := range c.players {
				must(e.svc.Join(ctx, person(p), tr.ID))
			}
			tr = must(e.svc.Start(ctx, person("ana"), tr.ID))
			if c.withdraw != "" {
				must(e.svc.Withdraw(ctx, person("ana"), tr.ID, c.withdraw))
			}
			for i := 0; tr.Status == league.Running && i < 2*c.rounds; i++ {
				e.playRound(t, tr.ID, tr.Round)
				must(e.svc.Tick(ctx))
				tr = must(e.svc.Get(ctx, tr.ID))
			}
			if tr.Status != league.Finished || tr.Ended != league.EndNoPairing || tr.Round > c.mostRound || tr.FinishedAt.IsZero() {
				t.Fatalf("not ended for want of pairings: %+v", tr)
			}
			if n := must(e.svc.Tick(ctx)); n != 0 {
				t.Fatalf("a finished tournament changed again: %d", n)
			}
			if rows := must(e.svc.Standings(ctx, tr.ID)); len(rows) != len(c.players) {
				t.Fatalf("standings: %+v", rows)
			}
		})
	}
}

// TestFinishAndAdjudicateInPlay: the organiser's finish and an
// adjudication of a game being played, each refusal coded.
func TestFinishAndAdjudicateInPlay(t *testing.T) {
	e := newEnv(t, "")
	ctx := t.Context()
	tr := must(e.svc.Create(ctx, person("ana"), "Abierto corto", "", league.Settings{Format: league.Swiss,
		Rounds: 3, TimeControl: "5+3"}))
	for _, p := range []string{"ana", "beto", "carla", "dani"} {
		must(e.svc.Join(ctx, person(p), tr.ID))
	}
	_, err := e.svc.Finish(ctx, person("ana"), tr.ID)
	wantCode(t, err, league.CodeNotRunning)
	tr = must(e.svc.Start(ctx, person("ana"), tr.ID))
	b := roundBoards(must(e.svc.Boards(ctx, tr.ID)), 1)[0]
	e.set(b.StartAt)
	if _, err := e.rt.Move(ctx, b.GameID, b.White, live.MoveRequest{UCI: "e2e4", Ply: 0, ID: 1}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		do   func() error
		want league.Code
	}{
		{"a stranger finishes", func() error { _, err := e.svc.Finish(ctx, person("beto"), tr.ID); return err }, league.CodeNotOrganiser},
		{"finish with games undecided", func() error { _, err := e.svc.Finish(ctx, person("ana"), tr.ID); return err }, league.CodeGamesInPlay},
		{"adjudicate a game in play", func() error {
			_, err := e.svc.SetResult(ctx, person("ana"), tr.ID, 1, b.Board, "1-0", "acuerdo")
			return err
		}, league.CodeGameInPlay},
	} {
		t.Run(c.name, func(t *testing.T) { wantCode(t, c.do(), c.want) })
	}
	e.playRound(t, tr.ID, 1)
	must(e.svc.Tick(ctx)) // round 2 paired
	must(e.svc.Pause(ctx, person("ana"), tr.ID, true))
	for _, b := range roundBoards(must(e.svc.Boards(ctx, tr.ID)), 2) {
		must(e.svc.SetResult(ctx, person("ana"), tr.ID, 2, b.Board, "1/2-1/2", "no se jugó")) // not started: adjudicable
	}
	tr = must(e.svc.Finish(ctx, person("ana"), tr.ID))
	if tr.Status != league.Finished || tr.Ended != league.EndOrganiser || tr.Round != 2 {
		t.Fatalf("finished: %+v", tr)
	}
	_, err = e.svc.Finish(ctx, person("ana"), tr.ID)
	wantCode(t, err, league.CodeNotRunning)
}
