package server

import (
	"net/http"
	"time"
)

// health is the answer of /healthz.
type health struct {
	// Status is "ok", "starting" (the runtime is resuming its games),
	// "store_down" (the store confirms no writes: moves are refused and the
	// games' clocks are held), "peers_down" (the link to the other nodes,
	// NATS, is broken: the games of other nodes cannot be played or
	// watched from here) or "stopping".
	Status string `json:"status"`
	// Reason says, when Status is "store_down", since when and the store's
	// last error; when "peers_down", the link's state.
	Reason string `json:"reason,omitempty"`
	// Games is the number of games running; Restoring the number that
	// failed to restore and are being retried.
	Games     int `json:"games"`
	Restoring int `json:"restoring"`
}

// healthz answers 200 once the runtime has resumed its games (SetReady)
// and until the server drains, unless the store confirms no writes; 503
// otherwise.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	h := health{Status: "ok"}
	var downSince time.Time
	var storeErr string
	if s.cfg.Runtime != nil {
		st := s.cfg.Runtime.Stats()
		h.Games, h.Restoring = st.Games, st.Pending
		downSince, storeErr = st.StoreDownSince, st.StoreError
	}
	status := http.StatusOK
	switch {
	case s.Draining():
		h.Status, status = "stopping", http.StatusServiceUnavailable
	case !s.ready.Load():
		h.Status, status = "starting", http.StatusServiceUnavailable
	case !downSince.IsZero():
		h.Status, status = "store_down", http.StatusServiceUnavailable
		h.Reason = "the store has confirmed no write since " + downSince.UTC().Format(time.RFC3339) + ": " + storeErr
	case s.cfg.Peers != nil && s.cfg.Peers() != nil:
		h.Status, status = "peers_down", http.StatusServiceUnavailable
		h.Reason = s.cfg.Peers().Error()
	}
	writeJSON(w, status, h)
}
