package main

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// writeTable prints one scenario on one store: each run of each server,
// then the medians and their ratio (JoinPal / bare).
func writeTable(w io.Writer, store string, sc scenario, runs [2][]result) {
	fmt.Fprintf(w, "## %s, %s\n\n", store, sc)
	fmt.Fprintln(w, "| server | moves/s | ack p50 | ack p99 | ack max | errors | acks checked (differ) | server CPU | heap allocations a move (bytes) | RSS | per game idle / played | load before → after |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|---|---|---|")
	for which, rs := range runs {
		for _, r := range rs {
			fmt.Fprintf(w, "| %s | %.0f | %s | %s | %s | %d | %d (%d) | %.2f | %s | %s | %s / %s | %.2f → %.2f |\n",
				serverNames[which], r.rep.MovesPerSecond, ms(r.rep.Ack.P50), ms(r.rep.Ack.P99), ms(r.rep.Ack.Max),
				r.rep.ErrorCount(), r.checked, r.mismatched, r.rep.Server.CPU, allocsText(r), mib(r.rep.Server.RSS),
				kib(r.idlePerGame), kib(r.perGame), r.loadBefore, r.loadAfter)
		}
	}
	j, b := summarize(runs[0]), summarize(runs[1])
	fmt.Fprintf(w, "\nMedians: JoinPal %.0f moves/s, ack p99 %s, %s CPU per move, %s heap allocations per move, %s per game idle, %s played; bare %.0f moves/s, ack p99 %s, %s CPU per move, %s heap allocations per move, %s per game idle, %s played.\n",
		j.movesPerSecond, ms(j.p99), us(j.cpuPerMove), count(j.allocsPerMove), kib(j.idlePerGame), kib(j.perGame),
		b.movesPerSecond, ms(b.p99), us(b.cpuPerMove), count(b.allocsPerMove), kib(b.idlePerGame), kib(b.perGame))
	fmt.Fprintf(w, "Ratio JoinPal / bare: ack p99 %s, CPU per move %s, heap allocations per move %s, memory per game idle %s and played %s, moves/s %s.\n\n",
		ratio(float64(j.p99), float64(b.p99)), ratio(float64(j.cpuPerMove), float64(b.cpuPerMove)),
		ratio(j.allocsPerMove, b.allocsPerMove),
		ratio(float64(j.idlePerGame), float64(b.idlePerGame)), ratio(float64(j.perGame), float64(b.perGame)),
		ratio(j.movesPerSecond, b.movesPerSecond))
}

// allocsText is a run's heap allocations a move and their bytes, or "?"
// when the server's /metrics did not count them.
func allocsText(r result) string {
	objects, bytes, ok := r.rep.Server.AllocsPerMove(r.rep.Moves)
	if !ok {
		return "?"
	}
	return fmt.Sprintf("%.1f (%.0f B)", objects, bytes)
}

// count is a median of allocations, or "?" when no run counted them.
func count(n float64) string {
	if n == 0 {
		return "?"
	}
	return fmt.Sprintf("%.1f", n)
}

type medians struct {
	movesPerSecond float64
	p99            time.Duration
	cpuPerMove     time.Duration
	allocsPerMove  float64 // 0 when no run counted them
	idlePerGame    int64
	perGame        int64
}

func summarize(rs []result) medians {
	var mps, cpu, allocs []float64
	var p99 []time.Duration
	var idle, per []int64
	for _, r := range rs {
		mps = append(mps, r.rep.MovesPerSecond)
		p99 = append(p99, r.rep.Ack.P99)
		if r.rep.MovesPerSecond > 0 {
			cpu = append(cpu, r.rep.Server.CPU/r.rep.MovesPerSecond)
		}
		if objects, _, ok := r.rep.Server.AllocsPerMove(r.rep.Moves); ok {
			allocs = append(allocs, objects)
		}
		idle, per = append(idle, r.idlePerGame), append(per, r.perGame)
	}
	return medians{movesPerSecond: median(mps), p99: median(p99), allocsPerMove: median(allocs),
		cpuPerMove: time.Duration(median(cpu) * float64(time.Second)), idlePerGame: median(idle), perGame: median(per)}
}

func median[T int64 | float64 | time.Duration](v []T) T {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ratio(a, b float64) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.2f×", a/b)
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
func us(d time.Duration) string { return fmt.Sprintf("%.0f µs", float64(d)/float64(time.Microsecond)) }
func mib(b int64) string        { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }
func kib(b int64) string        { return fmt.Sprintf("%.0f KiB", float64(b)/(1<<10)) }
