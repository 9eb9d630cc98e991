package game

import (
	"testing"
	"time"
)

func TestLagGraceConstant(t *testing.T) {
	if MaxLagGrace != 2*time.Second {
		t.Errorf("MaxLagGrace %v; update the documentation if it changes", MaxLagGrace)
	}
	for _, tt := range []struct{ quota, grace time.Duration }{
		{0, 0}, {-time.Second, 0}, {390 * time.Millisecond, 390 * time.Millisecond}, {2 * time.Second, 2 * time.Second}, {7 * time.Second, 2 * time.Second},
	} {
		if got := lagGrace(tt.quota); got != tt.grace {
			t.Errorf("lagGrace(%v) = %v, want %v", tt.quota, got, tt.grace)
		}
	}
}

func TestLagCredit(t *testing.T) {
	const gain = 200 * ms // quota 600 ms to start, 1400 ms at most
	tests := []struct {
		name                  string
		quota, lag, spent     time.Duration
		wantCredit, wantQuota time.Duration
	}{
		{"no lag", 600 * ms, 0, 5000 * ms, 0, 800 * ms},
		{"lag under quota", 600 * ms, 150 * ms, 5000 * ms, 150 * ms, 650 * ms},
		{"lag over quota", 600 * ms, 2000 * ms, 5000 * ms, 600 * ms, 200 * ms},
		{"lag over time spent", 600 * ms, 500 * ms, 120 * ms, 120 * ms, 680 * ms},
		{"negative lag", 600 * ms, -300 * ms, 5000 * ms, 0, 800 * ms},
		{"negative spent", 600 * ms, 300 * ms, -5 * ms, 0, 800 * ms},
		{"quota capped", 1300 * ms, 0, 5000 * ms, 0, 1400 * ms},
		{"at the cap", 1400 * ms, 100 * ms, 5000 * ms, 100 * ms, 1400 * ms},
		{"empty quota", 0, 100 * ms, 5000 * ms, 0, 200 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := lagQuota{quota: tt.quota}
			if got := q.credit(tt.lag, tt.spent, gain); got != tt.wantCredit || q.quota != tt.wantQuota {
				t.Errorf("credit = %v, quota %v; want %v, %v", got, q.quota, tt.wantCredit, tt.wantQuota)
			}
		})
	}
}

// A client that claims an hour of lag on every move gets the initial quota
// once and then one gain per move: never more than
// initial + gain × (moves − 1).
func TestLagLyingClient(t *testing.T) {
	for _, text := range []string{"1+0", "3+2", "move:5s"} {
		tc, _ := ParseTimeControl(text)
		gain, initial := LagQuotaGain(tc), LagQuotaInitial(tc)
		q := lagQuota{quota: initial}
		var total time.Duration
		for move := 1; move <= 200; move++ {
			c := q.credit(time.Hour, time.Minute, gain)
			if move == 1 && c != initial || move > 1 && c != gain {
				t.Fatalf("%s, move %d: credit %v", text, move, c)
			}
			total += c
			if bound := initial + time.Duration(move-1)*gain; total > bound {
				t.Fatalf("%s, move %d: total credit %v above %v", text, move, total, bound)
			}
		}
	}
}

// An honest client that saves up quota on fast connections can spend at
// most the cap on one lag spike.
func TestLagSpikeAfterSaving(t *testing.T) {
	tc, _ := ParseTimeControl("1+0")
	q := lagQuota{quota: LagQuotaInitial(tc)}
	for range 50 {
		q.credit(0, time.Second, LagQuotaGain(tc))
	}
	if q.quota != LagQuotaMax(tc) {
		t.Fatalf("quota after saving = %v, want the cap %v", q.quota, LagQuotaMax(tc))
	}
	if c := q.credit(10*time.Second, time.Minute, LagQuotaGain(tc)); c != LagQuotaMax(tc) {
		t.Fatalf("spike credit = %v, want %v", c, LagQuotaMax(tc))
	}
}
