package loadtest

import (
	"fmt"
	"io"
	"sort"
	"strings"
	"time"
)

// WriteText writes the report for people, one measurement per line:
//
//	setup    store=sqlite games=100 duration=10s think=0s tc=10+0 flags=1000 go=go1.26.8 cpus=2 gomaxprocs=2 load=1.25
//	create   100 games in 85ms
//	moves    41234 in 10.02s: 4115.0 moves/s (finished 57 games, errors 0)
//	ack      p50 21.30ms  p90 30.00ms  p99 52.10ms  max 88.40ms  mean 23.00ms  (n=41234)
//	cpu      9.5s used in 10.02s: 0.95 cores
//	memory   idle 4.1 KiB heap + 1.0 KiB stack per game (100 games)
//	memory   playing 9.8 KiB heap + 1.1 KiB stack per game (100 games, 48 plies on average)
//	flags    1000 of 1000 fell (0 missed), expiries spread over 120ms
//	flag     delay p50 3.1ms  p90 ...
//	flag     decided p50 ...
//	flag     published p50 ...
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "setup    store=%s games=%d", r.Store, r.Games)
	if r.Games > 0 {
		fmt.Fprintf(&b, " duration=%v think=%v tc=%s", r.Duration, r.Think, r.TimeControl)
	}
	if r.Flags != nil {
		fmt.Fprintf(&b, " flags=%d", r.Flags.Games)
	}
	fmt.Fprintf(&b, " go=%s cpus=%d gomaxprocs=%d", r.GoVersion, r.NumCPU, r.GOMAXPROCS)
	if r.LoadAverage != "" {
		fmt.Fprintf(&b, " load=%s", r.LoadAverage)
	}
	b.WriteByte('\n')
	if m := r.Moves; m != nil {
		fmt.Fprintf(&b, "create   %d games in %v\n", m.Games, round(m.Create))
		fmt.Fprintf(&b, "moves    %d in %v: %.1f moves/s (finished %d games, errors %d)\n",
			m.Moves, round(m.Elapsed), m.PerSecond, m.Finished, sum(m.Errors))
		if len(m.Errors) > 0 {
			fmt.Fprintf(&b, "errors   %s (first: %s)\n", codes(m.Errors), m.FirstError)
		}
		fmt.Fprintf(&b, "ack      %s\n", latency(m.Ack))
		fmt.Fprintf(&b, "cpu      %v used in %v: %.2f cores\n", round(m.CPU), round(m.Elapsed), m.CPU.Seconds()/m.Elapsed.Seconds())
	}
	if m := r.Memory; m != nil {
		fmt.Fprintf(&b, "memory   idle %s heap + %s stack per game (%d games)\n", kib(m.HeapIdle), kib(m.StackIdle), m.Games)
		fmt.Fprintf(&b, "memory   playing %s heap + %s stack per game (%d games, %.0f plies on average)\n",
			kib(m.HeapPlaying), kib(m.StackPlaying), m.Playing, m.Plies)
	}
	if f := r.Flags; f != nil {
		fmt.Fprintf(&b, "flags    %d of %d fell (%d missed), expiries spread over %v\n", f.Fell, f.Games, f.Missed, round(f.Spread))
		fmt.Fprintf(&b, "flag     delay %s\n", latency(f.Delay))
		fmt.Fprintf(&b, "flag     decided %s\n", latency(f.Decided))
		fmt.Fprintf(&b, "flag     published %s\n", latency(f.Published))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// latency writes a summary on one line, in milliseconds.
func latency(l Latency) string {
	return fmt.Sprintf("p50 %s  p90 %s  p99 %s  max %s  mean %s  (n=%d)",
		ms(l.P50), ms(l.P90), ms(l.P99), ms(l.Max), ms(l.Mean), l.N)
}

func ms(d time.Duration) string {
	return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
}

func kib(bytes float64) string { return fmt.Sprintf("%.1f KiB", bytes/1024) }

// round rounds d for display.
func round(d time.Duration) time.Duration {
	if d >= time.Second {
		return d.Round(10 * time.Millisecond)
	}
	return d.Round(10 * time.Microsecond)
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

// codes lists error counts by code, in a stable order.
func codes(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}
