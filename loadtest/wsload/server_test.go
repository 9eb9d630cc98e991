package wsload

import (
	"strings"
	"testing"
	"time"
)

func TestParseProcStat(t *testing.T) {
	tests := []struct {
		stat string
		want time.Duration
		ok   bool
	}{
		{"2694 (joinpal) S 2570 2694 1 0 -1 4194560 5041 0 0 0 150 37 0 0 20 0 9 0 123 0 0", 1870 * time.Millisecond, true},
		{"7 (a b) c)) R 1 1 1 0 -1 0 0 0 0 0 3 4 0 0", 70 * time.Millisecond, true},
		{"7 (x) R 1 1", 0, false},
		{"no name at all", 0, false},
		{"7 (x) R 1 1 1 0 -1 0 0 0 0 0 -3 4", 0, false},
		{"7 (x) R 1 1 1 0 -1 0 0 0 0 0 99999999999999999999 4", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseProcStat(tt.stat)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseProcStat(%q) = %v, %v; want %v (ok %v)", tt.stat, got, err, tt.want, tt.ok)
		}
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
