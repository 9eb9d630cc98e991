package pgn

import (
	"reflect"
	"testing"
	"time"
)

func TestParseClock(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"0:03:00", 3 * time.Minute, true},
		{"1:02:03", time.Hour + 2*time.Minute + 3*time.Second, true},
		{"0:00:05.1", 5100 * time.Millisecond, true},
		{"0:00:05.25", 5250 * time.Millisecond, true},
		{"0:00:00.000000001", 1, true},
		{"12:00:00", 12 * time.Hour, true},
		{"0:3:0", 3 * time.Minute, true},
		{"2500000:59:59.999999999", 2500000*time.Hour + time.Hour - 1, true},
		{"2500001:00:00", 0, false},
		{"0:60:00", 0, false},
		{"0:00:60", 0, false},
		{"3:00", 0, false},
		{"0:00:05.", 0, false},
		{"0:00:05.1234567890", 0, false},
		{"-0:00:05", 0, false},
		{"a:00:00", 0, false},
		{"0:00:00:00", 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseClock(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseClock(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestFormatClock(t *testing.T) {
	tests := []struct {
		in   time.Duration
		want string
	}{
		{0, "0:00:00"},
		{3 * time.Minute, "0:03:00"},
		{time.Hour + 2*time.Minute + 3*time.Second, "1:02:03"},
		{5100 * time.Millisecond, "0:00:05.1"},
		{5250 * time.Millisecond, "0:00:05.25"},
		{1, "0:00:00.000000001"},
		{100 * time.Hour, "100:00:00"},
		{-time.Second, "0:00:00"},
	}
	for _, tt := range tests {
		got := formatClock(tt.in)
		if got != tt.want {
			t.Errorf("formatClock(%v) = %q, want %q", tt.in, got, tt.want)
		}
		if tt.in >= 0 {
			if back, ok := parseClock(got); !ok || back != tt.in {
				t.Errorf("parseClock(%q) = %v, %v; want %v", got, back, ok, tt.in)
			}
		}
	}
}

func TestTakeClock(t *testing.T) {
	tests := []struct {
		name     string
		in       []string
		want     []string
		clock    time.Duration
		hasClock bool
	}{
		{"none", nil, nil, 0, false},
		{"plain comment", []string{" a  good\nmove "}, []string{"a good move"}, 0, false},
		{"clock alone", []string{" [%clk 0:03:00] "}, nil, 3 * time.Minute, true},
		{"lichess", []string{" [%eval 0.36] [%clk 0:03:00] "}, []string{"[%eval 0.36]"}, 3 * time.Minute, true},
		{"clock and text", []string{"[%clk 0:00:05.5] Time trouble."}, []string{"Time trouble."}, 5500 * time.Millisecond, true},
		{"spaces inside", []string{"[%clk   1:00:00  ]"}, nil, time.Hour, true},
		{"first clock wins", []string{"x", "[%clk 0:00:01] [%clk 0:00:02]"}, []string{"x", "[%clk 0:00:02]"}, time.Second, true},
		{"malformed stays", []string{"[%clk 3:00] [%clk 0:00:07]"}, []string{"[%clk 3:00]"}, 7 * time.Second, true},
		{"no space", []string{"[%clk0:00:07]"}, []string{"[%clk0:00:07]"}, 0, false},
		{"unclosed", []string{"[%clk 0:00:07"}, []string{"[%clk 0:00:07"}, 0, false},
		{"empty comments dropped", []string{"", "  ", "x"}, []string{"x"}, 0, false},
	}
	for _, tt := range tests {
		got, clock, ok := takeClock(tt.in)
		if !reflect.DeepEqual(got, tt.want) || clock != tt.clock || ok != tt.hasClock {
			t.Errorf("%s: takeClock(%q) = %q, %v, %v; want %q, %v, %v", tt.name, tt.in, got, clock, ok, tt.want, tt.clock, tt.hasClock)
		}
	}
}
