package main

import (
	"log/slog"
	"time"

	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/schedule"
	"github.com/joinpal/joinpal/tournament"
)

// leagueTick is how often the tournaments look for finished games and
// rounds due (the test clock's moves wake them at once).
const leagueTick = 5 * time.Second

// newLeague wires the tournaments: their games made by the runtime
// (running, this node's or another's), read back from the store, arranged
// rounds through the schedule, clubs and ratings from the store, Swiss
// rounds by tournament.PairSwiss (the FIDE Dutch system).
func newLeague(st platformStore, running league.Games, sched *schedule.Service, clubs *club.Service,
	now func() time.Time, log *slog.Logger) (*league.Service, error) {
	return league.New(league.Config{Store: st, Games: running, Records: st, Arranger: sched, Clubs: clubs,
		Ratings: st, Pair: tournament.PairSwiss, Now: now, Log: log})
}
