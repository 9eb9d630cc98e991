package game

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

func mustWhole(t testing.TB, base, inc time.Duration) TimeControl {
	t.Helper()
	tc, err := NewWholeGame(base, inc)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

func mustPerMove(t testing.TB, d time.Duration) TimeControl {
	t.Helper()
	tc, err := NewPerMove(d)
	if err != nil {
		t.Fatal(err)
	}
	return tc
}

func TestNewWholeGame(t *testing.T) {
	const min, s = time.Minute, time.Second
	tests := []struct {
		base, inc time.Duration
		want      string // text form, or "" for an error
		reason    string // part of the error message
	}{
		{1 * min, 0, "1+0", ""},
		{5 * min, 3 * s, "5+3", ""},
		{10 * min, 0, "10+0", ""},
		{180 * min, 10 * s, "180+10", ""},
		{180 * min, 1 * s, "180+1", ""},
		{0, 0, "", "must be positive"},
		{-5 * min, 0, "", "must be positive"},
		{30 * s, 0, "", "whole number of minutes"},
		{90 * s, 2 * s, "", "whole number of minutes"},
		{181 * min, 0, "", "above the maximum of 180 min"},
		{5 * min, 11 * s, "", "increment 11 s is above the maximum of 10 s"},
		{5 * min, -1 * s, "", "must not be negative"},
		{5 * min, 1500 * time.Millisecond, "", "whole number of seconds"},
	}
	for _, tt := range tests {
		tc, err := NewWholeGame(tt.base, tt.inc)
		if tt.want == "" {
			if !errors.Is(err, ErrBadTimeControl) || !strings.Contains(err.Error(), tt.reason) ||
				!strings.HasPrefix(err.Error(), "game: ") || !tc.IsZero() {
				t.Errorf("NewWholeGame(%v, %v) = %v, %v; want error with %q", tt.base, tt.inc, tc, err, tt.reason)
			}
			continue
		}
		if err != nil || tc.String() != tt.want {
			t.Errorf("NewWholeGame(%v, %v) = %q, %v; want %q", tt.base, tt.inc, tc, err, tt.want)
			continue
		}
		if tc.Mode() != ModeWholeGame || tc.Base() != tt.base || tc.Increment() != tt.inc ||
			tc.PerMove() != 0 || tc.Initial() != tt.base || !tc.Timed() || tc.Untimed() {
			t.Errorf("%v: accessors wrong", tc)
		}
	}
}

func TestNewPerMove(t *testing.T) {
	tests := []struct {
		d      time.Duration
		want   string
		reason string
	}{
		{5 * time.Second, "move:5s", ""},
		{30 * time.Second, "move:30s", ""},
		{90 * time.Second, "move:90s", ""},
		{2 * time.Minute, "move:2m", ""},
		{time.Hour, "move:60m", ""},
		{4 * time.Second, "", "below the minimum of 5 s"},
		{0, "", "must be positive"},
		{-time.Minute, "", "must be positive"},
		{time.Hour + time.Second, "", "above the maximum of 60 min"},
		{5500 * time.Millisecond, "", "whole number of seconds"},
	}
	for _, tt := range tests {
		tc, err := NewPerMove(tt.d)
		if tt.want == "" {
			if !errors.Is(err, ErrBadTimeControl) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("NewPerMove(%v) = %v, %v; want error with %q", tt.d, tc, err, tt.reason)
			}
			continue
		}
		if err != nil || tc.String() != tt.want {
			t.Errorf("NewPerMove(%v) = %q, %v; want %q", tt.d, tc, err, tt.want)
			continue
		}
		if tc.Mode() != ModePerMove || tc.PerMove() != tt.d || tc.Base() != 0 || tc.Increment() != 0 ||
			tc.Initial() != tt.d || !tc.Timed() || tc.Untimed() {
			t.Errorf("%v: accessors wrong", tc)
		}
	}
}

