package wsload

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// clockTicks is the unit of /proc/PID/stat's CPU times (USER_HZ, 100 on
// every Linux JoinPal runs on).
const clockTicks = 100

// serverSample is the server's use at one moment: CPU time so far and
// resident memory, and where they came from.
type serverSample struct {
	source  string // "proc" or "metrics"; "" if unknown
	cpu     time.Duration
	rss     int64 // bytes
	peakRSS int64 // bytes (proc only)
	sockets int64 // joinpal_sockets (metrics only, -1 unknown)
	moves   int64 // joinpal_moves_total (metrics only, -1 unknown)
	// allocs and allocBytes are the heap allocations since the server
	// started, go_memstats_mallocs_total and go_memstats_alloc_bytes_total
	// (metrics only, -1 unknown).
	allocs, allocBytes int64
}

// sampleAt says when a sample is taken: its /metrics read (which costs
// the server CPU and allocations) is kept outside the measured phase.
type sampleAt int

const (
	// phaseStart reads /metrics first, then /proc: the read's CPU comes
	// before the phase.
	phaseStart sampleAt = iota
	// phaseEnd reads /proc first, then /metrics: the read's CPU comes
	// after the phase.
	phaseEnd
)

// readServer samples the server: from /proc when pid is known, else from
// its /metrics (read in either case for what only it counts). Failures
// leave the sample unknown.
func readServer(ctx context.Context, base string, pid int, at sampleAt) serverSample {
	s := serverSample{sockets: -1, moves: -1, allocs: -1, allocBytes: -1}
	if at == phaseEnd {
		s.readProc(pid)
	}
	if m, err := fetchMetrics(ctx, base); err == nil {
		if s.source == "" {
			s.source = "metrics"
			if v, ok := m["process_cpu_seconds_total"]; ok {
				s.cpu = time.Duration(v * float64(time.Second))
			}
			if v, ok := m["process_resident_memory_bytes"]; ok {
				s.rss = int64(v)
			}
		}
		if v, ok := m["joinpal_sockets"]; ok {
			s.sockets = int64(v)
		}
		if v, ok := m["joinpal_moves_total"]; ok {
			s.moves = int64(v)
		}
		if v, ok := m["go_memstats_mallocs_total"]; ok {
			s.allocs = int64(v)
		}
		if v, ok := m["go_memstats_alloc_bytes_total"]; ok {
			s.allocBytes = int64(v)
		}
	}
	if at == phaseStart {
		s.readProc(pid)
	}
	return s
}

// readProc takes the sample's CPU time and memory from /proc when pid is
// known and its files can be read.
func (s *serverSample) readProc(pid int) {
	if pid <= 0 {
		return
	}
	if cpu, err := procCPU(pid); err == nil {
		s.source, s.cpu = "proc", cpu
		s.rss, s.peakRSS = procMemory(pid)
	}
}

// fetchMetrics reads the server's /metrics.
func fetchMetrics(ctx context.Context, base string) (map[string]float64, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/metrics", nil)
	if err != nil {
		return nil, err
	}
	// Uncompressed: a server compressing its answer may make a new
	// compressor for it (about 1 MB on JoinPal's), after it has read its
	// allocation counters, so in the phase a sample starts.
	req.Header.Set("Accept-Encoding", "identity")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("wsload: /metrics: %s", res.Status)
	}
	return ParseMetrics(res.Body)
}

// ParseMetrics reads the samples without labels of a Prometheus text
// exposition: name → value. Comments, labelled samples and lines it cannot
// read (a name that is not a metric name, a value that is not a number)
// are skipped.
func ParseMetrics(r io.Reader) (map[string]float64, error) {
	out := map[string]float64{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || strings.ContainsRune(line, '{') {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 2 || !metricName(f[0]) {
			continue
		}
		v, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			continue
		}
		out[f[0]] = v
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("wsload: reading metrics: %w", err)
	}
	return out, nil
}

// metricName reports whether s is a Prometheus metric name:
// [a-zA-Z_:][a-zA-Z0-9_:]*.
func metricName(s string) bool {
	for i, c := range s {
		letter := c == '_' || c == ':' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return s != ""
}

// procCPU is the CPU time process pid has used. /proc/PID/stat counts it
// (utime + stime) in clock ticks of 10 ms, too coarse for a server that
// uses a few tens of milliseconds in a run; the run times of its threads
// (threadsCPU) count it to the nanosecond, but leave out the threads that
// have ended. So procCPU takes the larger of the threads' sum and the
// ticks less one tick (what they may have rounded up), read in that order;
// the ticks alone when the threads' times cannot be read.
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	ticks, err := ParseProcStat(string(b))
	if err != nil {
		return 0, err
	}
	run, err := threadsCPU(pid)
	if err != nil {
		return ticks, nil
	}
	return max(run, ticks-time.Second/clockTicks), nil
}

// threadsCPU is the time the threads of process pid have run on a CPU,
// summed over /proc/PID/task/*/schedstat. A thread whose file cannot be
// read has ended since the listing, and counts for nothing; it fails when
// no thread's file can be read (no schedstat in this kernel, no /proc).
func threadsCPU(pid int) (time.Duration, error) {
	dir := fmt.Sprintf("/proc/%d/task", pid)
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return 0, fmt.Errorf("wsload: threads of %d: %w", pid, err)
	}
	var sum time.Duration
	read := 0
	for _, t := range tasks {
		b, err := os.ReadFile(filepath.Join(dir, t.Name(), "schedstat"))
		if err != nil {
			continue
		}
		run, err := ParseSchedstat(string(b))
		if err != nil {
			return 0, err
		}
		sum += run
		read++
	}
	if read == 0 {
		return 0, fmt.Errorf("wsload: threads of %d: no schedstat to read in %s", pid, dir)
	}
	return sum, nil
}

