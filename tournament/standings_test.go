package tournament

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// league is a six-player round-robin on the Berger table, worked by hand
// below. Ratings 2000 down to 1500. In round 3 player 5 does not come:
// 4 wins by forfeit.
//
//	        1  2  3  4  5  6   pts
//	1 Ana   *  0  ½  1  1  1   3½
//	2 Bea   1  *  0  ½  ½  1   3
//	3 Cris  ½  1  *  0  ½  1   3
//	4 Dani  0  ½  1  *  +  1   3½
//	5 Eva   0  ½  ½  -  *  ½   1½
//	6 Fer   0  0  0  0  ½  *   ½
var (
	leaguePlayers = []Player{
		{1, "Ana", 2000}, {2, "Bea", 1900}, {3, "Cris", 1800},
		{4, "Dani", 1700}, {5, "Eva", 1600}, {6, "Fer", 1500},
	}
	leagueGames = []Game{
		{1, 1, 6, WhiteWins}, {1, 2, 5, Drawn}, {1, 3, 4, BlackWins},
		{2, 6, 4, BlackWins}, {2, 5, 3, Drawn}, {2, 1, 2, BlackWins},
		{3, 2, 6, WhiteWins}, {3, 3, 1, Drawn}, {3, 4, 5, WhiteWinsByForfeit},
		{4, 6, 5, Drawn}, {4, 1, 4, WhiteWins}, {4, 2, 3, BlackWins},
		{5, 3, 6, WhiteWins}, {5, 4, 2, Drawn}, {5, 5, 1, BlackWins},
	}
)

// row is a standing in short: rank, number, points in half points and the
// tie-break values.
type row struct {
	rank, number int
	points       Points
	tb           []float64
}

func rows(st []Standing) []row {
	out := make([]row, len(st))
	for i, s := range st {
		out[i] = row{s.Rank, s.Player.Number, s.Points, s.TieBreaks}
	}
	return out
}

// TestStandingsHandWorked compares Standings with the league worked by hand.
//
// Scores: 1: 3½, 2: 3, 3: 3, 4: 3½, 5: 1½, 6: ½ (15 points, 15 games).
//
// As a round-robin (the forfeit counts against the scheduled opponent):
//   - DE: 1 beat 4 (round 4), so 1 is above 4; 3 beat 2 (round 4). DE's
//     value is the points against the tied: 1: 1, 4: 0, 3: 1, 2: 0.
//   - WIN: 1 won rounds 1, 4, 5: 3; 4 rounds 1, 2 and 3 (the forfeit): 3;
//     2: 2; 3: 2; 5 and 6: 0.
//   - SB: 1: ½(6) + ½·3(3) + 3½(4) + 1½(5) = 7; 2: ½·1½ + 3½ + ½ + ½·3½ =
//     6½; 3: ½·1½ + ½·3½ + 3 + ½ = 6; 4: 3 + ½ + 1½ (the forfeit, against
//     5) + ½·3 = 6½; 5: ½·3 + ½·3 + ½·½ = 3¼; 6: ½·1½ = ¾.
//   - BH: all the others' points, 15 less one's own: 11½, 12, 12, 11½,
//     13½, 14½.
//   - BH-C1: less the lowest opponent (6's ½, or 5's 1½ for 6): 11, 11½,
//     11½, 11, 13, 13.
//   - ARO, games played only: 1: (1500+1900+1800+1700+1600)/5 = 1700;
//     2: 8600/5 = 1720; 3: 8700/5 = 1740; 4 (not 5): 7200/4 = 1800;
//     5 (not 4): 7200/4 = 1800; 6: 9000/5 = 1800.
//
// As a Swiss counts it (the forfeit is an unplayed round, C.07 Article 16):
// 4's round 3 is against a dummy with 4's own 3½, 5's against one with 5's
// own 1½; 5's round is voluntarily unplayed (it did not come), 4's is not.
//   - SB: 4: 3 + ½ + 3½·1 + 0 + ½·3 = 8½; 5: 1½·0 = 0 changes nothing, 3¼.
//   - BH: 4: 3 + ½ + 3½ + 3½ + 3 = 13½; 5: 3 + 3 + 1½ + ½ + 3½ = 11½.
//   - BH-C1: 4 cuts the ½: 13; 5 cuts its own unplayed round's 1½ before
//     the ½ (Article 14: voluntarily unplayed rounds first): 10.
func TestStandingsHandWorked(t *testing.T) {
	swiss := DefaultRules()
	swiss.RoundRobin = false
	tests := []struct {
		name  string
		rules Rules
		want  []row
	}{
		{"round-robin", DefaultRules(), []row{
			{1, 1, 7, []float64{1, 3, 7, 11.5, 11, 1700}},
			{2, 4, 7, []float64{0, 3, 6.5, 11.5, 11, 1800}},
			{3, 3, 6, []float64{1, 2, 6, 12, 11.5, 1740}},
			{4, 2, 6, []float64{0, 2, 6.5, 12, 11.5, 1720}},
			{5, 5, 3, []float64{0, 0, 3.25, 13.5, 13, 1800}},
			{6, 6, 1, []float64{0, 0, 0.75, 14.5, 13, 1800}},
		}},
		{"swiss treatment", swiss, []row{
			{1, 1, 7, []float64{1, 3, 7, 11.5, 11, 1700}},
			{2, 4, 7, []float64{0, 3, 8.5, 13.5, 13, 1800}},
			{3, 3, 6, []float64{1, 2, 6, 12, 11.5, 1740}},
			{4, 2, 6, []float64{0, 2, 6.5, 12, 11.5, 1720}},
			{5, 5, 3, []float64{0, 0, 3.25, 11.5, 10, 1800}},
			{6, 6, 1, []float64{0, 0, 0.75, 14.5, 13, 1800}},
		}},
		{"buchholz first", Rules{RoundRobin: true, TieBreaks: []TieBreak{Buchholz, SonnebornBerger}}, []row{
			{1, 1, 7, []float64{11.5, 7}},
			{2, 4, 7, []float64{11.5, 6.5}},
			{3, 2, 6, []float64{12, 6.5}},
			{4, 3, 6, []float64{12, 6}},
			{5, 5, 3, []float64{13.5, 3.25}},
			{6, 6, 1, []float64{14.5, 0.75}},
		}},
		{"no tie-breaks: level players share a rank", Rules{}, []row{
			{1, 1, 7, []float64{}}, {1, 4, 7, []float64{}},
			{3, 2, 6, []float64{}}, {3, 3, 6, []float64{}},
			{5, 5, 3, []float64{}}, {6, 6, 1, []float64{}},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st, err := Standings(leaguePlayers, leagueGames, tt.rules)
			if err != nil {
				t.Fatal(err)
			}
			got := rows(st)
			if len(got) != len(tt.want) {
				t.Fatalf("%d standings, want %d", len(got), len(tt.want))
			}
			for i := range got {
				g, w := got[i], tt.want[i]
				if g.rank != w.rank || g.number != w.number || g.points != w.points || !slices.Equal(g.tb, w.tb) {
					t.Errorf("line %d: got %+v, want %+v", i+1, g, w)
				}
			}
		})
	}
}