func TestUntimedAndZero(t *testing.T) {
	u := NewUntimed()
	if !u.Untimed() || u.Timed() || u.IsZero() || u.Mode() != ModeUntimed || u.Initial() != 0 ||
		u.String() != "untimed" || u.PGN() != "-" {
		t.Errorf("untimed: %+v", u)
	}
	var z TimeControl
	if !z.IsZero() || z.Untimed() || z.Timed() || z.String() != "" || z.PGN() != "?" || z.Mode().String() != "none" {
		t.Errorf("zero: %+v", z)
	}
	if _, err := z.MarshalText(); !errors.Is(err, ErrBadTimeControl) {
		t.Errorf("zero MarshalText error = %v", err)
	}
}

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		text   string
		want   string // canonical text, "" for an error
		reason string
	}{
		{"5+3", "5+3", ""},
		{"10+0", "10+0", ""},
		{"180+10", "180+10", ""},
		{"1+0", "1+0", ""},
		{"05+03", "5+3", ""},
		{"move:30s", "move:30s", ""},
		{"move:60s", "move:1m", ""},
		{"move:2m", "move:2m", ""},
		{"move:5s", "move:5s", ""},
		{"move:3600s", "move:60m", ""},
		{"move:1h", "move:60m", ""},
		{"untimed", "untimed", ""},

		{"", "", "want minutes+seconds"},
		{"5", "", "want minutes+seconds"},
		{"5+", "", "want minutes+seconds"},
		{"+3", "", "want minutes+seconds"},
		{"5+3+1", "", "want minutes+seconds"},
		{" 5+3", "", "want minutes+seconds"},
		{"5 + 3", "", "want minutes+seconds"},
		{"5+٣", "", "want minutes+seconds"},
		{"+5+3", "", "want minutes+seconds"},
		{"1.5+0", "", "want minutes+seconds"},
		{"5+11", "", "increment 11 s is above the maximum of 10 s"},
		{"0+5", "", "base time must be positive"},
		{"-5+3", "", "base time must be positive"},
		{"5+-3", "", "increment must not be negative"},
		{"181+0", "", "base time 181 min is above the maximum of 180 min"},
		{"9999999+0", "", "want minutes+seconds"},
		{"move:30s+2", "", "per-move clock takes no increment"},
		{"move:30", "", "needs a unit"},
		{"move:4s", "", "below the minimum of 5 s"},
		{"move:0s", "", "must be positive"},
		{"move:-30s", "", "must be positive"},
		{"move:61m", "", "above the maximum of 60 min"},
		{"move:2h", "", "above the maximum of 60 min"},
		{"move:3601s", "", "above the maximum of 60 min"},
		{"move:s", "", "want \"move:\""},
		{"move:", "", "want \"move:\""},
		{"move:1d", "", "needs a unit"},
		{"move:xs", "", "not a number"},
		{"Untimed", "", "want minutes+seconds"},
		{"-", "", "want minutes+seconds"},
	}
	for _, tt := range tests {
		tc, err := ParseTimeControl(tt.text)
		if tt.want == "" {
			if !errors.Is(err, ErrBadTimeControl) || !strings.Contains(err.Error(), tt.reason) || CodeOf(err) != CodeBadTimeControl {
				t.Errorf("ParseTimeControl(%q) = %v, %v; want error with %q", tt.text, tc, err, tt.reason)
			}
			continue
		}
		if err != nil || tc.String() != tt.want {
			t.Errorf("ParseTimeControl(%q) = %q, %v; want %q", tt.text, tc, err, tt.want)
		}
	}
}

func TestTimeControlErrorQuotesLongInput(t *testing.T) {
	_, err := ParseTimeControl(strings.Repeat("9", 10000))
	if err == nil || len(err.Error()) > 200 {
		t.Errorf("error for a long input: %d bytes", len(err.Error()))
	}
}

func TestTimeControlPGN(t *testing.T) {
	tests := []struct {
		text, pgn string
	}{
		{"5+3", "300+3"},
		{"10+0", "600+0"},
		{"180+10", "10800+10"},
		{"move:30s", "1/30"},
		{"move:1m", "1/60"},
		{"untimed", "-"},
	}
	for _, tt := range tests {
		tc, err := ParseTimeControl(tt.text)
		if err != nil {
			t.Fatal(err)
		}
		if got := tc.PGN(); got != tt.pgn {
			t.Errorf("%v.PGN() = %q, want %q", tc, got, tt.pgn)
		}
		back, err := ParsePGNTimeControl(tt.pgn)
		if err != nil || back != tc {
			t.Errorf("ParsePGNTimeControl(%q) = %v, %v; want %v", tt.pgn, back, err, tc)
		}
	}
}

func TestParsePGNTimeControl(t *testing.T) {
	tests := []struct {
		value  string
		want   string // compact text, "" for an error
		reason string
	}{
		{"600", "10+0", ""},
		{"60+1", "1+1", ""},
		{"1/5", "move:5s", ""},
		{"1/3600", "move:60m", ""},
		{"?", "", "unknown"},
		{"*60", "", "sandclock"},
		{"40/7200:3600", "", "multi-period"},
		{"40/7200", "", "one move"},
		{"1/4", "", "below the minimum"},
		{"1/30+2", "", "want moves/seconds"},
		{"90+0", "", "whole number of minutes"},
		{"300+11", "", "above the maximum of 10 s"},
		{"300+", "", "want seconds+seconds"},
		{"", "", "want seconds+seconds"},
		{"10860+0", "", "above the maximum of 180 min"},
		{"0", "", "must be positive"},
		{"untimed", "", "want seconds+seconds"},
		{"5+3", "", "whole number of minutes"},
	}
	for _, tt := range tests {
		tc, err := ParsePGNTimeControl(tt.value)
		if tt.want == "" {
			if !errors.Is(err, ErrBadTimeControl) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("ParsePGNTimeControl(%q) = %v, %v; want error with %q", tt.value, tc, err, tt.reason)
			}
			continue
		}
		if err != nil || tc.String() != tt.want {
			t.Errorf("ParsePGNTimeControl(%q) = %q, %v; want %q", tt.value, tc, err, tt.want)
		}
	}
}

