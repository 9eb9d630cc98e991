package arena

import (
	"reflect"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
)

func entry(id string, rating int, games ...Result) Entry {
	var s Sheet
	for _, r := range games {
		r.OpponentRating = 1500
		s = s.Add(r, true)
	}
	return Entry{UserID: id, Name: id, Rating: rating, Sheet: s}
}

func TestStandings(t *testing.T) {
	es := []Entry{
		entry("ana", 1500, win, loss),                       // 2, perf 1500
		entry("bea", 1400, win, win, win),                   // 8, on fire
		entry("cai", 1600, draw, draw),                      // 1 (draw streak), perf 1500
		entry("dan", 1900, loss, res(Win, 40, true)),        // 3 berserk win
		entry("eva", 1500, draw, res(Win, 40, false), loss), // 3, perf 1500
		entry("fay", 1450, win, loss),                       // 2, perf 1500, lower rating than ana
		entry("gus", 1800),                                  // 0, no game: ranks by rating 1800
		entry("hal", 1900, loss),                            // 0, perf 1000, below gus's rating
	}
	rows := Standings(es, true)
	var order []string
	for i, r := range rows {
		order = append(order, r.UserID)
		if r.Rank != i+1 {
			t.Errorf("%s: rank %d at %d", r.UserID, r.Rank, i)
		}
	}
	if want := []string{"bea", "dan", "eva", "ana", "fay", "cai", "gus", "hal"}; !reflect.DeepEqual(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	if !rows[0].Fire || rows[0].Score != 8 || !reflect.DeepEqual(rows[0].Points, []int{2, 2, 4}) {
		t.Errorf("bea's row %+v", rows[0])
	}
	if rows[1].Performance != 1500 || rows[1].Score != 3 {
		t.Errorf("dan's row %+v", rows[1])
	}
	if Standings(es, false)[0].Fire {
		t.Error("fire shown with streaks off")
	}
}

func TestPhaseAndValidate(t *testing.T) {
	now := time.Date(2026, 5, 1, 18, 0, 0, 0, time.UTC)
	a := Arena{Name: "Jueves rápido", Base: 3 * time.Minute, Increment: 2 * time.Second, StartsAt: now.Add(time.Hour), Duration: time.Hour}
	if err := a.Validate(now); err != nil {
		t.Fatal(err)
	}
	for at, want := range map[time.Duration]Phase{0: Upcoming, time.Hour: Running, 2*time.Hour - 1: Running, 2 * time.Hour: Finished} {
		if got := a.PhaseAt(now.Add(at)); got != want {
			t.Errorf("PhaseAt(+%v) = %s, want %s", at, got, want)
		}
	}
	if a.BerserkTime() != 90*time.Second {
		t.Errorf("BerserkTime = %v", a.BerserkTime())
	}
	bad := []struct {
		name string
		edit func(*Arena)
		code Code
	}{
		{"short name", func(a *Arena) { a.Name = "ab" }, CodeNameLength},
		{"long name", func(a *Arena) { a.Name = string(make([]rune, 41)) }, CodeNameLength},
		{"no base", func(a *Arena) { a.Base = 0 }, CodeBadClock},
		{"seconds in the base", func(a *Arena) { a.Base = 90 * time.Second }, CodeBadClock},
		{"long increment", func(a *Arena) { a.Increment = 11 * time.Second }, CodeBadClock},
		{"short", func(a *Arena) { a.Duration = 4 * time.Minute }, CodeBadDuration},
		{"long", func(a *Arena) { a.Duration = 7 * time.Hour }, CodeBadDuration},
		{"past", func(a *Arena) { a.StartsAt = now.Add(-time.Hour) }, CodeBadStart},
		{"too far", func(a *Arena) { a.StartsAt = now.Add(31 * 24 * time.Hour) }, CodeBadStart},
	}
	for _, tt := range bad {
		b := a
		tt.edit(&b)
		if got := CodeOf(b.Validate(now)); got != tt.code {
			t.Errorf("%s: %s, want %s", tt.name, got, tt.code)
		}
	}
}

func TestOutcomeFor(t *testing.T) {
	tests := []struct {
		r      game.Result
		side   game.Side
		want   Outcome
		counts bool
	}{
		{game.WhiteWins, game.White, Win, true},
		{game.WhiteWins, game.Black, Loss, true},
		{game.BlackWins, game.Black, Win, true},
		{game.Drawn, game.White, Draw, true},
		{game.BothLose, game.Black, Loss, true},
		{game.NoResult, game.White, Loss, false},
	}
	for _, tt := range tests {
		got, counts := OutcomeFor(tt.r, tt.side)
		if got != tt.want || counts != tt.counts {
			t.Errorf("OutcomeFor(%v, %v) = %v, %v", tt.r, tt.side, got, counts)
		}
	}
}
