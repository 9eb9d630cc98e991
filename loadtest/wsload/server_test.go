package wsload

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// cpuText is a text a parser of CPU times reads, and what it should read
// from it (ok: no error).
type cpuText struct {
	text string
	want time.Duration
	ok   bool
}

// checkCPUTexts runs parse, named name, on every text of texts.
func checkCPUTexts(t *testing.T, name string, parse func(string) (time.Duration, error), texts []cpuText) {
	t.Helper()
	for _, tt := range texts {
		got, err := parse(tt.text)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("%s(%q) = %v, %v; want %v (ok %v)", name, tt.text, got, err, tt.want, tt.ok)
		}
	}
}

func TestParseProcStat(t *testing.T) {
	checkCPUTexts(t, "ParseProcStat", ParseProcStat, []cpuText{
		{"2694 (joinpal) S 2570 2694 1 0 -1 4194560 5041 0 0 0 150 37 0 0 20 0 9 0 123 0 0", 1870 * time.Millisecond, true},
		{"7 (a b) c)) R 1 1 1 0 -1 0 0 0 0 0 3 4 0 0", 70 * time.Millisecond, true},
		{"7 (x) R 1 1", 0, false},
		{"no name at all", 0, false},
		{"7 (x) R 1 1 1 0 -1 0 0 0 0 0 -3 4", 0, false},
		{"7 (x) R 1 1 1 0 -1 0 0 0 0 0 99999999999999999999 4", 0, false},
	})
}

func TestParseSchedstat(t *testing.T) {
	checkCPUTexts(t, "ParseSchedstat", ParseSchedstat, []cpuText{
		{"1234567 89012 34\n", 1234567 * time.Nanosecond, true},
		{"0 0 0", 0, true},
		{"9223372036854775807 0 1", time.Duration(1<<63 - 1), true},
		{"9223372036854775808 0 1", 0, false}, // past time.Duration
		{"12 34", 0, false},
		{"12 34 56 78", 0, false},
		{"-12 34 56", 0, false},
		{"12 x 56", 0, false},
		{"1.5 3 4", 0, false},
		{"", 0, false},
	})
}

// The CPU time of this very process: its threads' run times are read,
// and procCPU is never below the ticks read before it less one tick.
func TestProcCPUOfThisProcess(t *testing.T) {
	pid := os.Getpid()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	ticks, err := ParseProcStat(string(b))
	if err != nil {
		t.Fatal(err)
	}
	run, err := threadsCPU(pid)
	if err != nil {
		t.Skipf("no schedstat: %v", err)
	}
	if run <= 0 {
		t.Errorf("threadsCPU = %v, want > 0", run)
	}
	cpu, err := procCPU(pid)
	if err != nil || cpu < ticks-time.Second/clockTicks {
		t.Errorf("procCPU = %v, %v; want at least %v (stat read before)", cpu, err, ticks-time.Second/clockTicks)
	}
}

func TestParseMetrics(t *testing.T) {
	text := `# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total 12.5
process_resident_memory_bytes 1.2345e+08
joinpal_sockets 40
joinpal_store_seconds_bucket{op="append",le="0.001"} 3
broken
bad#name 3
joinpal_moves_total notanumber
`
	m, err := ParseMetrics(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"process_cpu_seconds_total": 12.5, "process_resident_memory_bytes": 1.2345e8, "joinpal_sockets": 40}
	if len(m) != len(want) {
		t.Errorf("got %v, want %v", m, want)
	}
	for k, v := range want {
		if m[k] != v {
			t.Errorf("%s = %v, want %v", k, m[k], v)
		}
	}
}

func FuzzParseProcStat(f *testing.F) {
	f.Add("2694 (joinpal) S 2570 2694 1 0 -1 4194560 5041 0 0 0 150 37 0 0 20 0 9 0 123 0 0")
	f.Add("7 (a b) c)) R 1 1 1 0 -1 0 0 0 0 0 3 4 0 0")
	f.Add("")
	f.Fuzz(func(t *testing.T, stat string) {
		d, err := ParseProcStat(stat)
		if err == nil && d < 0 {
			t.Fatalf("negative CPU time %v from %q", d, stat)
		}
	})
}

// FuzzParseSchedstat: a line read is three unsigned numbers, the first
// the time returned; its seeds are in testdata/fuzz/FuzzParseSchedstat.
func FuzzParseSchedstat(f *testing.F) {
	f.Fuzz(func(t *testing.T, line string) {
		d, err := ParseSchedstat(line)
		if err != nil {
			return
		}
		fields := strings.Fields(line)
		if len(fields) != 3 {
			t.Fatalf("ParseSchedstat(%q) = %v from %d fields", line, d, len(fields))
		}
		if first := cmp.Or(strings.TrimLeft(fields[0], "0"), "0"); d < 0 || strconv.FormatInt(int64(d), 10) != first {
			t.Fatalf("ParseSchedstat(%q) = %v, not its first field", line, d)
		}
	})
}

