package wsload

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/joinpal/joinpal/loadtest"
)

// Report is what a run measured.
type Report struct {
	Target      string        `json:"target"`
	Games       int           `json:"games"`
	Guests      int           `json:"guests"`
	Think       time.Duration `json:"think"`
	Duration    time.Duration `json:"duration"`
	TimeControl string        `json:"timeControl"`
	// Setup is how long starting the games and opening their sockets took.
	Setup time.Duration `json:"setup"`
	// Elapsed is the measured phase's real length.
	Elapsed time.Duration `json:"elapsed"`
	// Moves are the moves acknowledged in the measured phase.
	Moves          int     `json:"moves"`
	MovesPerSecond float64 `json:"movesPerSecond"`
	// Ack is move sent → its ack; OpponentEvent move sent → the move
	// event on the opponent's socket.
	Ack           loadtest.Latency `json:"ack"`
	OpponentEvent loadtest.Latency `json:"opponentEvent"`
	// Errors count the failures by code: the server's refusals (their
	// error code), sockets closed or failing (socket.*), answers that do
	// not match (ack.*), games whose two players were told different ends
	// (result.differs).
	Errors map[string]int `json:"errors"`
	// Reconnect is how long the sockets that closed while their game went
	// on (their node died or stopped) took to open again; Stalls the
	// waits between two acknowledged moves of a game longer than the think
	// time and 2 s (a game that stopped while its node was replaced).
	Reconnect loadtest.Latency `json:"reconnect"`
	Stalls    loadtest.Latency `json:"stalls"`
	// SocketsOpen are the load generator's sockets open at the end of the
	// phase; GamesOver the games that ended (mate, stalemate ...).
	SocketsOpen int64     `json:"socketsOpen"`
	GamesOver   int       `json:"gamesOver"`
	Server      ServerUse `json:"server"`
	// LoadGenCPU is the load generator's own share of one core.
	LoadGenCPU float64 `json:"loadGenCpu"`
	// LoadGenGC is the load generator's garbage collector target as
	// SetGeneratorGC gives it (empty: not told).
	LoadGenGC string `json:"loadGenGc,omitempty"`
	// GameMoves are the acknowledged moves of each game, in order, to
	// check against what the server holds.
	GameMoves []GameAcks `json:"-"`
}

// GameAcks are the moves of one game the server acknowledged.
type GameAcks struct {
	ID    string
	Moves []string
}

// ErrorCount is the number of errors of every kind.
func (r *Report) ErrorCount() int {
	n := 0
	for _, c := range r.Errors {
		n += c
	}
	return n
}

// WriteText writes the report for people, one measurement per line.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "target          %s (guests %d, clock %s)\n", r.Target, r.Guests, r.TimeControl)
	fmt.Fprintf(&b, "games           %d, %d sockets (setup %s)\n", r.Games, 2*r.Games, r.Setup)
	fmt.Fprintf(&b, "think           %s, measured %s\n", r.Think, r.Elapsed)
	fmt.Fprintf(&b, "moves           %d acked, %.0f moves/s\n", r.Moves, r.MovesPerSecond)
	fmt.Fprintf(&b, "ack             %s\n", latencyLine(r.Ack))
	fmt.Fprintf(&b, "opponent event  %s\n", latencyLine(r.OpponentEvent))
	if r.Reconnect.N > 0 || r.Stalls.N > 0 {
		fmt.Fprintf(&b, "reconnects      %s\n", latencyLine(r.Reconnect))
		fmt.Fprintf(&b, "stalls > 2 s    %s\n", latencyLine(r.Stalls))
	}
	fmt.Fprintf(&b, "sockets open    %d at the end (server counts %s); %d games over\n", r.SocketsOpen, known(r.Server.Sockets), r.GamesOver)
	if r.ErrorCount() == 0 {
		fmt.Fprintf(&b, "errors          none\n")
	} else {
		var parts []string
		for _, code := range sortedCodes(r.Errors) {
			parts = append(parts, fmt.Sprintf("%s %d", code, r.Errors[code]))
		}
		fmt.Fprintf(&b, "errors          %d: %s\n", r.ErrorCount(), strings.Join(parts, ", "))
	}
	s := r.Server
	if s.Source == "" {
		fmt.Fprintf(&b, "server          CPU and memory unknown (no /proc, no /metrics)\n")
	} else {
		fmt.Fprintf(&b, "server          CPU %.2f cores, RSS %s at the end, %s before the first move", s.CPU, mib(s.RSS), mib(s.SetupRSS))
		if s.PeakRSS > 0 {
			fmt.Fprintf(&b, " (peak %s)", mib(s.PeakRSS))
		}
		fmt.Fprintf(&b, ", moves counted %s (from %s)", known(s.Moves), s.Source)
		if objects, bytes, ok := s.AllocsPerMove(r.Moves); ok {
			fmt.Fprintf(&b, "; heap allocations a move %.1f, %.0f bytes", objects, bytes)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "load generator  CPU %.2f cores", r.LoadGenCPU)
	if r.LoadGenGC != "" {
		fmt.Fprintf(&b, ", GOGC %s", r.LoadGenGC)
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

func latencyLine(l loadtest.Latency) string {
	msf := func(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond)) }
	return fmt.Sprintf("p50 %s  p90 %s  p99 %s  max %s  (n=%d)", msf(l.P50), msf(l.P90), msf(l.P99), msf(l.Max), l.N)
}

func mib(b int64) string { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }

func known(n int64) string {
	if n < 0 {
		return "?"
	}
	return fmt.Sprint(n)
}