// TestStandingsBye: three players, so a pairing-allocated bye each round.
//
//	round 1: 1 bye, 2-3 1-0; round 2: 3 bye, 1-2 ½; round 3: 2 bye, 3-1 ½.
//
// With the bye worth a win: 1: 2, 2: 2½, 3: 1½. The bye's round counts in
// Buchholz as a dummy opponent with the player's own score (C.07 Article
// 16): 1: 2 + 2½ + 1½ = 6; 2: 1½ + 2 + 2½ = 6; 3: 2½ + 1½ + 2 = 6. In SB
// the dummy's score times the bye's point: 1: 2 + ½·2½ + ½·1½ = 4; 2: 1½ +
// ½·2 + 2½ = 5; 3: 1½ + ½·2 = 2½. WIN counts the bye: 1, 2, 1. With a bye
// worth nothing: 1, 1½, ½.
func TestStandingsBye(t *testing.T) {
	players := []Player{{1, "A", 0}, {2, "B", 0}, {3, "C", 0}}
	games := []Game{
		{1, 1, Bye, PairingBye}, {1, 2, 3, WhiteWins},
		{2, 3, Bye, PairingBye}, {2, 1, 2, Drawn},
		{3, 2, Bye, PairingBye}, {3, 3, 1, Drawn},
	}
	rules := Rules{ByePoints: Win, RoundRobin: true, TieBreaks: []TieBreak{Buchholz, SonnebornBerger, Wins, AverageRatingOfOpponents}}
	st, err := Standings(players, games, rules)
	if err != nil {
		t.Fatal(err)
	}
	want := []row{
		{1, 2, 5, []float64{6, 5, 2, 0}},
		{2, 1, 4, []float64{6, 4, 1, 0}},
		{3, 3, 3, []float64{6, 2.5, 1, 0}},
	}
	if got := rows(st); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
	rules.ByePoints = 0
	st, _ = Standings(players, games, rules)
	var pts []Points
	for _, s := range st {
		pts = append(pts, s.Points)
	}
	if !slices.Equal(pts, []Points{3, 2, 1}) {
		t.Errorf("points with a bye worth nothing: %v", pts)
	}
}

