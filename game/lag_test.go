package game

import (
	"testing"
	"time"
)

func TestLagConstants(t *testing.T) {
	if LagQuotaGain != 200*time.Millisecond || LagQuotaInitial != 600*time.Millisecond || LagQuotaMax != 1400*time.Millisecond {
		t.Errorf("lag constants %v %v %v; update the documentation if they change", LagQuotaGain, LagQuotaInitial, LagQuotaMax)
	}
}

func TestLagCredit(t *testing.T) {
	const ms = time.Millisecond
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
			if got := q.credit(tt.lag, tt.spent); got != tt.wantCredit || q.quota != tt.wantQuota {
				t.Errorf("credit = %v, quota %v; want %v, %v", got, q.quota, tt.wantCredit, tt.wantQuota)
			}
		})
	}
}

// A client that claims an hour of lag on every move gets the initial quota
// once and then one gain per move: never more than
// LagQuotaInitial + LagQuotaGain × (moves − 1).
func TestLagLyingClient(t *testing.T) {
	q := newLagQuota()
	var total time.Duration
	for move := 1; move <= 200; move++ {
		c := q.credit(time.Hour, time.Minute)
		if move == 1 && c != LagQuotaInitial || move > 1 && c != LagQuotaGain {
			t.Fatalf("move %d: credit %v", move, c)
		}
		total += c
		if bound := LagQuotaInitial + time.Duration(move-1)*LagQuotaGain; total > bound {
			t.Fatalf("move %d: total credit %v above %v", move, total, bound)
		}
	}
}

// An honest client that saves up quota on fast connections can spend at
// most LagQuotaMax on one lag spike.
func TestLagSpikeAfterSaving(t *testing.T) {
	q := newLagQuota()
	for range 50 {
		q.credit(0, time.Second)
	}
	if q.quota != LagQuotaMax {
		t.Fatalf("quota after saving = %v, want the cap %v", q.quota, LagQuotaMax)
	}
	if c := q.credit(10*time.Second, time.Minute); c != LagQuotaMax {
		t.Fatalf("spike credit = %v, want %v", c, LagQuotaMax)
	}
}
