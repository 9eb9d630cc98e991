package main

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// A tiny run against a temporary SQLite file prints one line per
// measurement.
func TestLoadtestCommand(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lt.db")
	code, out, errOut := runCLI(t, "", "loadtest", "--db", db, "--games", "3", "--duration", "1s")
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	for _, re := range []string{
		`(?m)^setup    store=sqlite games=3 duration=1s think=0s tc=10\+0 go=\S+ cpus=\d+ gomaxprocs=\d+( load=[\d.]+)?$`,
		`(?m)^create   3 games in \S+$`,
		`(?m)^moves    [1-9]\d* in \S+: \d+\.\d moves/s \(finished \d+ games, errors 0\)$`,
		`(?m)^ack      p50 \S+ms  p90 \S+ms  p99 \S+ms  max \S+ms  mean \S+ms  \(n=[1-9]\d*\)$`,
		`(?m)^cpu      \S+ used in \S+: \d+\.\d\d cores$`,
		`(?m)^memory   idle -?\S+ KiB heap \+ -?\S+ KiB stack per game \(3 games\)$`,
		`(?m)^memory   playing -?\S+ KiB heap \+ -?\S+ KiB stack per game \(\d+ games, \d+ plies on average\)$`,
	} {
		if !regexp.MustCompile(re).MatchString(out) {
			t.Errorf("no line matching %s in:\n%s", re, out)
		}
	}
	if strings.Contains(out, "flags") {
		t.Errorf("a flag phase without --flags:\n%s", out)
	}
}

func TestLoadtestJSON(t *testing.T) {
	db := filepath.Join(t.TempDir(), "lt.db")
	code, out, errOut := runCLI(t, "", "loadtest", "--db", db, "--games", "2", "--duration", "300ms", "--think", "10ms", "--json")
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	var rep struct {
		Store string
		Games int
		Moves struct {
			Moves          int64
			MovesPerSecond float64
			Ack            struct{ N int }
		}
		Memory struct{ Games int }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if rep.Store != "sqlite" || rep.Games != 2 || rep.Moves.Moves == 0 || rep.Moves.Ack.N != int(rep.Moves.Moves) ||
		rep.Moves.MovesPerSecond <= 0 || rep.Memory.Games != 2 {
		t.Errorf("report %+v", rep)
	}
}

func TestLoadtestUsageErrors(t *testing.T) {
	for name, args := range map[string][]string{
		"store":                             {"--store", "mysql"},
		"nothing":                           {"--games", "0"},
		"negative":                          {"--flags", "-1"},
		"duration":                          {"--duration", "0s"},
		"think":                             {"--think", "-1s"},
		"untimed":                           {"--tc", "untimed"},
		"bad tc":                            {"--tc", "fast"},
		"arguments":                         {"extra"},
		"generator's GOGC without a server": {"--gen-gc-percent", "200"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"loadtest"}, args...)...)
		if code != 2 || !strings.Contains(errOut, "joinpal loadtest:") {
			t.Errorf("%s: exit %d, stderr %q; want 2 and a message", name, code, errOut)
		}
	}
}