// ParseSchedstat reads the time a thread has run on a CPU from its
// /proc/PID/task/TID/schedstat line: three unsigned decimal numbers, that
// time in nanoseconds, the time it has waited to run, and its timeslices.
func ParseSchedstat(line string) (time.Duration, error) {
	f := strings.Fields(line)
	if len(f) != 3 {
		return 0, fmt.Errorf("wsload: schedstat %.40q: %d fields, want 3", line, len(f))
	}
	var run uint64
	for i, v := range f {
		n, err := strconv.ParseUint(v, 10, 63)
		if err != nil {
			return 0, fmt.Errorf("wsload: schedstat %.40q: field %d: %w", line, i+1, err)
		}
		if i == 0 {
			run = n
		}
	}
	return time.Duration(run), nil
}

// ParseProcStat reads the CPU time (utime + stime) of a /proc/PID/stat
// line. The command name (field 2) may hold spaces and parentheses: the
// fields are counted after its last ')'.
func ParseProcStat(stat string) (time.Duration, error) {
	i := strings.LastIndexByte(stat, ')')
	if i < 0 {
		return 0, fmt.Errorf("wsload: /proc stat %.40q: no command name", stat)
	}
	f := strings.Fields(stat[i+1:])
	// f[0] is field 3 (state); utime and stime are fields 14 and 15.
	if len(f) < 13 {
		return 0, fmt.Errorf("wsload: /proc stat: %d fields after the name, want ≥ 13", len(f))
	}
	utime, err1 := strconv.ParseUint(f[11], 10, 63)
	stime, err2 := strconv.ParseUint(f[12], 10, 63)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("wsload: /proc stat: bad utime %q or stime %q", f[11], f[12])
	}
	ticks := utime + stime
	if ticks > uint64(1<<62)/uint64(time.Second/clockTicks) {
		return 0, fmt.Errorf("wsload: /proc stat: CPU time %d ticks out of range", ticks)
	}
	return time.Duration(ticks) * (time.Second / clockTicks), nil
}

// procMemory is the resident memory of process pid now and at its peak
// (VmRSS, VmHWM), in bytes; 0 when unknown.
func procMemory(pid int) (rss, peak int64) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		k, v, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		f := strings.Fields(v)
		if len(f) != 2 || f[1] != "kB" {
			continue
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil {
			continue
		}
		switch k {
		case "VmRSS":
			rss = n * 1024
		case "VmHWM":
			peak = n * 1024
		}
	}
	return rss, peak
}

// readSelfCPU is the load generator's own CPU time (0 when unknown).
func readSelfCPU() time.Duration {
	cpu, _ := procCPU(os.Getpid())
	return cpu
}

// ServerUse is what the server used during the measured phase.
type ServerUse struct {
	// Source says where the figures come from: "proc" (/proc of the
	// server started by the load test; its CPU time to the nanosecond
	// where the kernel keeps its threads' schedstat, see procCPU) or
	// "metrics" (its /metrics); empty when neither answered.
	Source string `json:"source"`
	// CPU is the share of one core the server used (1.0: one core busy).
	CPU float64 `json:"cpu"`
	// RSS is its resident memory at the end, PeakRSS its peak (proc only).
	RSS     int64 `json:"rssBytes"`
	PeakRSS int64 `json:"peakRssBytes,omitempty"`
	// SetupRSS is its resident memory once every game's sockets were open,
	// before the first move: the games idle.
	SetupRSS int64 `json:"setupRssBytes"`
	// Sockets are the sockets the server counted at the end
	// (joinpal_sockets; -1 unknown); Moves the moves it acknowledged in
	// the phase (joinpal_moves_total; -1 unknown).
	Sockets int64 `json:"sockets"`
	Moves   int64 `json:"moves"`
	// Allocs and AllocBytes are the heap allocations the server made in
	// the phase, in objects and bytes (go_memstats_mallocs_total and
	// go_memstats_alloc_bytes_total of its /metrics; -1 unknown).
	Allocs     int64 `json:"allocs"`
	AllocBytes int64 `json:"allocBytes"`
}

// AllocsPerMove returns the server's heap allocations a move acknowledged
// in the phase, in objects and bytes; false when its /metrics does not
// count them or no move was acknowledged.
func (u ServerUse) AllocsPerMove(moves int) (objects, bytes float64, ok bool) {
	if u.Allocs < 0 || u.AllocBytes < 0 || moves <= 0 {
		return 0, 0, false
	}
	return float64(u.Allocs) / float64(moves), float64(u.AllocBytes) / float64(moves), true
}

func serverUse(before, after serverSample, elapsed time.Duration) ServerUse {
	u := ServerUse{Source: after.source, RSS: after.rss, PeakRSS: after.peakRSS, SetupRSS: before.rss, Sockets: after.sockets,
		Moves: -1, Allocs: -1, AllocBytes: -1}
	if before.source == after.source && after.source != "" {
		u.CPU = cpuShare(after.cpu-before.cpu, elapsed)
	}
	if before.moves >= 0 && after.moves >= 0 {
		u.Moves = after.moves - before.moves
	}
	if before.allocs >= 0 && after.allocs >= before.allocs && before.allocBytes >= 0 && after.allocBytes >= before.allocBytes {
		u.Allocs, u.AllocBytes = after.allocs-before.allocs, after.allocBytes-before.allocBytes
	}
	return u
}

func cpuShare(cpu, elapsed time.Duration) float64 {
	if elapsed <= 0 {
		return 0
	}
	return cpu.Seconds() / elapsed.Seconds()
}
