package match

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControlSpec is a time control as a person writes it for a match, for
// example on the command line. An engine match's clocks are short and
// fractional ("10+0.1": ten seconds and a tenth of a second a move), which
// is why this is not the game package's time control: game.ParseTimeControl
// reads the clocks people play ("10+0": ten minutes, whole seconds of
// increment, 1 to 180 minutes), where the same text means something else.
type TimeControlSpec struct {
	// Clock is "SECONDS[+INC]", e.g. "10+0.1" or "60": a clock kept by the
	// runner with a base time and an increment, in seconds.
	Clock string
	// PerMove is "SECONDS", e.g. "0.1": a fixed time for every move.
	PerMove string
	// Depth and Nodes limit each search (they may go with a clock or a time
	// per move, or stand alone).
	Depth int
	Nodes uint64
	// Margin is how far an engine may overstep its time before it loses on
	// time; negative means the default: 0 with a clock, 100 ms with a time
	// per move.
	Margin time.Duration
}

// DefaultPerMoveMargin is the Margin of a time per move when none is given:
// engines told to think 0.1 s cannot stop to the microsecond.
const DefaultPerMoveMargin = 100 * time.Millisecond

// maxSeconds bounds every time of a spec (about eleven and a half days).
const maxSeconds = 1_000_000

// ErrNoTimeControl is returned by [TimeControlSpec.Parse] when the spec
// limits the engines' thinking in no way.
var ErrNoTimeControl = errors.New("match: a time control is needed: a clock, a time per move, a depth or a number of nodes")

// Parse checks the spec and returns its TimeControl. A clock and a time per
// move exclude each other; a depth must not be negative. Errors start with
// "match: " and quote the text at fault.
func (s TimeControlSpec) Parse() (TimeControl, error) {
	tc := TimeControl{Depth: s.Depth, Nodes: s.Nodes}
	switch {
	case s.Clock != "" && s.PerMove != "":
		return TimeControl{}, errors.New("match: give a clock or a time per move, not both")
	case s.Clock != "":
		base, inc, hasInc := strings.Cut(s.Clock, "+")
		var err error
		if tc.Base, err = parseSeconds(base); err != nil {
			return TimeControl{}, fmt.Errorf("match: clock %q: %w", s.Clock, err)
		}
		if hasInc {
			if tc.Inc, err = parseSeconds(inc); err != nil {
				return TimeControl{}, fmt.Errorf("match: clock %q: %w", s.Clock, err)
			}
		}
		if tc.Base <= 0 {
			return TimeControl{}, fmt.Errorf("match: clock %q: the base time must be positive", s.Clock)
		}
		tc.Margin = max(s.Margin, 0)
	case s.PerMove != "":
		var err error
		if tc.MoveTime, err = parseSeconds(s.PerMove); err != nil {
			return TimeControl{}, fmt.Errorf("match: time per move %q: %w", s.PerMove, err)
		}
		if tc.MoveTime <= 0 {
			return TimeControl{}, fmt.Errorf("match: time per move %q: the time must be positive", s.PerMove)
		}
		tc.Margin = s.Margin
		if s.Margin < 0 {
			tc.Margin = DefaultPerMoveMargin
		}
	case s.Depth <= 0 && s.Nodes == 0:
		return TimeControl{}, ErrNoTimeControl
	}
	if s.Depth < 0 {
		return TimeControl{}, fmt.Errorf("match: depth %d must not be negative", s.Depth)
	}
	return tc, nil
}

// parseSeconds reads a number of seconds written in decimal: "10", "0.1",
// ".5", "2.", with at most nine decimals (nanoseconds) and at most
// maxSeconds. Signs, exponents, "NaN" and "Inf" are refused.
func parseSeconds(text string) (time.Duration, error) {
	whole, frac, _ := strings.Cut(text, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) {
		return 0, fmt.Errorf("%q is not a number of seconds", text)
	}
	if len(frac) > 9 {
		return 0, fmt.Errorf("%q: more than nine decimals (nanoseconds)", text)
	}
	whole = strings.TrimLeft(whole, "0")
	if len(whole) > len("1000000") {
		return 0, fmt.Errorf("%q seconds is more than %d", text, maxSeconds)
	}
	var secs int64
	for _, c := range whole {
		secs = secs*10 + int64(c-'0')
	}
	var nanos int64
	for i := range 9 {
		nanos *= 10
		if i < len(frac) {
			nanos += int64(frac[i] - '0')
		}
	}
	if secs > maxSeconds || secs == maxSeconds && nanos > 0 {
		return 0, fmt.Errorf("%q seconds is more than %d", text, maxSeconds)
	}
	return time.Duration(secs)*time.Second + time.Duration(nanos), nil
}

// allDigits reports whether s holds only ASCII decimal digits (true for "").
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ParseSPRT reads a sequential probability ratio test written
// "elo0=0,elo1=10,alpha=0.05,beta=0.05"; alpha and beta default to 0.05,
// elo0 and elo1 are needed. The test is checked ([SPRT.Check]).
func ParseSPRT(text string) (SPRT, error) {
	s := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, part := range strings.Split(text, ",") {
		key, value, ok := strings.Cut(part, "=")
		f, err := parseNumber(value)
		if !ok || err != nil {
			return SPRT{}, fmt.Errorf("match: SPRT %q: %q is not KEY=NUMBER", text, part)
		}
		if seen[key] {
			return SPRT{}, fmt.Errorf("match: SPRT %q: %s is given twice", text, key)
		}
		seen[key] = true
		switch key {
		case "elo0":
			s.Elo0 = f
		case "elo1":
			s.Elo1 = f
		case "alpha":
			s.Alpha = f
		case "beta":
			s.Beta = f
		default:
			return SPRT{}, fmt.Errorf("match: SPRT %q: unknown key %q", text, key)
		}
	}
	if !seen["elo0"] || !seen["elo1"] {
		return SPRT{}, fmt.Errorf("match: SPRT %q: elo0 and elo1 are needed", text)
	}
	if err := s.Check(); err != nil {
		return SPRT{}, err
	}
	return s, nil
}

// parseNumber reads a decimal number with an optional minus sign: "10",
// "-100", "0.05". Exponents, "NaN" and "Inf" are refused.
func parseNumber(text string) (float64, error) {
	digits := strings.TrimPrefix(text, "-")
	whole, frac, _ := strings.Cut(digits, ".")
	if whole == "" && frac == "" || !allDigits(whole) || !allDigits(frac) || len(digits) > 20 {
		return 0, fmt.Errorf("%q is not a number", text)
	}
	return strconv.ParseFloat(text, 64)
}
