package server

import (
	"context"
	"net/http"

	"github.com/joinpal/joinpal/schedule"
)

// handleScheduleSocket serves GET /api/schedule/socket: the signed-in
// user's notifications, one "schedule" frame per event of their scheduled
// games (proposed, accepted, declined, canceled, expired, postponeAsked,
// postponed, postponeDeclined, postponeLapsed, suspended, soon, started,
// forfeited, checkedIn) and one "newGame" frame per game a tournament's
// live round or an arena pairs for them; see docs/PROTOCOL.md. Any page
// may keep it open (the browser's lib/notify.ts does) to show them without
// reloading.
func (s *Server) handleScheduleSocket(w http.ResponseWriter, r *http.Request) {
	who, ok := s.socketViewer(w, r)
	if !ok {
		return
	}
	if !who.Known() || who.User.Guest {
		// Scheduled games and tournaments are between accounts: a guest
		// has none.
		s.writeError(w, r, NewError(CodeUnauthorized, "not signed in to an account", nil))
		return
	}
	if err := tokenRefusal(who, sent+frameSchedule); err != nil {
		s.writeError(w, r, err)
		return
	}
	if s.cfg.Schedule == nil {
		s.writeError(w, r, NewError(CodeNotFound, "no scheduled games on this server", nil))
		return
	}
	// Subscribed before the upgrade: a client whose socket is open hears
	// every event from then on (it need not ping first to be sure).
	sub := subscribe[notice](noticeFeed{s}, nil)
	sock, done, ok := s.upgrade(w, r, who)
	if !ok {
		sub.cancel()
		return
	}
	userID := who.User.ID
	s.detach(sock, done, func(ctx context.Context) {
		defer sub.cancel()
		listen(ctx, sock, sub, func(n notice) (outFrame, bool) { return s.noticeFrame(ctx, n, userID) })
	})
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
