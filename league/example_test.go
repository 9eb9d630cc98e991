package league_test

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/tournament"
)

// A double round-robin with the clock of a club night: the defaults fill
// in the tie-breaks, the round mode and the scoring of unplayed games.
func ExampleCheck() {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	set, err := league.Check("Liga  de invierno", league.Settings{Format: league.RoundRobin, Cycles: 2, TimeControl: "15+10"}, now)
	fmt.Println(set.TieBreaks, set.Mode, set.Unplayed, err)
	_, err = league.Check("Abierto", league.Settings{Format: league.Swiss, Rounds: 30, TimeControl: "5+3"}, now)
	fmt.Println(league.CodeOf(err))
	// Output:
	// [DE WIN SB] live double-forfeit <nil>
	// league.bad_rounds
}

// An organiser's adjudication: the six results and how the standings
// write them.
func ExampleParseResult() {
	for _, s := range []string{"1-0", "1/2-1/2", "+-", "--", "2-0"} {
		r, ok := league.ParseResult(s)
		fmt.Printf("%s %v %v %q\n", s, r, ok, league.ResultText(r))
	}
	fmt.Println(league.ResultText(tournament.HalfPointBye))
	// Output:
	// 1-0 WhiteWins true "1-0"
	// 1/2-1/2 Drawn true "½-½"
	// +- WhiteWinsByForfeit true "+-"
	// -- DoubleForfeit true "--"
	// 2-0 Pending false ""
	// ½
}

// The performance rating of two players who met twice over the board: a
// win and a draw score 75 % against a 1600, a rating difference of 193.
func ExamplePerformances() {
	players := []tournament.Player{{Number: 1, Name: "Ana", Rating: 1800}, {Number: 2, Name: "Beto", Rating: 1600}}
	games := []tournament.Game{
		{Round: 1, White: 1, Black: 2, Result: tournament.WhiteWins},
		{Round: 2, White: 2, Black: 1, Result: tournament.Drawn},
	}
	perf := league.Performances(players, games)
	fmt.Println(perf[1], perf[2])
	// Output: 1793 1607
}
