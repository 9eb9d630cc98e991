package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/server"
)

// parseRate reads a rate limit written N/PERIOD ("60/10m": 60 at once,
// then one every 10 s), PERIOD in time.ParseDuration's form.
func parseRate(s string) (server.Rate, error) {
	n, period, ok := strings.Cut(s, "/")
	if !ok {
		return server.Rate{}, errors.New("want N/PERIOD, e.g. 60/10m")
	}
	count, err := strconv.Atoi(n)
	if err != nil || count < 1 {
		return server.Rate{}, fmt.Errorf("N %q: want a whole number of at least 1", n)
	}
	d, err := time.ParseDuration(period)
	if err != nil || d <= 0 {
		return server.Rate{}, fmt.Errorf("PERIOD %q: want a positive duration such as 10m", period)
	}
	return server.Rate{N: count, Period: d}, nil
}

// formatRate writes r as parseRate reads it, without the zero seconds and
// minutes time.Duration writes ("10m", not "10m0s").
func formatRate(r server.Rate) string {
	p := r.Period.String()
	if strings.HasSuffix(p, "m0s") {
		p = strings.TrimSuffix(p, "0s")
	}
	if strings.HasSuffix(p, "h0m") {
		p = strings.TrimSuffix(p, "0m")
	}
	return strconv.Itoa(r.N) + "/" + p
}
