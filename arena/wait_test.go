package arena

import (
	"reflect"
	"testing"
	"time"
)

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
	a := Arena{StartsAt: t0, Duration: time.Hour, Base: 3 * time.Minute, Streaks: true}
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
		{"four who just began waiting pair at once", big(four...),
			Moment{Now: now, Since: map[string]time.Time{"ana": ago(time.Millisecond), "bea": now, "cai": now, "dan": ago(time.Second)}}, true,
			[]Match{{"ana", "bea"}, {"cai", "dan"}}},
		{"two last opponents wait for someone else", big(
			Entry{UserID: "ana", Rating: 1900, LastOpponent: "bea"}, Entry{UserID: "bea", Rating: 1800, LastOpponent: "ana"}),
			Moment{Now: now, Since: map[string]time.Time{"ana": ago(time.Hour), "bea": ago(time.Hour)}}, true, nil},
		{"a small arena pairs whoever waits, however many play",
			append(four[:4:4], playing("eva"), playing("fay"), playing("gil")),
			Moment{Now: now}, true, []Match{{"ana", "bea"}, {"cai", "dan"}}},
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
		{"the first seconds: neighbours in rank order, colours by the coin", big(four...),
			Moment{Now: t0.Add(RecentStart - time.Millisecond)}, false, []Match{{"bea", "ana"}, {"dan", "cai"}}},
		{"the first seconds pass over a last opponent", big(
			Entry{UserID: "ana", Rating: 1900, LastOpponent: "bea"}, Entry{UserID: "bea", Rating: 1800, LastOpponent: "ana"},
			four[2], four[3]),
			Moment{Now: t0.Add(RecentStart - time.Millisecond)}, false, []Match{{"cai", "ana"}, {"dan", "bea"}}},
		{"the first seconds leave two last opponents waiting", big(
			Entry{UserID: "ana", Rating: 1900, LastOpponent: "bea"}, Entry{UserID: "bea", Rating: 1800, LastOpponent: "ana"}),
			Moment{Now: t0}, true, nil},
		{"the first seconds pair a small arena's duel again", []Entry{
			{UserID: "ana", Rating: 1900, LastOpponent: "bea"}, {UserID: "bea", Rating: 1800, LastOpponent: "ana"}},
			Moment{Now: t0}, true, []Match{{"ana", "bea"}}},
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
