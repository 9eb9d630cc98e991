// Package wsload loads a running JoinPal server over its real HTTP API and
// WebSockets: bot clients play many games at once with random legal moves
// at a set pace, and the report gives moves/s, the round trips (move sent →
// ack, move sent → the opponent's move event), errors, the sockets open and
// the server's CPU and memory. It talks only to loopback servers.
package wsload

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"time"
)

// MinThink is the shortest pace allowed: each side of a game sends a move
// every 2×Think, and the server closes a socket that sends more than 100
// frames in 20 s (docs/PROTOCOL.md), so a faster pace would measure the
// limit, not the server.
const MinThink = 250 * time.Millisecond

// Config is one run.
type Config struct {
	// Target is the server's base URL: http://127.0.0.1:PORT or
	// http://localhost:PORT (loopback only).
	Target string
	// Games is how many games are played at once.
	Games int
	// Think is the time between a game's moves (each side moves Think
	// after its opponent's move); at least MinThink.
	Think time.Duration
	// Duration is how long the measured phase lasts, after every game's
	// sockets are open.
	Duration time.Duration
	// SetupTimeout bounds the setup (guests, challenges, sockets).
	SetupTimeout time.Duration
	// TimeControl is the games' clock ("30+0" when empty): long enough
	// that no clock runs out during the run.
	TimeControl string
	// Guests is how many guests the load generator creates (an even
	// number ≥ 2; 8 when 0). The games are spread over their pairs. The
	// server allows 30 guests per address per 10 minutes by default.
	Guests int
	// Seed seeds the random moves.
	Seed uint64
	// ServerPID is the server's process when the caller started it: its
	// CPU and memory are then read from /proc. When 0, they come from the
	// server's /metrics.
	ServerPID int
	// Log receives the progress (nil: none): the setup's, then a line a
	// second of the moves, sockets and errors, with, in the measured
	// phase, the wall-clock time and that second's ack p99 and slowest.
	Log io.Writer
	// Barrier, when set, is called at StageStart and StageEnd and the run
	// waits for it: generators run side by side against one server (see
	// FileBarrier) then measure the same window, and none's setup or
	// sockets closing falls in another's measured phase. An error stops
	// the run.
	Barrier func(ctx context.Context, stage string) error
}

// Errors of a Config, with the package prefix.
var (
	ErrNotLoopback = errors.New("wsload: the target must be a loopback server (127.0.0.1, ::1 or localhost)")
	ErrBadConfig   = errors.New("wsload: bad configuration")
)

// withDefaults returns c with its zero fields set.
func (c Config) withDefaults() Config {
	if c.TimeControl == "" {
		c.TimeControl = "30+0"
	}
	if c.Guests == 0 {
		c.Guests = 8
	}
	if c.SetupTimeout == 0 {
		c.SetupTimeout = 5 * time.Minute
	}
	if c.Log == nil {
		c.Log = io.Discard
	}
	return c
}

// check refuses a Config that cannot run.
func (c Config) check() error {
	if _, err := LoopbackTarget(c.Target); err != nil {
		return err
	}
	switch {
	case c.Games <= 0:
		return fmt.Errorf("%w: games must be positive, not %d", ErrBadConfig, c.Games)
	case c.Think < MinThink:
		return fmt.Errorf("%w: think %s is below %s (the server allows 100 frames per socket in 20 s)", ErrBadConfig, c.Think, MinThink)
	case c.Duration <= 0:
		return fmt.Errorf("%w: duration must be positive", ErrBadConfig)
	case c.Guests < 2 || c.Guests%2 != 0:
		return fmt.Errorf("%w: guests must be an even number ≥ 2, not %d", ErrBadConfig, c.Guests)
	}
	return nil
}

// LoopbackTarget parses target, an http:// URL of a loopback host with a
// port, and returns it without path, query or trailing slash. Anything
// else is refused with ErrNotLoopback or ErrBadConfig.
func LoopbackTarget(target string) (*url.URL, error) {
	u, err := url.Parse(target)
	if err != nil {
		return nil, fmt.Errorf("%w: target %q: %v", ErrBadConfig, target, err)
	}
	if u.Scheme != "http" {
		return nil, fmt.Errorf("%w: target %q: want an http:// URL", ErrBadConfig, target)
	}
	if u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("%w: target %q: want only scheme, host and port", ErrBadConfig, target)
	}
	host := u.Hostname()
	if u.Port() == "" {
		return nil, fmt.Errorf("%w: target %q: no port", ErrBadConfig, target)
	}
	if host != "localhost" {
		ip := net.ParseIP(host)
		if ip == nil || !ip.IsLoopback() {
			return nil, fmt.Errorf("%w: %q", ErrNotLoopback, host)
		}
	}
	return &url.URL{Scheme: "http", Host: u.Host}, nil
}