func FuzzParseMetrics(f *testing.F) {
	f.Add("process_cpu_seconds_total 12.5\n# c\nx{a=\"b\"} 1\n")
	f.Add("a 1e400\nb -Inf\nc NaN")
	f.Fuzz(func(t *testing.T, text string) {
		m, err := ParseMetrics(strings.NewReader(text))
		if err != nil {
			return
		}
		for k := range m {
			if !metricName(k) {
				t.Fatalf("sample name %q from %q", k, text)
			}
		}
	})
}

// TestServerAllocations: the heap allocations of the phase are the
// difference of the server's two samples, a move's their share of the
// moves acknowledged; unknown (and left out of the report) when a sample
// lacks them, a counter went back, or no move was acknowledged.
func TestServerAllocations(t *testing.T) {
	sample := func(allocs, bytes int64) serverSample {
		return serverSample{source: "metrics", sockets: -1, moves: -1, allocs: allocs, allocBytes: bytes}
	}
	for _, tt := range []struct {
		name          string
		before, after serverSample
		moves         int
		objects       float64
		bytes         float64
		ok            bool
	}{
		{"counted", sample(1_000, 50_000), sample(5_500, 230_000), 100, 45, 1_800, true},
		{"no metrics before", sample(-1, -1), sample(5_500, 230_000), 100, 0, 0, false},
		{"no metrics after", sample(1_000, 50_000), sample(-1, -1), 100, 0, 0, false},
		{"a restarted server", sample(5_500, 230_000), sample(1_000, 50_000), 100, 0, 0, false},
		{"no move", sample(1_000, 50_000), sample(5_500, 230_000), 0, 0, 0, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			u := serverUse(tt.before, tt.after, time.Second)
			objects, bytes, ok := u.AllocsPerMove(tt.moves)
			if ok != tt.ok || objects != tt.objects || bytes != tt.bytes {
				t.Fatalf("AllocsPerMove(%d) = %v, %v, %v; want %v, %v, %v", tt.moves, objects, bytes, ok, tt.objects, tt.bytes, tt.ok)
			}
			var b strings.Builder
			r := &Report{Moves: tt.moves, Server: u}
			if err := r.WriteText(&b); err != nil {
				t.Fatal(err)
			}
			line := "heap allocations a move 45.0, 1800 bytes"
			if got := strings.Contains(b.String(), line); got != tt.ok {
				t.Fatalf("the report names %q: %v, want %v:\n%s", line, got, tt.ok, b.String())
			}
		})
	}
}

// TestReadServerKeepsItsReadOutOfThePhase checks that a sample reads the
// server's /metrics uncompressed, and outside the phase it bounds: the
// CPU the server spends answering it (here this process, whose handler
// spins for a while of CPU time) falls before the phase's start and after
// its end.
func TestReadServerKeepsItsReadOutOfThePhase(t *testing.T) {
	pid := os.Getpid()
	if _, err := procCPU(pid); err != nil {
		t.Skipf("no /proc: %v", err)
	}
	const spin = 40 * time.Millisecond
	var (
		mu        sync.Mutex
		encodings []string
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		encodings = append(encodings, r.Header.Get("Accept-Encoding"))
		mu.Unlock()
		start, _ := procCPU(pid)
		for now := start; now-start < spin; now, _ = procCPU(pid) {
		}
		fmt.Fprintln(w, "joinpal_moves_total 7")
	}))
	defer srv.Close()
	ctx := context.Background()
	for _, tt := range []struct {
		name string
		at   sampleAt
	}{{"start", phaseStart}, {"end", phaseEnd}} {
		t.Run(tt.name, func(t *testing.T) {
			before, _ := procCPU(pid)
			s := readServer(ctx, srv.URL, pid, tt.at)
			after, _ := procCPU(pid)
			if s.source != "proc" || s.moves != 7 {
				t.Fatalf("sample from %q with %d moves, want proc and 7", s.source, s.moves)
			}
			switch tt.at {
			case phaseStart:
				if s.cpu < before+spin {
					t.Errorf("start: CPU %v read before the answer's %v (from %v)", s.cpu, spin, before)
				}
			case phaseEnd:
				if s.cpu > after-spin {
					t.Errorf("end: CPU %v read after the answer's %v (until %v)", s.cpu, spin, after)
				}
			}
		})
	}
	mu.Lock()
	defer mu.Unlock()
	for _, e := range encodings {
		if e != "identity" {
			t.Errorf("Accept-Encoding %q, want identity", e)
		}
	}
}
