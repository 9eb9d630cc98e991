package server

import (
	"log"
	"net/http"
	"time"
)

// Timeouts are the deadlines of the HTTP server that serves the handler,
// so that a client that sends or reads slowly, or not at all, never holds
// a connection for long. A WebSocket leaves them behind once upgraded (its
// pings and SocketConfig.WriteTimeout watch it), and an event stream once
// its request is read (each of its lines must be written within
// SocketConfig.WriteTimeout). A zero field is its default.
type Timeouts struct {
	// Header is how long a request's headers may take to arrive (10 s).
	Header time.Duration
	// Request is how long a whole request, body included, may take to
	// arrive (30 s; bodies are at most Config.MaxBody).
	Request time.Duration
	// Write is how long the answer to a request may take to be written,
	// from the end of its headers (60 s).
	Write time.Duration
	// Idle is how long a kept-alive connection may wait for its next
	// request (2 min).
	Idle time.Duration
}

// The default Timeouts.
const (
	DefaultHeaderTimeout  = 10 * time.Second
	DefaultRequestTimeout = 30 * time.Second
	DefaultWriteTimeout   = 60 * time.Second
	DefaultIdleTimeout    = 2 * time.Minute
)

// WithDefaults returns t with its zero fields set to their defaults.
func (t Timeouts) WithDefaults() Timeouts {
	def := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	def(&t.Header, DefaultHeaderTimeout)
	def(&t.Request, DefaultRequestTimeout)
	def(&t.Write, DefaultWriteTimeout)
	def(&t.Idle, DefaultIdleTimeout)
	return t
}

// Apply sets hs's timeouts to t's (its defaults where zero).
func (t Timeouts) Apply(hs *http.Server) {
	t = t.WithDefaults()
	hs.ReadHeaderTimeout, hs.ReadTimeout, hs.WriteTimeout, hs.IdleTimeout = t.Header, t.Request, t.Write, t.Idle
}

// NewHTTPServer returns the HTTP server of handler with timeouts t, its
// errors logged to errorLog (the standard logger when nil).
func NewHTTPServer(handler http.Handler, t Timeouts, errorLog *log.Logger) *http.Server {
	hs := &http.Server{Handler: handler, ErrorLog: errorLog}
	t.Apply(hs)
	return hs
}
