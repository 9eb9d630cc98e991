package server

import "net/http"

// health is the answer of /healthz.
type health struct {
	// Status is "ok", "starting" (the runtime is resuming its games) or
	// "stopping".
	Status string `json:"status"`
	// Games is the number of games running; Restoring the number that
	// failed to restore and are being retried.
	Games     int `json:"games"`
	Restoring int `json:"restoring"`
}

// healthz answers 200 once the runtime has resumed its games (SetReady)
// and until the server drains; 503 otherwise.
func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	h := health{Status: "ok"}
	if s.cfg.Runtime != nil {
		st := s.cfg.Runtime.Stats()
		h.Games, h.Restoring = st.Games, st.Pending
	}
	status := http.StatusOK
	switch {
	case s.Draining():
		h.Status, status = "stopping", http.StatusServiceUnavailable
	case !s.ready.Load():
		h.Status, status = "starting", http.StatusServiceUnavailable
	}
	writeJSON(w, status, h)
}
