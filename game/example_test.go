package game_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/joinpal/joinpal/game"
)

func ExampleParseTimeControl() {
	for _, text := range []string{"5+3", "180+10", "move:30s", "untimed", "5+11", "move:30s+2"} {
		tc, err := game.ParseTimeControl(text)
		if err != nil {
			fmt.Println(game.CodeOf(err), err)
			continue
		}
		fmt.Printf("%-8s %-10v PGN %q untimed=%v\n", tc, tc.Mode(), tc.PGN(), tc.Untimed())
	}
	// Output:
	// 5+3      whole_game PGN "300+3" untimed=false
	// 180+10   whole_game PGN "10800+10" untimed=false
	// move:30s per_move   PGN "1/30" untimed=false
	// untimed  untimed    PGN "-" untimed=true
	// game.bad_time_control game: bad time control "5+11": increment 11 s is above the maximum of 10 s
	// game.bad_time_control game: bad time control "move:30s+2": a per-move clock takes no increment
}

func ExampleNewWholeGame() {
	tc, err := game.NewWholeGame(10*time.Minute, 5*time.Second)
	fmt.Println(tc, err)

	_, err = game.NewWholeGame(181*time.Minute, 0)
	fmt.Println(errors.Is(err, game.ErrBadTimeControl), err)
	// Output:
	// 10+5 <nil>
	// true game: bad time control: base time 181 min is above the maximum of 180 min
}

func ExampleParsePGNTimeControl() {
	for _, v := range []string{"300+3", "600", "1/30", "-", "40/7200:3600"} {
		tc, err := game.ParsePGNTimeControl(v)
		fmt.Printf("%q -> %q %v\n", v, tc, err)
	}
	// Output:
	// "300+3" -> "5+3" <nil>
	// "600" -> "10+0" <nil>
	// "1/30" -> "move:30s" <nil>
	// "-" -> "untimed" <nil>
	// "40/7200:3600" -> "" game: bad time control "40/7200:3600": multi-period time controls are not supported
}

// A 3+2 game with a fake source of time: the clock starts after both first
// moves, charges each move minus its lag credit, and adds the increment.
func ExampleClock() {
	now := time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }

	tc, _ := game.ParseTimeControl("3+2")
	c, _ := game.NewClock(tc, game.White, clock)

	now = now.Add(10 * time.Second)
	c.Press(game.White, 0) // 1. e4: not charged, 2 s added
	now = now.Add(5 * time.Second)
	c.Press(game.Black, 0) // 1... e5: the same, and the clock starts
	fmt.Println(c.State())

	now = now.Add(4 * time.Second)
	ch, _ := c.Press(game.White, 120*time.Millisecond) // 2. Nf3, 120 ms of lag
	fmt.Printf("spent %v, lag credit %v, increment %v, left %v\n", ch.Spent, ch.LagCredit, ch.Increment, ch.Remaining)

	now = now.Add(30 * time.Second)
	fmt.Println("black has", c.Remaining(game.Black, now))
	exp, _ := c.ExpiresAt()
	flag, _ := c.FlagsAt()
	fmt.Println("black's time runs out at", exp.Format(time.TimeOnly), c.Flagged(exp))
	fmt.Println("black's flag falls at", flag.Format(time.TimeOnly), c.Flagged(flag), "after a grace of", c.Grace())
	// Output:
	// running
	// spent 3.88s, lag credit 120ms, increment 2s, left 3m0.12s
	// black has 2m32s
	// black's time runs out at 18:03:21 false
	// black's flag falls at 18:03:23 true after a grace of 2s
}

// After a crash: restore the stored snapshot, pause it at the last moment
// the server was known up, resume it now. The downtime is charged to nobody.
func ExampleClock_Pause() {
	now := time.Date(2026, 3, 1, 18, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	tc, _ := game.ParseTimeControl("move:30s")
	c, _ := game.NewClock(tc, game.White, clock)
	c.Press(game.White, 0)
	c.Press(game.Black, 0)
	stored := c.Snapshot() // made durable with the move

	now = now.Add(10 * time.Second)
	lastSeen := now
	now = now.Add(2 * time.Hour) // the server is down

	c, err := game.RestoreClock(stored, clock)
	if err != nil {
		fmt.Println(err)
		return
	}
	c.Pause(lastSeen)
	c.Resume(now)
	fmt.Println(c.State(), "white has", c.Remaining(game.White, now))
	// Output:
	// running white has 20s
}

// The lag quota scales with the time control, as lichess's does; the flag
// falls the quota (at most 2 s) after the clock shows 0.
func ExampleLagQuotaGain() {
	for _, text := range []string{"1+0", "2+1", "3+2", "move:5s"} {
		tc, _ := game.ParseTimeControl(text)
		fmt.Printf("%-7s gain %v, quota %v to %v, grace %v\n", text,
			game.LagQuotaGain(tc), game.LagQuotaInitial(tc), game.LagQuotaMax(tc), min(game.LagQuotaInitial(tc), game.MaxLagGrace))
	}
	// Output:
	// 1+0     gain 390ms, quota 1.17s to 2.73s, grace 1.17s
	// 2+1     gain 790ms, quota 2.37s to 5.53s, grace 2s
	// 3+2     gain 1s, quota 3s to 7s, grace 2s
	// move:5s gain 550ms, quota 1.65s to 3.85s, grace 1.65s
}

// A node asks the store to carry its heartbeat with a game's write; a
// store that commits it with the write marks it carried, and the node then
// need not write the beat alone.
func ExampleWithBeat() {
	b := &game.Beat{Node: "node-1", At: time.Date(2026, 12, 6, 4, 0, 0, 0, time.UTC)}
	ctx := game.WithBeat(context.Background(), b)

	// What a store does once the write's commit, with the beat, is
	// confirmed:
	if beat := game.BeatOf(ctx); beat != nil {
		beat.MarkCarried()
	}
	fmt.Println(b.Carried())
	// Output: true
}

func ExampleLegalMoves() {
	tc, err := game.NewWholeGame(5*time.Minute, 3*time.Second)
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := game.New(game.Config{ID: "g1", White: game.Player{ID: "alba", Name: "Alba"}, Black: game.Player{ID: "bruno", Name: "Bruno"}, TimeControl: tc})
	if err != nil {
		fmt.Println(err)
		return
	}
	ev := g.NewEvent(game.EventState, nil)
	fmt.Println(len(ev.Legal), ev.Legal[0], ev.Legal.Strings()[:3])
	b, _ := json.Marshal(ev.Legal[:2])
	fmt.Println(string(b))
	var back game.LegalMoves
	fmt.Println(json.Unmarshal([]byte(`["e2e4","E2E4"]`), &back))
	// Output:
	// 20 b1a3 [b1a3 b1c3 g1f3]
	// ["b1a3","b1c3"]
	// game: move E2E4 is not UCI text: want 4 or 5 lowercase letters and digits
}