// TestStandingsWithdrawal: a player who leaves after round 1 has no games
// after it; for the opponents' Buchholz those rounds count as draws
// (C.07 Article 16), and for its own it meets dummies.
//
// Four players, 4 leaves after round 1 (lost to 1):
//
//	r1: 1-4 1-0, 2-3 ½; r2: 1-2 1-0, 3: no opponent, 4 absent;
//	r3: 3-1 0-1, 2: no opponent, 4 absent.
//
// 3's and 2's rounds without a game are byes they did not ask for
// (PairingBye, worth a win here). Scores: 1: 3, 2: 1½, 3: 1½, 4: 0.
// 4 as the opponents see it: 0 + ½ + ½ = 1. BH of 1: 4's 1 + 2's 1½ + 3's
// 1½ = 4.
func TestStandingsWithdrawal(t *testing.T) {
	players := []Player{{1, "A", 0}, {2, "B", 0}, {3, "C", 0}, {4, "D", 0}}
	games := []Game{
		{1, 1, 4, WhiteWins}, {1, 2, 3, Drawn},
		{2, 1, 2, WhiteWins}, {2, 3, Bye, PairingBye},
		{3, 3, 1, BlackWins}, {3, 2, Bye, PairingBye},
	}
	st, err := Standings(players, games, Rules{ByePoints: Win, TieBreaks: []TieBreak{Buchholz}})
	if err != nil {
		t.Fatal(err)
	}
	if st[0].Player.Number != 1 || st[0].Points != 6 || st[0].TieBreaks[0] != 4 {
		t.Errorf("first: %+v", st[0])
	}
	last := st[len(st)-1]
	// 4's own Buchholz: 1's 3 in round 1, then two dummies with 4's own 0.
	if last.Player.Number != 4 || last.Points != 0 || last.TieBreaks[0] != 3 {
		t.Errorf("last: %+v", last)
	}
}

