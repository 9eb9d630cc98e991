package match

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

func TestTimeControlSpecParse(t *testing.T) {
	tests := []struct {
		spec TimeControlSpec
		want TimeControl
	}{
		{TimeControlSpec{Clock: "10+0.1", Margin: -1}, TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}},
		{TimeControlSpec{Clock: "60", Margin: 5 * time.Millisecond}, TimeControl{Base: time.Minute, Margin: 5 * time.Millisecond}},
		{TimeControlSpec{Clock: "2+0.02", Depth: 3}, TimeControl{Base: 2 * time.Second, Inc: 20 * time.Millisecond, Depth: 3}},
		{TimeControlSpec{Clock: ".5+0"}, TimeControl{Base: 500 * time.Millisecond}},
		{TimeControlSpec{Clock: "0.7+0.000000001"}, TimeControl{Base: 700 * time.Millisecond, Inc: 1}},
		{TimeControlSpec{Clock: "1000000"}, TimeControl{Base: maxSeconds * time.Second}},
		{TimeControlSpec{PerMove: "0.05", Margin: -1}, TimeControl{MoveTime: 50 * time.Millisecond, Margin: DefaultPerMoveMargin}},
		{TimeControlSpec{PerMove: "2", Margin: 0}, TimeControl{MoveTime: 2 * time.Second}},
		{TimeControlSpec{Depth: 4, Margin: -1}, TimeControl{Depth: 4}},
		{TimeControlSpec{Nodes: 1000}, TimeControl{Nodes: 1000}},
	}
	for _, tc := range tests {
		got, err := tc.spec.Parse()
		if err != nil || got != tc.want {
			t.Errorf("%+v: %+v, %v; want %+v", tc.spec, got, err, tc.want)
		}
	}
}

func TestTimeControlSpecErrors(t *testing.T) {
	tests := []struct {
		spec TimeControlSpec
		want string
	}{
		{TimeControlSpec{}, "a time control is needed"},
		{TimeControlSpec{Clock: "1", PerMove: "1"}, "not both"},
		{TimeControlSpec{Clock: "ten+1"}, `"ten" is not a number of seconds`},
		{TimeControlSpec{Clock: "10+"}, `"" is not a number of seconds`},
		{TimeControlSpec{Clock: "0+1"}, "base time must be positive"},
		{TimeControlSpec{Clock: "-5"}, "not a number of seconds"},
		{TimeControlSpec{Clock: "1e3"}, "not a number of seconds"},
		{TimeControlSpec{Clock: "10+NaN"}, "not a number of seconds"},
		{TimeControlSpec{Clock: "10+-1"}, "not a number of seconds"},
		{TimeControlSpec{Clock: "Inf"}, "not a number of seconds"},
		{TimeControlSpec{Clock: "1.2.3"}, "not a number of seconds"},
		{TimeControlSpec{Clock: "."}, "not a number of seconds"},
		{TimeControlSpec{Clock: "1000000.1"}, "more than 1000000"},
		{TimeControlSpec{Clock: "99999999999999999999"}, "more than 1000000"},
		{TimeControlSpec{Clock: "1.0000000001"}, "nine decimals"},
		{TimeControlSpec{PerMove: "0"}, "must be positive"},
		{TimeControlSpec{PerMove: "NaN"}, "not a number of seconds"},
		{TimeControlSpec{Clock: "10", Depth: -1}, "must not be negative"},
	}
	for _, tc := range tests {
		got, err := tc.spec.Parse()
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "match: ") {
			t.Errorf("%+v: %+v, %v; want an error with %q", tc.spec, got, err, tc.want)
		}
	}
	if _, err := (TimeControlSpec{}).Parse(); !errors.Is(err, ErrNoTimeControl) {
		t.Errorf("no time control: %v, want ErrNoTimeControl", err)
	}
}

// TestParseTimeControlRefusesNaNIncrement: "10+NaN" was read by
// strconv.ParseFloat, passed the range check (every comparison with NaN is
// false) and became a negative increment.
func TestParseTimeControlRefusesNaNIncrement(t *testing.T) {
	tc, err := TimeControlSpec{Clock: "10+NaN"}.Parse()
	if err == nil {
		t.Fatalf("accepted, increment %v", tc.Inc)
	}
}

