package arena

import (
	"testing"
	"time"
)

// leasesOfNone is a Config.Leases that is never asked: nextLook only
// tells alone from among several nodes by it.
type leasesOfNone struct{ Leases }

// Run, alone and calm, sleeps until the earliest upcoming start, within
// [Every, calmQuiet]; otherwise it looks every Config.Every.
func TestNextLook(t *testing.T) {
	now := time.Date(2026, 12, 4, 18, 0, 0, 0, time.UTC)
	tests := []struct {
		name   string
		among  bool
		calm   bool
		wakeIn time.Duration // 0: no upcoming arena
		want   time.Duration
	}{
		{"among several nodes", true, true, 10 * time.Second, time.Second},
		{"an arena running", false, false, 0, time.Second},
		{"no open arena", false, true, 0, calmQuiet},
		{"the first start in 10 s", false, true, 10 * time.Second, 10 * time.Second},
		{"the first start in 200 ms", false, true, 200 * time.Millisecond, time.Second},
		{"the first start past", false, true, -time.Minute, time.Second},
		{"the first start in 2 h", false, true, 2 * time.Hour, calmQuiet},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &Service{cfg: Config{Every: time.Second, Now: func() time.Time { return now }}, calm: tt.calm}
			if tt.among {
				s.cfg.Leases = leasesOfNone{}
			}
			if tt.wakeIn != 0 {
				s.wake = now.Add(tt.wakeIn)
			}
			if got := s.nextLook(); got != tt.want {
				t.Errorf("nextLook = %v, want %v", got, tt.want)
			}
		})
	}
}
