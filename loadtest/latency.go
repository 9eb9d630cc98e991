package loadtest

import (
	"slices"
	"time"
)

// Latency summarises a set of measured durations.
type Latency struct {
	// N is the number of measurements.
	N int `json:"n"`
	// P50, P90 and P99 are percentiles (nearest rank), Max the largest
	// measurement and Mean the average. JSON gives them in nanoseconds,
	// like every time.Duration.
	P50  time.Duration `json:"p50"`
	P90  time.Duration `json:"p90"`
	P99  time.Duration `json:"p99"`
	Max  time.Duration `json:"max"`
	Mean time.Duration `json:"mean"`
}

// Summarize returns the summary of d, which it sorts.
func Summarize(d []time.Duration) Latency {
	if len(d) == 0 {
		return Latency{}
	}
	slices.Sort(d)
	var sum time.Duration
	for _, x := range d {
		sum += x
	}
	return Latency{
		N:    len(d),
		P50:  percentile(d, 50),
		P90:  percentile(d, 90),
		P99:  percentile(d, 99),
		Max:  d[len(d)-1],
		Mean: sum / time.Duration(len(d)),
	}
}

// percentile returns the p-th percentile of the sorted, non-empty d by the
// nearest-rank method: the smallest value with at least p % of d at or
// below it.
func percentile(sorted []time.Duration, p int) time.Duration {
	rank := (p*len(sorted) + 99) / 100 // ceil(p/100 × n)
	return sorted[max(rank, 1)-1]
}
