package server

import (
	"context"
	"net/http"
	"sync"

	"github.com/joinpal/joinpal/schedule"
)

// handleScheduleSocket serves GET /api/schedule/socket: the signed-in
// user's notifications of scheduled games, one "schedule" frame per event
// of theirs (proposed, accepted, declined, canceled, expired, postponeAsked,
// postponed, postponeDeclined, postponeLapsed, soon, started, forfeited,
// checkedIn); see docs/PROTOCOL.md. Any page may keep it open (the
// browser's lib/notify.ts does) to show them without reloading.
func (s *Server) handleScheduleSocket(w http.ResponseWriter, r *http.Request) {
	who, ok := s.socketViewer(w, r)
	if !ok {
		return
	}
	if !who.Known() {
		s.writeError(w, r, newError(CodeUnauthorized, "not signed in"))
		return
	}
	if s.cfg.Schedule == nil {
		s.writeError(w, r, newError(CodeNotFound, "no scheduled games on this server"))
		return
	}
	sock, done, ok := s.upgrade(w, r)
	if !ok {
		return
	}
	defer done()
	ctx := context.WithoutCancel(r.Context())
	userID := who.User.ID
	events, cancel := s.cfg.Schedule.Events().Subscribe()
	defer func() { cancel() }()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case e, ok := <-events:
				if !ok {
					events, cancel = s.cfg.Schedule.Events().Subscribe()
					continue
				}
				if e.Concerns(userID) {
					sock.send(outFrame{T: "schedule", D: scheduleEventJSON(e)})
				}
			case <-sock.done:
				return
			}
		}
	}()
	sock.serve(ctx, func(f inFrame, _ []byte) {
		if f.T == "ping" {
			lag, _ := sock.lag.measured()
			sock.sendLossy(outFrame{T: "pong", D: map[string]int64{"lag": lag.Milliseconds()}})
			return
		}
		sock.send(errorFrame(sock.lang, 0, newError(CodeUnknownFrame, "unknown frame type", "type", clip(f.T))))
	})
	wg.Wait()
}

// scheduleEvent is one notification as sockets and the event stream send
// it.
type scheduleEvent struct {
	Type      schedule.EventType   `json:"type"`
	Scheduled schedule.Arrangement `json:"scheduled"`
	Minutes   int                  `json:"minutes,omitempty"`
	By        string               `json:"by,omitempty"`
}

func scheduleEventJSON(e schedule.Event) scheduleEvent {
	return scheduleEvent{Type: e.Type, Scheduled: e.Arrangement, Minutes: e.Minutes, By: e.By}
}