// TestDirectEncounterThree: three players level; DE separates one, then
// compares the other two again among themselves.
func TestDirectEncounterThree(t *testing.T) {
	// 1 beat 2, 2 beat 3, 3 drew with 1; 2 and 3 beat 4, 1 drew with 4.
	// 1: ½ + 1 + ½ = 2; 2: 1 + 0 + 1 = 2; 3: 0 + 1 + ½ = 1½. 1 and 2 are
	// level on 2, and DE puts 1, who beat 2, above.
	players := []Player{{1, "A", 0}, {2, "B", 0}, {3, "C", 0}, {4, "D", 0}}
	games := []Game{
		{1, 1, 4, Drawn}, {1, 2, 3, WhiteWins},
		{2, 4, 3, BlackWins}, {2, 1, 2, WhiteWins},
		{3, 2, 4, WhiteWins}, {3, 3, 1, Drawn},
	}
	st, err := Standings(players, games, Rules{TieBreaks: []TieBreak{DirectEncounter}})
	if err != nil {
		t.Fatal(err)
	}
	var order []int
	for _, s := range st {
		order = append(order, s.Player.Number)
	}
	if fmt.Sprint(order) != "[1 2 3 4]" || st[1].Rank != 2 {
		t.Errorf("order %v, %+v", order, st)
	}
	// Three level, all met: a 1-0 b, b 1-0 c, c ½ a: a 1½, b 1, c ½.
	players = []Player{{1, "a", 0}, {2, "b", 0}, {3, "c", 0}, {4, "d", 0}, {5, "e", 0}}
	games = []Game{
		{1, 1, 2, WhiteWins}, {1, 3, 4, BlackWins}, {1, 5, Bye, PairingBye},
		{2, 2, 3, WhiteWins}, {2, 1, 5, BlackWins}, {2, 4, Bye, PairingBye},
		{3, 3, 1, Drawn}, {3, 2, 5, Drawn}, {3, 4, Bye, ZeroPointBye},
		{4, 3, 5, WhiteWins}, {4, 2, 4, BlackWins}, {4, 1, Bye, ZeroPointBye},
	}
	// a: 1 + 0 + ½ + 0 = 1½; b: 0 + 1 + ½ + 0 = 1½; c: 0 + 0 + ½ + 1 = 1½.
	st, err = Standings(players, games, Rules{ByePoints: Win, TieBreaks: []TieBreak{DirectEncounter}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[int][2]float64{}
	for _, s := range st {
		got[s.Player.Number] = [2]float64{float64(s.Rank), s.TieBreaks[0]}
	}
	// d: 1 + 1 (bye) + 0 + 1 = 3, e: 1 + 1 + ½ + 0 = 2½ are above.
	want := map[int][2]float64{4: {1, 0}, 5: {2, 0}, 1: {3, 1.5}, 2: {4, 1}, 3: {5, 0.5}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

func TestStandingsBadInput(t *testing.T) {
	two := []Player{{1, "A", 0}, {2, "B", 0}}
	tests := []struct {
		name    string
		players []Player
		games   []Game
		rules   Rules
	}{
		{"number twice", []Player{{1, "A", 0}, {1, "B", 0}}, nil, Rules{}},
		{"number zero", []Player{{0, "A", 0}}, nil, Rules{}},
		{"unknown player", two, []Game{{1, 1, 3, Drawn}}, Rules{}},
		{"against itself", two, []Game{{1, 1, 1, Drawn}}, Rules{}},
		{"two games a round", two, []Game{{1, 1, 2, Drawn}, {1, 2, Bye, PairingBye}}, Rules{}},
		{"bye result on a game", two, []Game{{1, 1, 2, PairingBye}}, Rules{}},
		{"game result on a bye", two, []Game{{1, 1, Bye, Drawn}}, Rules{}},
		{"unknown result", two, []Game{{1, 1, 2, Result(99)}}, Rules{}},
		{"round zero", two, []Game{{0, 1, 2, Drawn}}, Rules{}},
		{"unknown tie-break", two, nil, Rules{TieBreaks: []TieBreak{"XYZ"}}},
	}
	for _, tt := range tests {
		if _, err := Standings(tt.players, tt.games, tt.rules); err == nil || !strings.HasPrefix(err.Error(), "tournament: ") {
			t.Errorf("%s: err %v", tt.name, err)
		}
	}
}

func TestResultString(t *testing.T) {
	for r, want := range map[Result]string{Pending: "Pending", Drawn: "Drawn", ZeroPointBye: "ZeroPointBye", 99: "Result(99)", -1: "Result(-1)"} {
		if got := r.String(); got != want {
			t.Errorf("Result(%d) = %q, want %q", int(r), got, want)
		}
	}
}

func TestPointsString(t *testing.T) {
	for p, want := range map[Points]string{0: "0", 1: "½", 2: "1", 5: "2½", -3: "-1½"} {
		if got := p.String(); got != want {
			t.Errorf("Points(%d) = %q, want %q", int(p), got, want)
		}
	}
}

func ExampleStandings() {
	players := []Player{{1, "Ana", 2000}, {2, "Bea", 1900}, {3, "Cris", 1800}, {4, "Dani", 1700}}
	games := []Game{
		{1, 1, 4, WhiteWins}, {1, 2, 3, Drawn},
		{2, 4, 3, Drawn}, {2, 1, 2, BlackWins},
		{3, 2, 4, WhiteWinsByForfeit}, {3, 3, 1, BlackWins},
	}
	st, _ := Standings(players, games, DefaultRules())
	for _, s := range st {
		fmt.Println(s.Rank, s.Player.Name, s.Points, s.TieBreaks)
	}
	// Output:
	// 1 Bea 2½ [0 2 3 3.5 3 1900]
	// 2 Ana 2 [0 2 1.5 4 3.5 1800]
	// 3 Cris 1 [0 0 1.5 5 4.5 1867]
	// 4 Dani ½ [0 0 0.5 5.5 4.5 1900]
}

func ExampleCrosstable() {
	tab, _ := Crosstable(leaguePlayers, leagueGames, Rules{RoundRobin: true, TieBreaks: []TieBreak{DirectEncounter, SonnebornBerger}})
	for _, r := range tab.Rows {
		fmt.Println(r.Number, r.Name, r.Results, r.Points, r.Rank, r.TieBreaks)
	}
	// Output:
	// 1 Ana [* 0 ½ 1 1 1] 3½ 1 [1 7]
	// 2 Bea [1 * 0 ½ ½ 1] 3 4 [0 6.5]
	// 3 Cris [½ 1 * 0 ½ 1] 3 3 [1 6]
	// 4 Dani [0 ½ 1 * + 1] 3½ 2 [0 6.5]
	// 5 Eva [0 ½ ½ − * ½] 1½ 5 [0 3.25]
	// 6 Fer [0 0 0 0 ½ *] ½ 6 [0 0.75]
}

// TestCrosstableDouble: a double round-robin shows both games in a cell,
// in the order played, with . for one not decided.
func TestCrosstableDouble(t *testing.T) {
	players := []Player{{1, "Ana", 0}, {2, "Bea", 1500}, {3, "Cris", 0}}
	rounds, err := RoundRobin(3, 2)
	if err != nil {
		t.Fatal(err)
	}
	results := []Result{WhiteWins, Drawn, BlackWins, Drawn, WhiteWinsByForfeit, Pending}
	var games []Game
	k := 0
	for r, round := range rounds {
		for _, p := range round {
			if p.IsBye() {
				games = append(games, Game{r + 1, p.White, Bye, PairingBye})
				continue
			}
			games = append(games, Game{r + 1, p.White, p.Black, results[k]})
			k++
		}
	}
	tab, err := Crosstable(players, games, Rules{ByePoints: Win, RoundRobin: true})
	if err != nil {
		t.Fatal(err)
	}
	if !tab.RoundRobin || len(tab.Rows) != 3 || tab.Rounds != 6 {
		t.Fatalf("table %+v", tab)
	}
	// 2-3 is round 1 (1-0) and round 4 (3-2 ½); 3-1 is round 3, then 1-3
	// in round 6, not decided.
	if got := tab.Rows[1].Results; got[1] != "*" || got[2] != "1½" {
		t.Errorf("row 2: %q", got)
	}
	if got := tab.Rows[0].Results[2]; len([]rune(got)) != 2 || []rune(got)[1] != '.' {
		t.Errorf("row 1 against 3: %q, want a pending game as .", got)
	}
	if tab.Rows[1].Rounds != nil {
		t.Errorf("a round-robin row has Swiss cells: %+v", tab.Rows[1])
	}
	empty, _ := Crosstable(nil, nil, Rules{})
	if len(empty.Rows) != 0 || empty.TieBreaks == nil {
		t.Errorf("no players: %+v", empty)
	}
}

// TestCrosstableSwiss: a Swiss's rows come in rank order with a cell per
// round: the opponent, the colour and the result, forfeits as + and −,
// byes without an opponent, and a round without a board as an absence.
func TestCrosstableSwiss(t *testing.T) {
	players := []Player{{1, "Ana", 2000}, {2, "Bea", 1900}, {3, "Cris", 1800}, {4, "Dani", 0}, {5, "Eva", 1600}}
	games := []Game{
		{1, 1, 2, WhiteWins}, {1, 3, 4, WhiteWinsByForfeit}, {1, 5, Bye, PairingBye},
		{2, 5, 1, Drawn}, {2, 2, 3, BlackWins}, {2, 4, Bye, HalfPointBye},
		{3, 1, 3, Pending}, {3, 5, 2, BlackWinsByForfeit},
	}
	tab, err := Crosstable(players, games, Rules{ByePoints: Win, TieBreaks: []TieBreak{Buchholz}})
	if err != nil {
		t.Fatal(err)
	}
	if tab.RoundRobin || tab.Rounds != 3 || len(tab.TieBreaks) != 1 {
		t.Fatalf("table %+v", tab)
	}
	var order []int
	for _, r := range tab.Rows {
		order = append(order, r.Number)
	}
	if want := []int{3, 5, 1, 2, 4}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	row := func(n int) Row {
		for _, r := range tab.Rows {
			if r.Number == n {
				return r
			}
		}
		t.Fatalf("no row %d", n)
		return Row{}
	}
	tests := []struct {
		player, round int
		want          Cell
	}{
		{1, 1, Cell{Opponent: 2, Colour: "w", Result: "1"}},
		{2, 1, Cell{Opponent: 1, Colour: "b", Result: "0"}},
		{3, 1, Cell{Opponent: 4, Colour: "w", Result: "+"}},
		{4, 1, Cell{Opponent: 3, Colour: "b", Result: Minus}},
		{5, 1, Cell{Bye: "pairing", Result: "1"}},
		{1, 2, Cell{Opponent: 5, Colour: "b", Result: "½"}},
		{4, 2, Cell{Bye: "half", Result: "½"}},
		{1, 3, Cell{Opponent: 3, Colour: "w", Result: ""}},
		{2, 3, Cell{Opponent: 5, Colour: "b", Result: "+"}},
		{4, 3, Cell{Result: Minus}},
	}
	for _, tt := range tests {
		if got := row(tt.player).Rounds[tt.round-1]; got != tt.want {
			t.Errorf("player %d round %d: %+v, want %+v", tt.player, tt.round, got, tt.want)
		}
	}
	if r := row(3); r.Points != "2" || r.Rank != 1 || len(r.TieBreaks) != 1 || r.Results != nil {
		t.Errorf("row 3: %+v", r)
	}
}
