package arena

import (
	"fmt"
	"reflect"
	"testing"
	"time"
)

func TestArenaWait(t *testing.T) {
	tests := []struct {
		base, inc time.Duration
		want      time.Duration
	}{
		{20 * time.Second, 0, 8 * time.Second},                 // estimate 20 s
		{45 * time.Second, 0, 10 * time.Second},                // 45 s
		{time.Minute, 0, 15 * time.Second},                     // 60 s: 12 s, raised to 15
		{time.Minute, time.Second, 16 * time.Second},           // 100 s
		{3 * time.Minute, 0, 24 * time.Second},                 // 180 s
		{3 * time.Minute, 2 * time.Second, 32 * time.Second},   // 260 s
		{5 * time.Minute, 0, 36 * time.Second},                 // 300 s
		{10 * time.Minute, 0, 50 * time.Second},                // 600 s: 66 s, lowered to 50
		{60 * time.Minute, 10 * time.Second, 50 * time.Second}, // 4000 s
		{4 * time.Minute, 4 * time.Second, 46 * time.Second},   // 400 s
	}
	for _, tt := range tests {
		if got := (Arena{Base: tt.base, Increment: tt.inc}).Wait(); got != tt.want {
			t.Errorf("Wait(%v+%v) = %v, want %v", tt.base, tt.inc, got, tt.want)
		}
	}
}

func TestArenaPairingsClose(t *testing.T) {
	tests := []struct{ base, want time.Duration }{
		{time.Minute, 30 * time.Second},
		{90 * time.Second, 45 * time.Second},
		{3 * time.Minute, 90 * time.Second},
		{5 * time.Minute, 2 * time.Minute},
		{60 * time.Minute, 2 * time.Minute},
	}
	for _, tt := range tests {
		if got := (Arena{Base: tt.base}).PairingsClose(); got != tt.want {
			t.Errorf("PairingsClose(%v) = %v, want %v", tt.base, got, tt.want)
		}
	}
}

