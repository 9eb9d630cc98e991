package wsload

import (
	"errors"
	"testing"
	"time"
)

func TestLoopbackTarget(t *testing.T) {
	tests := []struct {
		target string
		want   string
		err    error
	}{
		{"http://127.0.0.1:8080", "http://127.0.0.1:8080", nil},
		{"http://127.0.0.1:8080/", "http://127.0.0.1:8080", nil},
		{"http://localhost:9000", "http://localhost:9000", nil},
		{"http://[::1]:8080", "http://[::1]:8080", nil},
		{"http://127.3.2.1:8080", "http://127.3.2.1:8080", nil},
		{"http://example.com:8080", "", ErrNotLoopback},
		{"http://192.168.1.2:8080", "", ErrNotLoopback},
		{"http://0.0.0.0:8080", "", ErrNotLoopback},
		{"https://127.0.0.1:8080", "", ErrBadConfig},
		{"http://127.0.0.1", "", ErrBadConfig},
		{"http://127.0.0.1:8080/api", "", ErrBadConfig},
		{"http://u:p@127.0.0.1:8080", "", ErrBadConfig},
		{"127.0.0.1:8080", "", ErrBadConfig},
		{"", "", ErrBadConfig},
	}
	for _, tt := range tests {
		u, err := LoopbackTarget(tt.target)
		if !errors.Is(err, tt.err) || (err == nil && u.String() != tt.want) {
			t.Errorf("LoopbackTarget(%q) = %v, %v; want %q, %v", tt.target, u, err, tt.want, tt.err)
		}
	}
}

func TestConfigCheck(t *testing.T) {
	good := Config{Target: "http://127.0.0.1:1", Games: 1, Think: time.Second, Duration: time.Second}.withDefaults()
	if err := good.check(); err != nil {
		t.Fatalf("good config refused: %v", err)
	}
	tests := []struct {
		name string
		edit func(*Config)
	}{
		{"no games", func(c *Config) { c.Games = 0 }},
		{"think too short", func(c *Config) { c.Think = MinThink - 1 }},
		{"no duration", func(c *Config) { c.Duration = 0 }},
		{"odd guests", func(c *Config) { c.Guests = 3 }},
		{"not loopback", func(c *Config) { c.Target = "http://8.8.8.8:80" }},
	}
	for _, tt := range tests {
		c := good
		tt.edit(&c)
		if err := c.check(); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
}
