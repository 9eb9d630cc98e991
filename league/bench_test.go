package league_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/tournament"
)

// BenchmarkSwissRound measures a 500-player Swiss's rounds on SQLite: each
// iteration records round r's results (the organiser's adjudications, 250
// transactions) and pairs round r+1 by the FIDE Dutch system, written in
// one transaction with its 250 boards, and makes its games in the runtime.
// The per-op time is one whole round; pair-ms is PairNext (the pairing,
// its transaction and the games made), dutch-ms the Dutch pairing alone,
// both per round timed (round 1's pairing, at the start, is not).
func BenchmarkSwissRound(b *testing.B) {
	e := newEnv(b, "")
	ctx := b.Context()
	var dutch time.Duration
	e.svc = must(league.New(league.Config{Store: e.st, Games: e.games, Records: e.st, Now: e.clock,
		Pair: func(ps []tournament.Player, gs []tournament.Game, r int, absent []int, o tournament.SwissOptions) ([]tournament.Pairing, error) {
			start := time.Now()
			defer func() { dutch += time.Since(start) }()
			return tournament.PairSwiss(ps, gs, r, absent, o)
		}}))
	tr := must(e.svc.Create(ctx, person("org"), "Abierto grande", "", league.Settings{Format: league.Swiss, Rounds: 20,
		TimeControl: "10+5", MaxPlayers: 500}))
	for i := range 500 {
		must(e.svc.Join(ctx, person(fmt.Sprintf("p%03d", i)), tr.ID))
	}
	tr = must(e.svc.Start(ctx, person("org"), tr.ID))
	b.ResetTimer()
	dutch = 0
	var paired time.Duration
	for i := 0; i < b.N && tr.Round < tr.TotalRounds; i++ {
		for _, bd := range roundBoards(must(e.svc.Boards(ctx, tr.ID)), tr.Round) {
			if !bd.Decided() {
				res := []string{"1-0", "1/2-1/2", "0-1"}[(bd.Board+tr.Round)%3]
				must(e.svc.SetResult(ctx, person("org"), tr.ID, bd.Round, bd.Board, res, "bench"))
			}
		}
		start := time.Now()
		tr = must(e.svc.PairNext(ctx, person("org"), tr.ID, tr.Round+1))
		paired += time.Since(start)
	}
	b.ReportMetric(float64(paired.Milliseconds())/float64(b.N), "pair-ms")
	b.ReportMetric(float64(dutch.Milliseconds())/float64(b.N), "dutch-ms")
}
