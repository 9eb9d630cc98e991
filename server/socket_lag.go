package server

import (
	"sync"
	"time"
)

// maxLag bounds a single lag measurement, as lila's client does: a round
// trip longer than this says the network stalled, not how far away the
// player is.
const maxLag = 10 * time.Second

// lagMeter keeps a socket's measured lag: the round trip of the server's
// pings, averaged over the first four and then decaying (each new
// measurement weighs a tenth), as lila's socket does. It is safe for
// concurrent use: the pinger records, the reader reads.
type lagMeter struct {
	mu      sync.Mutex
	n       int
	average time.Duration
}

func newLagMeter() *lagMeter { return &lagMeter{} }

// record adds one round trip.
func (m *lagMeter) record(rtt time.Duration) {
	rtt = min(max(rtt, 0), maxLag)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.n++
	if m.n <= 4 {
		m.average += (rtt - m.average) / time.Duration(m.n)
		return
	}
	m.average += (rtt - m.average) / 10
}

// measured returns the average round trip, and false before the first
// pong.
func (m *lagMeter) measured() (time.Duration, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.average, m.n > 0
}

// moveLag returns the lag to credit a move with: what the client reports
// (reported ≥ 0; negative means it reported nothing), capped by what the
// server measured; the server's measure when the client reports nothing;
// and 0 before any measurement, since a lag nobody measured is not
// credited.
func (m *lagMeter) moveLag(reported time.Duration) time.Duration {
	measured, ok := m.measured()
	switch {
	case !ok:
		return 0
	case reported < 0:
		return measured
	}
	return min(reported, measured)
}
