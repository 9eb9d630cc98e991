package server

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/analysis"
)

// savedSignal is an analysis store that tells which games' analyses it
// has stored, so that a test waits for the worker without sleeping.
type savedSignal struct {
	analysis.Store
	saved chan string
}

func (s savedSignal) SaveAnalysis(ctx context.Context, id string, r analysis.Report) error {
	err := s.Store.SaveAnalysis(ctx, id, r)
	s.saved <- id
	return err
}

// TestE2EAnalysis: a game being played has no analysis (fair play); once
// it ends, a player asks for one, the queue works it, and the report comes
// back with the game's blunder marked, also in the PGN.
func TestE2EAnalysis(t *testing.T) {
	var q *analysis.Queue
	saved := make(chan string, 4)
	env := newPlayEnv(t, playOptions{config: func(c *Config) {
		store := savedSignal{Store: c.Games.(analysis.Store), saved: saved}
		q = analysis.NewQueue(analysis.Config{Store: store, NewEvaluator: func() (analysis.Evaluator, error) {
			return analysis.NewBuiltin(20_000), nil
		}})
		c.Analyses = q
	}})
	t.Cleanup(func() { q.Close() })
	white, black, spectator := env.guest(t), env.guest(t), env.guest(t)
	id := env.pairBySeek(white, black, "5+0")
	path := "/api/game/" + id + "/analysis"

	white.must(http.StatusOK, "POST", "/api/game/"+id+"/move/f2f3?ply=0&id=1", nil, nil)
	for _, p := range []*person{white, spectator} {
		if code := p.do("POST", path, nil).refusal(t).Code; code != string(analysis.CodeInProgress) {
			t.Errorf("POST %s during the game: %s, want %s", path, code, analysis.CodeInProgress)
		}
		if code := p.do("GET", path, nil).refusal(t).Code; code != string(analysis.CodeInProgress) {
			t.Errorf("GET %s during the game: %s, want %s", path, code, analysis.CodeInProgress)
		}
	}

	black.must(http.StatusOK, "POST", "/api/game/"+id+"/move/e7e5?ply=1&id=1", nil, nil)
	white.must(http.StatusOK, "POST", "/api/game/"+id+"/move/g2g4?ply=2&id=2", nil, nil)
	black.must(http.StatusOK, "POST", "/api/game/"+id+"/move/d8h4?ply=3&id=2", nil, nil)

	var st analysis.Status
	white.must(http.StatusOK, "GET", path, nil, &st)
	if st.State != analysis.StateNone {
		t.Fatalf("GET %s before asking: %+v, want none", path, st)
	}
	res := white.do("POST", path, nil)
	if res.status != http.StatusAccepted && res.status != http.StatusOK {
		t.Fatalf("POST %s: %d %s", path, res.status, res.body)
	}
	if got := <-saved; got != id {
		t.Fatalf("stored the analysis of %s, want %s", got, id)
	}
	spectator.must(http.StatusOK, "POST", path, nil, &st) // already done: nothing queued
	if st.State != analysis.StateDone || st.Report == nil {
		t.Fatalf("POST %s once analysed: %+v, want done with the report", path, st)
	}
	spectator.must(http.StatusOK, "GET", path, nil, &st)
	r := st.Report
	if len(r.Plies) != 4 || r.Plies[2].SAN != "g4" || r.Plies[2].Judgement != analysis.Blunder || r.White.Blunders != 1 {
		t.Fatalf("the report: %+v; want 4 plies with g4 a blunder", r)
	}
	if r.Plies[3].Ended != "checkmate" {
		t.Errorf("the last ply: %+v, want the checkmate", r.Plies[3])
	}
	pgn := string(white.do("GET", "/api/game/"+id+"/pgn", nil).body)
	for _, want := range []string{"[%eval ", "g4 $4", "Blunder."} {
		if !strings.Contains(pgn, want) {
			t.Errorf("the PGN lacks %q:\n%s", want, pgn)
		}
	}
	if code := env.anonymous(t).do("POST", path, nil).refusal(t).Code; code != string(CodeUnauthorized) {
		t.Errorf("POST %s by nobody: %s, want %s", path, code, CodeUnauthorized)
	}
}
