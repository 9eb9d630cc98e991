package arena

import (
	"reflect"
	"testing"
)

// res is a shorthand for a game's result: outcome, plies, berserk.
func res(o Outcome, plies int, berserk bool) Result {
	return Result{Outcome: o, Plies: plies, Berserk: berserk}
}

var (
	win  = res(Win, 40, false)
	draw = res(Draw, 40, false)
	loss = res(Loss, 40, false)
)

func TestSheetScoring(t *testing.T) {
	tests := []struct {
		name    string
		games   []Result
		streaks bool
		points  []int // each game's points
		flags   []Flag
		fire    bool // on fire after the games
	}{
		{"win draw loss", []Result{win, draw, loss}, true, []int{2, 1, 0}, []Flag{StreakStarter, Normal, Normal}, false},
		{"two wins light the fire", []Result{win, win}, true, []int{2, 2}, []Flag{StreakStarter, StreakStarter}, true},
		{"the third win scores double", []Result{win, win, win, win}, true, []int{2, 2, 4, 4}, []Flag{StreakStarter, StreakStarter, Double, Double}, true},
		{"a draw on fire scores double and puts it out", []Result{win, win, draw, win}, true, []int{2, 2, 2, 2}, []Flag{StreakStarter, StreakStarter, Double, StreakStarter}, false},
		{"a loss puts the fire out", []Result{win, win, loss, win, win}, true, []int{2, 2, 0, 2, 2}, []Flag{StreakStarter, StreakStarter, Normal, StreakStarter, StreakStarter}, true},
		{"streaks off: no doubling", []Result{win, win, win, draw}, false, []int{2, 2, 2, 1}, []Flag{Normal, Normal, Normal, Normal}, false},
		{"a quick draw scores nothing", []Result{res(Draw, QuickDrawPlies-1, false)}, true, []int{0}, []Flag{Null}, false},
		{"a draw of exactly ten moves scores", []Result{res(Draw, QuickDrawPlies, false)}, true, []int{1}, []Flag{Normal}, false},
		{"a quick draw on fire scores nothing", []Result{win, win, res(Draw, 10, false)}, true, []int{2, 2, 0}, []Flag{StreakStarter, StreakStarter, Null}, false},
		{"only the first of consecutive draws scores", []Result{draw, draw, draw}, true, []int{1, 0, 0}, []Flag{Normal, Null, Null}, false},
		{"a loss does not break a draw streak", []Result{draw, loss, draw}, true, []int{1, 0, 0}, []Flag{Normal, Normal, Null}, false},
		{"a win breaks a draw streak", []Result{draw, win, draw}, true, []int{1, 2, 1}, []Flag{Normal, StreakStarter, Normal}, false},
		{"a long draw scores in a draw streak", []Result{draw, res(Draw, LongGamePlies, false)}, true, []int{1, 1}, []Flag{Normal, Normal}, false},
		{"a quick draw starts a draw streak", []Result{res(Draw, 4, false), draw}, true, []int{0, 0}, []Flag{Null, Null}, false},
		{"a quick draw keeps a draw streak", []Result{draw, res(Draw, 4, false), loss, draw}, true, []int{1, 0, 0, 0}, []Flag{Normal, Null, Normal, Null}, false},
		{"a win after a quick draw breaks the streak", []Result{res(Draw, 4, false), win, draw}, true, []int{0, 2, 1}, []Flag{Null, StreakStarter, Normal}, false},
		{"draw streaks apply with streaks off too", []Result{draw, draw}, false, []int{1, 0}, []Flag{Normal, Null}, false},
		{"a berserk win of seven moves each scores 3", []Result{res(Win, BerserkPlies, true)}, true, []int{3}, []Flag{StreakStarter}, false},
		{"a berserk win of fewer moves scores 2", []Result{res(Win, BerserkPlies-1, true)}, true, []int{2}, []Flag{StreakStarter}, false},
		{"a berserk win on fire scores 5", []Result{win, win, res(Win, 30, true)}, true, []int{2, 2, 5}, []Flag{StreakStarter, StreakStarter, Double}, true},
		{"a berserk draw or loss earns nothing more", []Result{res(Draw, 30, true), res(Loss, 30, true)}, true, []int{1, 0}, []Flag{Normal, Normal}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s Sheet
			for _, r := range tt.games {
				s = s.Add(r, tt.streaks)
			}
			var points []int
			var flags []Flag
			total := 0
			for _, sc := range s {
				points, flags = append(points, sc.Points), append(flags, sc.Flag)
				total += sc.Points
			}
			if !reflect.DeepEqual(points, tt.points) || !reflect.DeepEqual(flags, tt.flags) {
				t.Errorf("points %v flags %v, want %v %v", points, flags, tt.points, tt.flags)
			}
			if s.Total() != total {
				t.Errorf("Total = %d, want %d", s.Total(), total)
			}
			if s.OnFire() != tt.fire {
				t.Errorf("OnFire = %v, want %v", s.OnFire(), tt.fire)
			}
		})
	}
}

func TestSheetAddLeavesTheSheet(t *testing.T) {
	s := Sheet{}.Add(win, true)
	s2 := s[:1:1].Add(win, true)
	s3 := s[:1:1].Add(loss, true)
	if s2[1].Outcome != Win || s3[1].Outcome != Loss || len(s) != 1 {
		t.Errorf("Add changed its sheet: %v %v %v", s, s2, s3)
	}
}

func TestPerformance(t *testing.T) {
	opp := func(o Outcome, rating int) Score { return Score{Result: Result{Outcome: o, OpponentRating: rating}} }
	tests := []struct {
		name  string
		sheet Sheet
		want  int
	}{
		{"no games", nil, 0},
		{"one win", Sheet{opp(Win, 1500)}, 2000},
		{"one loss", Sheet{opp(Loss, 1500)}, 1000},
		{"a draw is the opponent's rating", Sheet{opp(Draw, 1700)}, 1700},
		{"mixed, rounded", Sheet{opp(Win, 1500), opp(Draw, 1600), opp(Loss, 1801)}, 1634},
		{"rounded half up", Sheet{opp(Draw, 1500), opp(Draw, 1501)}, 1501},
		// The mean of 1500, 1501, 1500 is 1500.33, but rounded at each
		// game: 1500, then 1500.5 → 1501, then (2×1501 + 1500)/3 = 1500.67 → 1501.
		{"rounded at every game", Sheet{opp(Draw, 1500), opp(Draw, 1501), opp(Draw, 1500)}, 1501},
		{"below zero", Sheet{opp(Loss, 400), opp(Draw, 0), opp(Loss, 1)}, -200},
		{"negative halves round up", Sheet{opp(Loss, 499), opp(Draw, 0)}, 0},
	}
	for _, tt := range tests {
		if got := tt.sheet.Performance(); got != tt.want {
			t.Errorf("%s: Performance = %d, want %d", tt.name, got, tt.want)
		}
	}
}
