package wsload

import (
	"testing"
	"time"
)

func TestSecondTail(t *testing.T) {
	at := time.Date(2026, 12, 6, 20, 1, 2, 0, time.UTC)
	ms := func(n ...int) []time.Duration {
		d := make([]time.Duration, len(n))
		for i, x := range n {
			d[i] = time.Duration(x) * time.Millisecond
		}
		return d
	}
	hundred := make([]int, 100)
	for i := range hundred {
		hundred[i] = 100 - i // unsorted: 100 ms down to 1 ms
	}
	tests := []struct {
		name string
		acks []time.Duration
		want string
	}{
		{"none", nil, ""},
		{"one", ms(7), "  at 20:01:02  ack p99 7ms  max 7ms"},
		{"hundred", ms(hundred...), "  at 20:01:02  ack p99 99ms  max 100ms"},
		{"rounded", []time.Duration{1234567 * time.Nanosecond}, "  at 20:01:02  ack p99 1.2ms  max 1.2ms"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := secondTail(at, tc.acks); got != tc.want {
				t.Errorf("secondTail = %q, want %q", got, tc.want)
			}
		})
	}
}