// FuzzTimeControlSpec: any clock text is refused or gives a positive base,
// a non-negative increment within bounds, and writes back (String) to a
// text that parses to the same clock.
func FuzzTimeControlSpec(f *testing.F) {
	for _, s := range []string{"10+0.1", "60", "2+0.02", ".5", "1e3", "10+NaN", "-1", "1000000", "0.000000001+9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := TimeControlSpec{Clock: text}.Parse()
		if err != nil {
			if !strings.HasPrefix(err.Error(), "match: ") {
				t.Fatalf("%q: error without the package prefix: %v", text, err)
			}
			return
		}
		limit := time.Duration(maxSeconds) * time.Second
		if tc.Base <= 0 || tc.Base > limit || tc.Inc < 0 || tc.Inc > limit || tc.MoveTime != 0 {
			t.Fatalf("%q: %+v", text, tc)
		}
		again, err := TimeControlSpec{Clock: tc.String()}.Parse()
		if err != nil || again != tc {
			t.Fatalf("%q -> %q -> %+v, %v; want %+v", text, tc.String(), again, err, tc)
		}
	})
}

func TestParseSPRT(t *testing.T) {
	got, err := ParseSPRT("elo0=-5,elo1=10")
	if want := (SPRT{Elo0: -5, Elo1: 10, Alpha: 0.05, Beta: 0.05}); err != nil || got != want {
		t.Errorf("%+v, %v; want %+v", got, err, want)
	}
	got, err = ParseSPRT("elo0=0,elo1=5,alpha=0.1,beta=0.2")
	if want := (SPRT{Elo0: 0, Elo1: 5, Alpha: 0.1, Beta: 0.2}); err != nil || got != want {
		t.Errorf("%+v, %v; want %+v", got, err, want)
	}
	for text, want := range map[string]string{
		"elo0=0":                       "elo0 and elo1 are needed",
		"elo0=10,elo1=0":               "elo0 must be below elo1",
		"elo0=NaN,elo1=10":             "not KEY=NUMBER",
		"elo0=-Inf,elo1=Inf":           "not KEY=NUMBER",
		"elo0=1e1,elo1=1e2":            "not KEY=NUMBER",
		"elo0=0,elo1=10,gamma=1":       "unknown key",
		"elo0=0,elo1=10,elo1=20":       "given twice",
		"elo0=0,elo1=10,alpha=1":       "alpha and beta",
		"elo0=0;elo1=10":               "not KEY=NUMBER",
		"":                             "not KEY=NUMBER",
		"elo0=0,elo1=10,beta=0.000000": "alpha and beta",
	} {
		if s, err := ParseSPRT(text); err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "match: ") {
			t.Errorf("%q: %+v, %v; want an error with %q", text, s, err, want)
		}
	}
}

// TestSPRTCheckRefusesNaN: a NaN elo0 passed Check (NaN >= elo1 is false).
func TestSPRTCheckRefusesNaN(t *testing.T) {
	for _, s := range []SPRT{
		{Elo0: math.NaN(), Elo1: 10, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: math.NaN(), Alpha: 0.05, Beta: 0.05},
		{Elo0: math.Inf(-1), Elo1: 0, Alpha: 0.05, Beta: 0.05},
	} {
		if err := s.Check(); err == nil {
			t.Errorf("%+v passed Check", s)
		}
	}
}

// FuzzParseSPRT: a text is refused, or gives a test that passes Check and
// whose fields are finite.
func FuzzParseSPRT(f *testing.F) {
	for _, s := range []string{"elo0=0,elo1=10", "elo0=-5,elo1=5,alpha=0.1,beta=0.1", "elo0=NaN,elo1=1", "elo1=1,elo0=0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSPRT(text)
		if err != nil {
			return
		}
		if err := s.Check(); err != nil {
			t.Fatalf("%q: %+v fails Check: %v", text, s, err)
		}
		for _, x := range []float64{s.Elo0, s.Elo1, s.Alpha, s.Beta} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				t.Fatalf("%q: %+v", text, s)
			}
		}
	})
}

// TestTimeControlStringHasNoExponent: the PGN TimeControl tag read
// "1e-09+9" and "1e+06" (fmt.Sprint of float seconds).
func TestTimeControlStringHasNoExponent(t *testing.T) {
	for tc, want := range map[TimeControl]string{
		{Base: 10 * time.Second, Inc: 100 * time.Millisecond}: "10+0.1",
		{Base: time.Nanosecond, Inc: 9 * time.Second}:         "0.000000001+9",
		{Base: maxSeconds * time.Second}:                      "1000000",
		{MoveTime: 50 * time.Millisecond}:                     "1/0.05",
		{Depth: 3}:                                            "-",
	} {
		if got := tc.String(); got != want {
			t.Errorf("%+v: %q, want %q", tc, got, want)
		}
	}
}
