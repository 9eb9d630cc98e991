package main

import (
	"math"
	"testing"
)

// The collector's settings: a flag wins, then the environment's GOGC and
// GOMEMLIMIT (left to the runtime), then JoinPal's defaults.
func TestParseGCSettings(t *testing.T) {
	const gib = int64(1) << 30
	tests := []struct {
		name           string
		percent, limit string
		env            map[string]string
		available      int64
		want           gcSettings
		wantErr        bool
	}{
		{name: "defaults", available: 8 * gib,
			want: gcSettings{percent: defaultGCPercent, setPct: true, limit: 6 * gib, setLim: true}},
		{name: "defaults, memory unknown",
			want: gcSettings{percent: defaultGCPercent, setPct: true}},
		{name: "the environment's", env: map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}, available: 8 * gib,
			want: gcSettings{}},
		{name: "flags over the environment", percent: "200", limit: "1536MiB", env: map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"},
			want: gcSettings{percent: 200, setPct: true, limit: 1536 << 20, setLim: true}},
		{name: "off", percent: "off", limit: "off", available: 8 * gib,
			want: gcSettings{percent: -1, setPct: true, limit: math.MaxInt64, setLim: true}},
		{name: "bytes", limit: "1048576", want: gcSettings{percent: defaultGCPercent, setPct: true, limit: 1 << 20, setLim: true}},
		{name: "a percentage of 0", percent: "0", wantErr: true},
		{name: "a percentage that is no number", percent: "lots", wantErr: true},
		{name: "a size in an unknown unit", limit: "2GB", wantErr: true},
		{name: "a size of 0", limit: "0MiB", wantErr: true},
		{name: "a size too large", limit: "99999999999TiB", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseGCSettings(tc.percent, tc.limit, func(k string) string { return tc.env[k] }, tc.available)
			if (err != nil) != tc.wantErr {
				t.Fatalf("error %v, want one: %v", err, tc.wantErr)
			}
			if err == nil && got != tc.want {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}
