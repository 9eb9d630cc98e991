package main

import (
	"testing"
	"time"

	"github.com/joinpal/joinpal/server"
)

func TestParseRate(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want server.Rate
		bad  bool
	}{
		{in: "60/10m", want: server.Rate{N: 60, Period: 10 * time.Minute}},
		{in: "1000000/1s", want: server.Rate{N: 1000000, Period: time.Second}},
		{in: "5/1h30m", want: server.Rate{N: 5, Period: 90 * time.Minute}},
		{in: "60", bad: true},
		{in: "0/10m", bad: true},
		{in: "-1/10m", bad: true},
		{in: "x/10m", bad: true},
		{in: "60/", bad: true},
		{in: "60/0s", bad: true},
		{in: "60/-1m", bad: true},
		{in: "60/ten", bad: true},
	} {
		got, err := parseRate(tc.in)
		if tc.bad {
			if err == nil {
				t.Errorf("parseRate(%q) = %+v, want an error", tc.in, got)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("parseRate(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
}

// TestFormatRateRoundTrips: the default shown in --help reads back as itself.
func TestFormatRateRoundTrips(t *testing.T) {
	for _, r := range []server.Rate{server.DefaultLimits().NewGamesPerPlayer, {N: 3, Period: 2 * time.Hour}, {N: 7, Period: 90 * time.Second}} {
		s := formatRate(r)
		back, err := parseRate(s)
		if err != nil || back != r {
			t.Errorf("formatRate(%+v) = %q, read back as %+v, %v", r, s, back, err)
		}
	}
	if s := formatRate(server.DefaultLimits().NewGamesPerPlayer); s != "60/10m" {
		t.Errorf("the default is written %q", s)
	}
}
