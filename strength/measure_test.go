package strength

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/match"
	"github.com/joinpal/joinpal/uci"
)

func TestPairings(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
		want []string
	}{
		{"anchors and neighbours", Config{First: 2, Last: 4, Adjacent: true, Anchors: map[int]int{2: 1350, 4: 1500}},
			[]string{"L2-SF1350", "L3-L2", "L4-L3", "L4-SF1500"}},
		{"anchors only", Config{First: 1, Last: 8, Anchors: map[int]int{3: 1350, 8: 2850}},
			[]string{"L3-SF1350", "L8-SF2850"}},
		{"anchor outside the levels", Config{First: 5, Last: 6, Adjacent: true, Anchors: map[int]int{1: 1350, 6: 2100}},
			[]string{"L6-L5", "L6-SF2100"}},
	}
	for _, tc := range tests {
		var got []string
		for _, p := range tc.cfg.Pairings() {
			got = append(got, p.A.Name()+"-"+p.B.Name())
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestConfigCheck(t *testing.T) {
	engineFor := func(int, string) (match.Engine, error) { return match.Engine{}, nil }
	good := Config{First: 1, Last: 8, Games: 2, Anchors: map[int]int{1: 1350}, Level: engineFor, Stockfish: engineFor}
	if err := good.Check(); err != nil {
		t.Fatal(err)
	}
	for name, change := range map[string]func(*Config){
		"odd games":   func(c *Config) { c.Games = 3 },
		"no games":    func(c *Config) { c.Games = 0 },
		"level 9":     func(c *Config) { c.Last = 9 },
		"reversed":    func(c *Config) { c.First, c.Last = 5, 2 },
		"bad anchor":  func(c *Config) { c.Anchors = map[int]int{2: 1000} },
		"no engines":  func(c *Config) { c.Level = nil },
		"no anchored": func(c *Config) { c.Stockfish = nil },
	} {
		c := good
		change(&c)
		if err := c.Check(); err == nil || !strings.HasPrefix(err.Error(), "strength: ") {
			t.Errorf("%s: %v", name, err)
		}
		if _, err := Measure(context.Background(), c); err == nil {
			t.Errorf("%s: Measure ran", name)
		}
	}
}

// stockfishPath returns Debian's Stockfish, which make test installs.
func stockfishPath(t *testing.T) string {
	t.Helper()
	for _, p := range []string{"stockfish", "/usr/games/stockfish"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	t.Fatal("stockfish is not installed: make test installs it (make deps)")
	return ""
}

// TestMeasure runs a whole measurement with real engines at depth 1:
// Stockfish's Skill Level stands in for the built-in levels (this package
// cannot build JoinPal's engine; cmd/joinpal's test plays the real one).
func TestMeasure(t *testing.T) {
	sf := stockfishPath(t)
	var progress bytes.Buffer
	dir := t.TempDir()
	cfg := Config{
		First: 2, Last: 3, Adjacent: true, Anchors: map[int]int{3: 1350}, Games: 2,
		TimeControl: match.TimeControl{Depth: 1}, Concurrency: 2, PGNDir: dir, Progress: &progress,
		Level: func(n int, name string) (match.Engine, error) {
			return match.UCIEngine(name, uci.Command{Path: sf}, [][2]string{{"Skill Level", strconv.Itoa(n)}}), nil
		},
		Stockfish: func(elo int, name string) (match.Engine, error) {
			return match.UCIEngine(name, uci.Command{Path: sf},
				[][2]string{{"UCI_LimitStrength", "true"}, {"UCI_Elo", strconv.Itoa(elo)}}), nil
		},
	}
	r, err := Measure(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Results) != 2 || r.Results[0].A != "L3" || r.Results[0].B != "L2" || r.Results[1].A != "L3" || r.Results[1].B != "SF1350" {
		t.Fatalf("results %+v", r.Results)
	}
	for _, res := range r.Results {
		if res.Games() != 2 {
			t.Errorf("%+v: %d games, want 2", res, res.Games())
		}
		if _, err := os.Stat(filepath.Join(dir, res.A+"-"+res.B+".pgn")); err != nil {
			t.Error(err)
		}
	}
	if len(r.Anchors) != 1 || r.Anchors[0].Name != "SF1350" || r.Anchors[0].Elo != 1350 {
		t.Errorf("anchors %+v", r.Anchors)
	}
	if len(r.Levels) != 2 || r.Levels[0].Number != 2 || r.Levels[1].Number != 3 || r.Levels[0].Name("en") != "Easy" || r.Levels[0].Rating.Games != 2 || r.Levels[1].Rating.Games != 4 {
		t.Errorf("levels %+v", r.Levels)
	}
	if !strings.Contains(progress.String(), "[1/2] L3 – L2") || !strings.Contains(progress.String(), "[2/2] L3 – SF1350") {
		t.Errorf("progress:\n%s", progress.String())
	}
}

func TestMeasureEngineError(t *testing.T) {
	cfg := Config{First: 1, Last: 2, Adjacent: true, Games: 2, Anchors: map[int]int{1: 1350},
		TimeControl: match.TimeControl{Depth: 1},
		Level:       func(int, string) (match.Engine, error) { return match.Engine{}, os.ErrNotExist },
		Stockfish: func(int, string) (match.Engine, error) {
			return match.UCIEngine("x", uci.Command{Path: "/nonexistent/engine"}, nil), nil
		},
	}
	if _, err := Measure(context.Background(), cfg); err == nil {
		t.Fatal("no error")
	}
}

func TestParseBench(t *testing.T) {
	s, err := parseBench("Stockfish", "info string ...\n===========================\nTotal time (ms) : 1500\nNodes searched  : 3000000\nNodes/second    : 2000000\n")
	if err != nil || s.Nodes != 3_000_000 || s.Millis != 1500 || s.NPS() != 2_000_000 {
		t.Fatalf("%+v %v", s, err)
	}
	if _, err := parseBench("x", "nothing here"); err == nil {
		t.Error("a bench without totals was read")
	}
	if _, err := parseBench("x", "Nodes searched: 99999999999999999999999\n"); err == nil {
		t.Error("an overflowing count was read")
	}
}

// TestMeasureSpeeds measures Stockfish both ways and reports an engine
// that does not start without giving up.
func TestMeasureSpeeds(t *testing.T) {
	if testing.Short() {
		t.Skip("searches ten positions for a second each")
	}
	sf := stockfishPath(t)
	var log bytes.Buffer
	speeds := MeasureSpeeds(context.Background(), []SpeedEngine{
		{Name: "Stockfish", Command: uci.Command{Path: sf}, BenchArgs: []string{"bench"}},
		{Name: "missing", Command: uci.Command{Path: "/nonexistent/engine"}},
	}, &log)
	if len(speeds) != 3 {
		t.Fatalf("%+v", speeds)
	}
	if speeds[0].Note != "its own bench (stockfish bench)" || speeds[0].NPS() <= 0 || speeds[1].NPS() <= 0 || speeds[2].Note != GoPeerNote {
		t.Errorf("%+v", speeds)
	}
	if !strings.Contains(log.String(), "bench of missing") || !strings.Contains(log.String(), "speed of missing") {
		t.Errorf("log:\n%s", log.String())
	}
}
