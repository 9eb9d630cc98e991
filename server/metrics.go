package server

import (
	"context"
	"net/http"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are the server's Prometheus metrics. Make them with NewMetrics
// before the store and the runtime (TimedStore wraps the game store), hand
// them to New in Config.Metrics, and count into them from the sockets
// (SocketOpened, SocketClosed, MoveDone).
type Metrics struct {
	reg *prometheus.Registry

	sockets   prometheus.Gauge
	moves     prometheus.Counter
	moveTime  prometheus.Histogram
	storeTime *prometheus.HistogramVec
	flags     prometheus.Counter
	refusals  *prometheus.CounterVec
}

// latencyBuckets run from 100 µs to 10 s.
var latencyBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// NewMetrics returns the metrics, registered in reg (with the Go runtime's
// and the process's collectors).
func NewMetrics(reg *prometheus.Registry) (*Metrics, error) {
	m := &Metrics{
		reg: reg,
		sockets: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "joinpal_sockets", Help: "WebSocket connections open now."}),
		moves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "joinpal_moves_total", Help: "Moves acknowledged to players (rate() gives moves/s)."}),
		moveTime: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "joinpal_move_seconds", Help: "Time from a move's frame received to its acknowledgement.", Buckets: latencyBuckets}),
		storeTime: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "joinpal_store_seconds", Help: "Latency of the game store's operations.", Buckets: latencyBuckets}, []string{"op"}),
		flags: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "joinpal_flags_total", Help: "Games ended because a clock ran out."}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "joinpal_http_errors_total", Help: "HTTP requests answered with an error, by code."}, []string{"code"}),
	}
	for _, c := range []prometheus.Collector{m.sockets, m.moves, m.moveTime, m.storeTime, m.flags, m.refusals,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{})} {
		if err := reg.Register(c); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// watch registers the gauges read from the runtime and the AI pool (either
// may be nil).
func (m *Metrics) watch(rt GameRuntime, pool AIStats) error {
	var cs []prometheus.Collector
	if rt != nil {
		cs = append(cs,
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "joinpal_live_games", Help: "Games running on this node."},
				func() float64 { return float64(rt.Stats().Games) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "joinpal_games_restoring", Help: "Games that failed to restore and are being retried."},
				func() float64 { return float64(rt.Stats().Pending) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "joinpal_game_restore_failures_total", Help: "Failed attempts to restore a game after a start."},
				func() float64 { return float64(rt.Stats().RestoreFailures) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "joinpal_game_write_failures_total", Help: "Writes of games the store did not confirm."},
				func() float64 { return float64(rt.Stats().FailedWrites) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "joinpal_game_commands_refused_total", Help: "Game commands refused because the store could not confirm their change."},
				func() float64 { return float64(rt.Stats().Refused) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "joinpal_store_down", Help: "1 while the store confirms no writes (the games' clocks are held), else 0."},
				func() float64 {
					if rt.Stats().StoreDownSince.IsZero() {
						return 0
					}
					return 1
				}),
		)
	}
	if f, ok := rt.(ForwardStats); ok {
		cs = append(cs, prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "joinpal_game_commands_forwarded_total",
			Help: "Game commands sent to the node that runs the game, over NATS (sockets not routed to their game's node)."},
			func() float64 { return float64(f.Forwarded()) }))
	}
	if pool != nil {
		cs = append(cs,
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "joinpal_ai_searches_running", Help: "AI searches running now."},
				func() float64 { return float64(pool.Stats().Running) }),
			prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "joinpal_ai_searches_queued", Help: "AI searches waiting for a worker."},
				func() float64 { return float64(pool.Stats().Queued) }),
			prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "joinpal_ai_searches_refused_total", Help: "AI searches refused because the queue was full."},
				func() float64 { return float64(pool.Stats().Refused) }),
		)
	}
	for _, c := range cs {
		if err := m.reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}

