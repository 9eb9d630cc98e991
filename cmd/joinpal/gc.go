package main

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// defaultGCPercent is the garbage collector's target that "joinpal serve"
// sets when neither --gc-percent nor GOGC says otherwise: the heap may
// grow by this percentage of the live heap before a collection. It is
// Go's own default: a higher target collects less often, but the heap a
// node holds grows with it, and the live heap of a node's games and
// sockets is small enough that its collections are short (see
// docs/BENCHMARKS.md, "The garbage collector", for 100, 200 and 400
// measured).
const defaultGCPercent = 100

// memoryLimitShare is the share of the memory available to the process
// (the cgroup's limit, else the machine's) that "joinpal serve" sets as
// the runtime's soft memory limit when neither --memory-limit nor
// GOMEMLIMIT says otherwise: nearing it, the collector runs more often
// rather than let the heap outgrow the machine.
const memoryLimitShare = 0.75

// gcSettings are the garbage collector's settings of "joinpal serve".
type gcSettings struct {
	// percent is the target (debug.SetGCPercent; -1: off); set false
	// leaves the runtime's (GOGC).
	percent int
	setPct  bool
	// limit is the soft memory limit in bytes (debug.SetMemoryLimit);
	// setLim false leaves the runtime's (GOMEMLIMIT).
	limit  int64
	setLim bool
}

// parseGCSettings reads --gc-percent and --memory-limit ("" for the
// default). An empty flag defers to GOGC or GOMEMLIMIT when the
// environment sets them (the runtime has applied them already), else
// takes JoinPal's defaults: defaultGCPercent, and memoryLimitShare of
// available (bytes; 0 when unknown: no limit).
func parseGCSettings(percent, limit string, getenv func(string) string, available int64) (gcSettings, error) {
	var s gcSettings
	switch {
	case percent != "":
		p, err := parseGCPercent(percent)
		if err != nil {
			return gcSettings{}, fmt.Errorf("--gc-percent %q: %w", percent, err)
		}
		s.percent, s.setPct = p, true
	case getenv("GOGC") == "":
		s.percent, s.setPct = defaultGCPercent, true
	}
	switch {
	case limit != "":
		l, err := parseBytes(limit)
		if err != nil {
			return gcSettings{}, fmt.Errorf("--memory-limit %q: %w", limit, err)
		}
		s.limit, s.setLim = l, true
	case getenv("GOMEMLIMIT") == "" && available > 0:
		s.limit, s.setLim = int64(float64(available)*memoryLimitShare), true
	}
	return s, nil
}

// parseGCPercent reads a GC target: a whole number of at least 1, or
// "off".
func parseGCPercent(text string) (int, error) {
	if text == "off" {
		return -1, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 1 {
		return 0, fmt.Errorf("want a whole number of at least 1 (a percentage), or off")
	}
	return n, nil
}

// byteUnits are the suffixes parseBytes knows, longest first.
var byteUnits = []struct {
	suffix string
	size   int64
}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"B", 1}}

// parseBytes reads a size as GOMEMLIMIT writes it: a whole number of
// bytes, optionally with a suffix B, KiB, MiB, GiB or TiB, or "off".
func parseBytes(text string) (int64, error) {
	if text == "off" {
		return math.MaxInt64, nil
	}
	num, unit := text, int64(1)
	for _, u := range byteUnits {
		if strings.HasSuffix(text, u.suffix) {
			num, unit = strings.TrimSuffix(text, u.suffix), u.size
			break
		}
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n < 1 || n > math.MaxInt64/unit {
		return 0, fmt.Errorf("want a size such as 1536MiB or 2GiB, or off")
	}
	return n * unit, nil
}

// apply sets the settings in the runtime.
func (s gcSettings) apply() {
	if s.setPct {
		debug.SetGCPercent(s.percent)
	}
	if s.setLim {
		debug.SetMemoryLimit(s.limit)
	}
}

// availableMemory returns the memory the process may use, in bytes: its
// cgroup's limit (cgroup v2 memory.max, v1 memory.limit_in_bytes) when
// one is set below the machine's, else the machine's (/proc/meminfo);
// 0 when neither can be read (not Linux).
func availableMemory() int64 {
	total := memTotal()
	for _, f := range []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err == nil && n > 0 && (total == 0 || n < total) {
			return n
		}
	}
	return total
}

// memTotal reads MemTotal from /proc/meminfo, in bytes (0: unknown).
func memTotal() int64 {
	f, err := os.Open("/proc/meminfo")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) >= 2 && fields[0] == "MemTotal:" {
			kb, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// logArgs say what the settings are, for the log: each as set, or as
// the environment left it (GOGC, GOMEMLIMIT).
func (s gcSettings) logArgs(getenv func(string) string) []any {
	percent := "GOGC=" + getenv("GOGC")
	switch {
	case s.setPct && s.percent < 0:
		percent = "off"
	case s.setPct:
		percent = strconv.Itoa(s.percent)
	}
	limit := "GOMEMLIMIT=" + getenv("GOMEMLIMIT")
	switch {
	case s.setLim && s.limit == math.MaxInt64:
		limit = "off"
	case s.setLim:
		limit = strconv.FormatInt(s.limit>>20, 10) + "MiB"
	case getenv("GOMEMLIMIT") == "":
		limit = "off"
	}
	return []any{"gc_percent", percent, "memory_limit", limit}
}
