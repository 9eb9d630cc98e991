package league_test

import (
	"slices"
	"testing"
	"time"

	"github.com/joinpal/joinpal/league"
)

// drain returns what ch holds now, without waiting.
func drain(ch <-chan league.Paired) []league.Paired {
	var out []league.Paired
	for {
		select {
		case p := <-ch:
			out = append(out, p)
		default:
			return out
		}
	}
}

// TestLiveRoundsTellTheirPlayers: each game a live round makes is told
// once to its two players (round, board, opponent, start), the next
// round's when it pairs; an arranged round's games are not (the schedule
// tells them); a game whose making failed is told once it is made or
// found made.
func TestLiveRoundsTellTheirPlayers(t *testing.T) {
	tests := []struct {
		name     string
		mode     league.Mode
		failOnce string // the first attempt at the games fails so
		rounds   int    // rounds paired (all but the last played)
		want     int    // games told
	}{
		{"live round robin", league.Live, "", 3, 6},
		{"a failed attempt is told when it succeeds", league.Live, "before", 1, 2},
		{"a game made by a failed attempt is told when found", league.Live, "after", 1, 2},
		{"arranged", league.Arranged, "", 1, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, "")
			ctx := t.Context()
			set := league.Settings{Format: league.RoundRobin, TimeControl: "10+5", Mode: tt.mode}
			if tt.mode == league.Arranged {
				set.StartsAt, set.RoundInterval, set.Zone = e.clock().Add(7*24*time.Hour), 7*24*time.Hour, "Europe/Madrid"
			}
			tr := must(e.svc.Create(ctx, person("ana"), "Liga de invierno", "", set))
			for _, p := range []string{"ana", "beto", "carla", "dani"} {
				must(e.svc.Join(ctx, person(p), tr.ID))
			}
			ch, stop := e.svc.SubscribePaired()
			defer stop()
			e.games.fail = tt.failOnce
			tr = must(e.svc.Start(ctx, person("ana"), tr.ID))
			e.games.fail = ""
			var told []league.Paired
			for r := 1; r <= tt.rounds; r++ {
				must(e.svc.Tick(ctx))
				told = append(told, drain(ch)...)
				for _, b := range roundBoards(must(e.svc.Boards(ctx, tr.ID)), r) {
					if tt.mode == league.Live && r < tt.rounds {
						e.finish(t, b.GameID, true)
					}
				}
				must(e.svc.Tick(ctx))
			}
			told = append(told, drain(ch)...)
			if len(told) != tt.want {
				t.Fatalf("told %d games, want %d: %+v", len(told), tt.want, told)
			}
			boards := must(e.svc.Boards(ctx, tr.ID))
			for _, p := range told {
				i := slices.IndexFunc(boards, func(b league.Board) bool { return b.GameID == p.GameID })
				if i < 0 {
					t.Fatalf("told of a game of no board: %+v", p)
				}
				b := boards[i]
				if p.TournamentID != tr.ID || p.Tournament != "Liga de invierno" || p.Round != b.Round || p.Board != b.Board ||
					p.White.ID != b.White || p.Black.ID != b.Black || !p.StartAt.Equal(b.StartAt) ||
					p.StartAt.Sub(e.clock()) > league.LiveLead {
					t.Errorf("told %+v of board %+v", p, b)
				}
				if !p.Concerns(b.White) || !p.Concerns(b.Black) || p.Concerns("eva") || p.Opponent(b.White) != person(b.Black).Name {
					t.Errorf("%+v: Concerns or Opponent wrong", p)
				}
			}
		})
	}
}