// BusStats is what a game bus among several nodes counts of the events
// published on this node (natsbus.GameBus has it): those sent to the
// other nodes, and those kept because no other node followed their game.
type BusStats interface {
	EventsSent() uint64
	EventsKept() uint64
}

// WatchBus registers the counters of b: joinpal_game_events_sent_total
// and joinpal_game_events_kept_total.
func (m *Metrics) WatchBus(b BusStats) error {
	for _, c := range []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "joinpal_game_events_sent_total",
			Help: "Game events published on this node and sent to the other nodes over NATS."},
			func() float64 { return float64(b.EventsSent()) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "joinpal_game_events_kept_total",
			Help: "Game events published on this node and not sent to the other nodes, none of which followed the game."},
			func() float64 { return float64(b.EventsKept()) }),
	} {
		if err := m.reg.Register(c); err != nil {
			return err
		}
	}
	return nil
}

// SocketOpened counts a WebSocket connection opened; SocketClosed one
// closed.
func (m *Metrics) SocketOpened() { m.sockets.Inc() }

// SocketClosed counts a WebSocket connection closed.
func (m *Metrics) SocketClosed() { m.sockets.Dec() }

// MoveDone counts a move acknowledged to its player, d after its frame
// arrived.
func (m *Metrics) MoveDone(d time.Duration) {
	m.moves.Inc()
	m.moveTime.Observe(d.Seconds())
}

func (m *Metrics) refusal(code string) { m.refusals.WithLabelValues(code).Inc() }

// TimedStore returns st with the latency of each of its operations
// observed (joinpal_store_seconds) and the games ended by a flag counted
// (joinpal_flags_total, from the ended states written).
func (m *Metrics) TimedStore(st game.Store) game.Store { return &timedStore{st: st, m: m} }

type timedStore struct {
	st game.Store
	m  *Metrics
}

func (t *timedStore) observe(op string, start time.Time) {
	t.m.storeTime.WithLabelValues(op).Observe(time.Since(start).Seconds())
}

func (t *timedStore) flagged(st game.State, err error) {
	if err == nil && st.Status == game.StatusEnded && (st.Termination == game.Timeout || st.Termination == game.TimeoutVsInsufficientMaterial) {
		t.m.flags.Inc()
	}
}

func (t *timedStore) CreateGame(ctx context.Context, rec game.Record) error {
	defer t.observe("create", time.Now())
	return t.st.CreateGame(ctx, rec)
}

func (t *timedStore) AppendMove(ctx context.Context, id string, mv game.MoveRecord, st game.State) error {
	defer t.observe("move", time.Now())
	err := t.st.AppendMove(ctx, id, mv, st)
	t.flagged(st, err)
	return err
}

func (t *timedStore) SaveState(ctx context.Context, id string, st game.State) error {
	defer t.observe("state", time.Now())
	err := t.st.SaveState(ctx, id, st)
	t.flagged(st, err)
	return err
}

func (t *timedStore) TakeBack(ctx context.Context, id string, from, to int, st game.State) error {
	defer t.observe("takeback", time.Now())
	return t.st.TakeBack(ctx, id, from, to, st)
}

func (t *timedStore) LoadGame(ctx context.Context, id string) (game.Record, error) {
	defer t.observe("load", time.Now())
	return t.st.LoadGame(ctx, id)
}

func (t *timedStore) ActiveGames(ctx context.Context) ([]game.Record, error) {
	defer t.observe("active", time.Now())
	return t.st.ActiveGames(ctx)
}

func (t *timedStore) Close() error { return t.st.Close() }

// Unwrap returns the store t times, for what it implements besides
// game.Store (the runtime finds its NodeRegistry there).
func (t *timedStore) Unwrap() game.Store { return t.st }

// metricsHandler serves the metrics in Prometheus's text format.
func (s *Server) metricsHandler(w http.ResponseWriter, r *http.Request) {
	promhttp.HandlerFor(s.metrics.reg, promhttp.HandlerOpts{}).ServeHTTP(w, r)
}