// The pairs below follow from pairCost as in TestPair: among four waiting
// players ranked 0 … 3 (the paused ones rank below them), ana-bea 2100 +
// cai-dan 966 is the cheapest matching; among three, ana-bea 2100,
// ana-cai 4200, bea-cai 1250.
func TestPairAt(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)
	a := Arena{StartsAt: t0, Duration: time.Hour, Base: 3 * time.Minute, Streaks: true} // Wait 24 s
	now := t0.Add(time.Minute)
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	big := func(es ...Entry) []Entry { return append(paused(36), es...) } // 30 entries or more: not small
	four := []Entry{{UserID: "ana", Rating: 1900}, {UserID: "bea", Rating: 1800}, {UserID: "cai", Rating: 1700}, {UserID: "dan", Rating: 1600}}
	three := four[:3]
	playing := func(id string) Entry { return Entry{UserID: id, GameID: "g-" + id} }
	tests := []struct {
		name    string
		entries []Entry
		m       Moment
		heads   bool
		want    []Match
	}{
		{"one alone waits", big(four[0]), Moment{Now: now}, true, nil},
		// 3+0: no pairing in the last 90 s.
		{"pairings close 90 s before the end", big(four...), Moment{Now: a.EndsAt().Add(-90*time.Second + time.Millisecond)}, true, nil},
		{"and are open until then", big(four...), Moment{Now: a.EndsAt().Add(-90 * time.Second)}, true,
			[]Match{{"ana", "bea"}, {"cai", "dan"}}},
		{"the arena's first pairing at once", big(four...), Moment{Now: now}, true,
			[]Match{{"ana", "bea"}, {"cai", "dan"}}},
		{"paired recently: nobody waited long enough", big(four...),
			Moment{Now: now, Paired: true, Since: map[string]time.Time{"ana": ago(24 * time.Second), "bea": ago(24 * time.Second),
				"cai": ago(24 * time.Second), "dan": ago(24 * time.Second)}}, true, nil},
		{"two who waited longer than the wait pair everyone", big(four...),
			Moment{Now: now, Paired: true, Since: map[string]time.Time{"ana": ago(25 * time.Second), "bea": ago(time.Second),
				"cai": ago(time.Second), "dan": ago(24*time.Second + time.Millisecond)}}, true,
			[]Match{{"ana", "bea"}, {"cai", "dan"}}},
		{"one who waited long is not enough", big(four...),
			Moment{Now: now, Paired: true, Since: map[string]time.Time{"ana": ago(time.Hour)}}, true, nil},
		{"a small arena pairs when two thirds of its active players wait",
			append(four[:4:4], playing("eva"), playing("fay"), Entry{UserID: "gus", Paused: true}),
			Moment{Now: now, Paired: true}, true, []Match{{"ana", "bea"}, {"cai", "dan"}}},
		{"a small arena waits with fewer",
			append(four[:4:4], playing("eva"), playing("fay"), playing("gil")),
			Moment{Now: now, Paired: true}, true, nil},
		{"odd: the last to begin waiting is left out", big(three...),
			Moment{Now: now, Since: map[string]time.Time{"ana": ago(10 * time.Second), "bea": ago(5 * time.Second), "cai": ago(20 * time.Second)}},
			true, []Match{{"ana", "cai"}}},
		{"odd: one not known to wait began now", big(three...),
			Moment{Now: now, Since: map[string]time.Time{"bea": ago(5 * time.Second), "cai": ago(20 * time.Second)}},
			true, []Match{{"bea", "cai"}}},
		{"odd: of those who began together, the lowest ranked is left out", big(three...),
			Moment{Now: now}, true, []Match{{"ana", "bea"}}},
		{"odd: when the others may not meet, all are considered", big(
			Entry{UserID: "ana", Rating: 1900, LastOpponent: "cai"}, Entry{UserID: "bea", Rating: 1800},
			Entry{UserID: "cai", Rating: 1700, LastOpponent: "ana"}),
			Moment{Now: now, Since: map[string]time.Time{"ana": ago(10 * time.Second), "bea": ago(5 * time.Second), "cai": ago(20 * time.Second)}},
			true, []Match{{"bea", "cai"}}},
		{"the first seconds: neighbours in rank order, colours by the coin", big(
			Entry{UserID: "ana", Rating: 1900, LastOpponent: "bea"}, Entry{UserID: "bea", Rating: 1800, LastOpponent: "ana"},
			four[2], four[3]),
			Moment{Now: t0.Add(RecentStart - time.Millisecond)}, false, []Match{{"bea", "ana"}, {"dan", "cai"}}},
		{"after them, the matching", big(
			Entry{UserID: "ana", Rating: 1900, LastOpponent: "bea"}, Entry{UserID: "bea", Rating: 1800, LastOpponent: "ana"},
			four[2], four[3]),
			Moment{Now: t0.Add(RecentStart)}, true, []Match{{"ana", "cai"}, {"bea", "dan"}}},
		{"the first seconds leave the last to begin waiting out too", big(three...),
			Moment{Now: t0, Since: map[string]time.Time{"ana": t0, "bea": t0.Add(-time.Second), "cai": t0.Add(-time.Second)}}, true,
			[]Match{{"bea", "cai"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PairAt(a, tt.entries, tt.m, func() bool { return tt.heads })
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("PairAt = %v, want %v", got, tt.want)
			}
		})
	}
}

// More than Crowd waiting are paired though none waited long: 101 waiting
// leave out the last to begin (the lowest ranked, all having begun
// together) and pair the other 100 by one matching.
func TestPairAtCrowd(t *testing.T) {
	t0 := time.Date(2026, 6, 1, 18, 0, 0, 0, time.UTC)
	a := Arena{StartsAt: t0, Duration: time.Hour, Base: 10 * time.Minute, Streaks: true}
	m := Moment{Now: t0.Add(time.Minute), Paired: true}
	for _, tt := range []struct{ waiting, pairs int }{{100, 0}, {101, 50}} {
		var es []Entry
		for i := range tt.waiting {
			es = append(es, Entry{UserID: fmt.Sprintf("u%04d", i), Rating: 3000 - i})
		}
		ms := PairAt(a, es, m, func() bool { return true })
		if len(ms) != tt.pairs {
			t.Fatalf("%d waiting: %d pairs, want %d", tt.waiting, len(ms), tt.pairs)
		}
		for _, p := range ms {
			if p.White == "u0100" || p.Black == "u0100" {
				t.Errorf("%d waiting: the lowest ranked of those who began last is paired: %v", tt.waiting, p)
			}
		}
	}
}