func TestTimeControlJSON(t *testing.T) {
	type game struct {
		TC TimeControl `json:"tc"`
	}
	for _, text := range []string{"5+3", "move:30s", "untimed"} {
		tc, _ := ParseTimeControl(text)
		b, err := json.Marshal(game{tc})
		if err != nil || string(b) != `{"tc":"`+text+`"}` {
			t.Errorf("marshal %v = %s, %v", tc, b, err)
		}
		var back game
		if err := json.Unmarshal(b, &back); err != nil || back.TC != tc {
			t.Errorf("unmarshal %s = %v, %v", b, back.TC, err)
		}
	}
	var g game
	if err := json.Unmarshal([]byte(`{"tc":"5+11"}`), &g); !errors.Is(err, ErrBadTimeControl) {
		t.Errorf("unmarshal 5+11 error = %v", err)
	}
	if _, err := json.Marshal(game{}); !errors.Is(err, ErrBadTimeControl) {
		t.Errorf("marshal zero error = %v", err)
	}
}

func TestModeString(t *testing.T) {
	for m, want := range map[Mode]string{0: "none", ModeUntimed: "untimed", ModeWholeGame: "whole_game", ModePerMove: "per_move", 9: "mode(9)"} {
		if m.String() != want {
			t.Errorf("Mode(%d) = %q, want %q", m, m, want)
		}
	}
}

// checkParsed holds for every time control a parser accepts: it is valid by
// the constructors' rules, and its text and PGN forms read back to it.
func checkParsed(t *testing.T, tc TimeControl) {
	t.Helper()
	var again TimeControl
	var err error
	switch tc.Mode() {
	case ModeWholeGame:
		again, err = NewWholeGame(tc.Base(), tc.Increment())
	case ModePerMove:
		again, err = NewPerMove(tc.PerMove())
	case ModeCorrespondence:
		again, err = NewCorrespondence(tc.Days())
	case ModeUntimed:
		again = NewUntimed()
	default:
		t.Fatalf("parsed a time control of mode %v", tc.Mode())
	}
	if err != nil || again != tc {
		t.Fatalf("%v does not pass its constructor: %v", tc, err)
	}
	s := tc.String()
	if back, err := ParseTimeControl(s); err != nil || back != tc || back.String() != s {
		t.Fatalf("%q reads back as %v, %v", s, back, err)
	}
	if back, err := ParsePGNTimeControl(tc.PGN()); err != nil || back != tc {
		t.Fatalf("PGN %q reads back as %v, %v", tc.PGN(), back, err)
	}
}

func checkParseError(t *testing.T, err error) {
	t.Helper()
	var ge *Error
	if !errors.As(err, &ge) || ge.Code != CodeBadTimeControl || !strings.HasPrefix(err.Error(), "game: bad time control") {
		t.Fatalf("error %v is not a bad time control", err)
	}
	if len(err.Error()) > 300 {
		t.Fatalf("error message of %d bytes", len(err.Error()))
	}
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"5+3", "10+0", "180+10", "181+0", "5+11", "move:30s", "move:2m", "move:30s+2", "untimed", "", "0+0", "-1+0", "days:3", "days:4", "days:14"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		tc, err := ParseTimeControl(text)
		if err != nil {
			if !tc.IsZero() {
				t.Fatalf("error with a non-zero time control %v", tc)
			}
			checkParseError(t, err)
			return
		}
		checkParsed(t, tc)
	})
}

func FuzzParsePGNTimeControl(f *testing.F) {
	for _, s := range []string{"300+3", "600", "600+0", "1/30", "-", "?", "40/7200:3600", "*60", "10800+10", "1/259200", "1/345600", "1/1209600"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, value string) {
		tc, err := ParsePGNTimeControl(value)
		if err != nil {
			if !tc.IsZero() {
				t.Fatalf("error with a non-zero time control %v", tc)
			}
			checkParseError(t, err)
			return
		}
		checkParsed(t, tc)
	})
}

// TestTimeControlAppendText: AppendText appends String's text after what
// the buffer holds, in every mode, and into a buffer with room allocates
// nothing (a move's stored clock writes it).
func TestTimeControlAppendText(t *testing.T) {
	for _, text := range []string{"5+3", "180+0", "1+10", "move:30s", "move:2m", "days:3", "untimed"} {
		tc, err := ParseTimeControl(text)
		if err != nil {
			t.Fatalf("ParseTimeControl(%q): %v", text, err)
		}
		got, err := tc.AppendText([]byte("tc="))
		if err != nil || string(got) != "tc="+text || tc.String() != text {
			t.Errorf("%q: AppendText = %q, %v; String = %q", text, got, err, tc.String())
		}
		buf := make([]byte, 0, 32)
		if n := testing.AllocsPerRun(100, func() { buf, _ = tc.AppendText(buf[:0]) }); n != 0 {
			t.Errorf("%q: AppendText allocates %v times into a buffer with room", text, n)
		}
	}
	if got, err := (TimeControl{}).AppendText([]byte("x")); err != nil || string(got) != "x" {
		t.Errorf("the zero TimeControl appends %q, %v; want nothing", got, err)
	}
}
