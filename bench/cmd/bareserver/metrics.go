package main

import (
	"fmt"
	"net/http"
	"runtime/metrics"
)

// allocSamples are the Go runtime's counts of heap allocations since the
// process started.
var allocSamples = []string{"/gc/heap/allocs:objects", "/gc/heap/tiny/allocs:objects", "/gc/heap/allocs:bytes"}

// serveMetrics answers GET /metrics with the two counters a load
// generator reads beside a JoinPal server's, in Prometheus's text format
// and under the names of its Go collector: go_memstats_mallocs_total (the
// heap objects allocated, tiny ones included, as runtime.MemStats.Mallocs
// counts them) and go_memstats_alloc_bytes_total (their bytes). Reading
// them does not stop the world.
func serveMetrics(w http.ResponseWriter, _ *http.Request) {
	s := make([]metrics.Sample, len(allocSamples))
	for i, name := range allocSamples {
		s[i].Name = name
	}
	metrics.Read(s)
	objects, tiny, bytes := s[0].Value.Uint64(), s[1].Value.Uint64(), s[2].Value.Uint64()
	w.Header().Set("Content-Type", "text/plain; version=0.0.4")
	fmt.Fprintf(w, "# TYPE go_memstats_mallocs_total counter\ngo_memstats_mallocs_total %d\n", objects+tiny)
	fmt.Fprintf(w, "# TYPE go_memstats_alloc_bytes_total counter\ngo_memstats_alloc_bytes_total %d\n", bytes)
}
