package server

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/schedule"
)

// The scheduled games' HTTP API: /api/schedule… Times go out in
// UTC (RFC 3339) with the server's "now", so that a page counts down on
// the server's clock; a wall time comes in as the browser's
// datetime-local text with the IANA zone it was entered in (the browser's
// Intl.DateTimeFormat().resolvedOptions().timeZone): no zone is stored per
// user, each page shows times in the zone of the browser showing them.

// scheduleJSON is an arrangement as the API shows it, with its game's
// check-in state once it has one.
type scheduleJSON struct {
	schedule.Arrangement
	Game *game.ScheduleState `json:"game,omitempty"`
	URL  string              `json:"url"`
	// SuspendUntil is the last moment either player alone may suspend the
	// game (an hour before its start); MaxSuspensions how many times each
	// player may.
	SuspendUntil   time.Time `json:"suspendUntil"`
	MaxSuspensions int       `json:"maxSuspensions"`
}

// scheduleProposal is the body of POST /api/schedule.
type scheduleProposal struct {
	Opponent       string `json:"opponent"`
	Local          string `json:"local"`
	Zone           string `json:"zone"`
	TimeControl    string `json:"timeControl"`
	Rated          bool   `json:"rated"`
	Color          string `json:"color"`
	DefaultMinutes int    `json:"defaultMinutes"`
}

// schedulePostpone is the body of POST /api/schedule/{id}/postpone.
type schedulePostpone struct {
	Local string `json:"local"`
	Zone  string `json:"zone"`
}

func (s *Server) scheduleView(r *http.Request, a schedule.Arrangement) scheduleJSON {
	out := scheduleJSON{Arrangement: a, URL: siteURL(r) + "/schedule/" + a.ID,
		SuspendUntil: a.SuspendUntil(), MaxSuspensions: schedule.MaxSuspensions}
	if st, ok := s.cfg.Schedule.GameState(r.Context(), a); ok {
		out.Game = &st
	}
	return out
}

// scheduleAccount returns the signed-in account of r; guests are refused
// (scheduled games are between accounts).
func (s *Server) scheduleAccount(w http.ResponseWriter, r *http.Request, scope account.Scope) (Identity, bool) {
	if s.cfg.Schedule == nil {
		s.writeError(w, r, NewError(CodeNotFound, "no scheduled games on this server", nil))
		return Identity{}, false
	}
	who, ok := s.signedIn(w, r, scope)
	if !ok {
		return Identity{}, false
	}
	if who.User.Guest {
		s.writeError(w, r, schedule.NewError(schedule.CodeNeedsAccounts, "scheduled games are between accounts", nil))
		return Identity{}, false
	}
	return who, true
}

func schedulePlayer(u account.User) schedule.Player {
	return schedule.Player{ID: u.ID, Name: u.DisplayName}
}

// listSchedule serves GET /api/schedule: the requester's scheduled games
// (open ones, and those of the last day), by start.
func (s *Server) listSchedule(w http.ResponseWriter, r *http.Request) {
	who, ok := s.scheduleAccount(w, r, account.ScopeChallengeRead)
	if !ok {
		return
	}
	all, err := s.cfg.Schedule.List(r.Context(), who.User.ID)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := make([]scheduleJSON, 0, len(all))
	for _, a := range all {
		out = append(out, s.scheduleView(r, a))
	}
	writeJSON(w, http.StatusOK, map[string]any{"now": s.cfg.Schedule.Now(), "games": out})
}

// postSchedule serves POST /api/schedule: a game proposed to another
// account.
func (s *Server) postSchedule(w http.ResponseWriter, r *http.Request) {
	var req scheduleProposal
	if !s.decodeJSON(w, r, &req) {
		return
	}
	who, ok := s.scheduleAccount(w, r, account.ScopeChallengeWrite)
	if !ok {
		return
	}
	if err := s.charge(r, s.newGamesPerPlayer, who.User.ID); err != nil {
		s.writeError(w, r, err)
		return
	}
	tc, err := game.ParseTimeControl(req.TimeControl)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	dest, err := s.cfg.Accounts.UserByUsername(r.Context(), req.Opponent)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	a, err := s.cfg.Schedule.Propose(r.Context(), schedule.Proposal{
		Proposer: schedulePlayer(who.User), Opponent: schedulePlayer(dest), Local: req.Local, Zone: req.Zone,
		TimeControl: tc, Rated: req.Rated, Color: schedule.Color(req.Color),
		DefaultTime: time.Duration(req.DefaultMinutes) * time.Minute,
	})
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusCreated, s.scheduleView(r, a))
}

// ownSchedule reads the scheduled game of the request's {id} for a signed-in
// account that plays in it; a game of others is not found, as one that does
// not exist. It has answered the request when ok is false.
func (s *Server) ownSchedule(w http.ResponseWriter, r *http.Request) (a schedule.Arrangement, ok bool) {
	who, ok := s.scheduleAccount(w, r, account.ScopeChallengeRead)
	if !ok {
		return a, false
	}
	a, err := s.cfg.Schedule.Get(r.Context(), r.PathValue("id"))
	if err == nil && !a.Involves(who.User.ID) {
		err = schedule.NewError(schedule.CodeNotFound, "no such scheduled game", nil)
	}
	if err != nil {
		s.writeError(w, r, err)
		return a, false
	}
	return a, true
}

// showSchedule serves GET /api/schedule/{id}: one scheduled game, to its
// players, with the server's now.
func (s *Server) showSchedule(w http.ResponseWriter, r *http.Request) {
	a, ok := s.ownSchedule(w, r)
	if !ok {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"now": s.cfg.Schedule.Now(), "game": s.scheduleView(r, a)})
}

// scheduleAction serves the POST /api/schedule/{id}/… answers and requests.
func (s *Server) scheduleAction(action string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var body schedulePostpone
		if action == "postpone" && !s.decodeJSON(w, r, &body) {
			return
		}
		if action == "accept" && s.refuseWhileDraining(w, r) {
			return
		}
		who, ok := s.scheduleAccount(w, r, account.ScopeChallengeWrite)
		if !ok {
			return
		}
		ctx, id, me := r.Context(), r.PathValue("id"), who.User.ID
		svc := s.cfg.Schedule
		var (
			a   schedule.Arrangement
			err error
		)
		switch action {
		case "accept":
			a, err = svc.Accept(ctx, id, me)
		case "decline":
			a, err = svc.Decline(ctx, id, me)
		case "cancel":
			a, err = svc.Cancel(ctx, id, me)
		case "postpone":
			a, err = svc.AskPostpone(ctx, id, me, body.Local, body.Zone)
		case "postpone-accept":
			a, err = svc.AnswerPostpone(ctx, id, me, true)
		case "postpone-decline":
			a, err = svc.AnswerPostpone(ctx, id, me, false)
		case "suspend":
			a, err = svc.Suspend(ctx, id, me)
		case "checkin":
			a, _, err = svc.CheckIn(ctx, id, me)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, s.scheduleView(r, a))
	}
}

// scheduleICS serves GET /api/schedule/{id}/ics: the game as an iCalendar
// file, its texts in the requester's language.
func (s *Server) scheduleICS(w http.ResponseWriter, r *http.Request) {
	a, ok := s.ownSchedule(w, r)
	if !ok {
		return
	}
	lang := s.lang(r)
	params := map[string]string{"white": a.Proposer.Name, "black": a.Opponent.Name, "tc": icsClock(lang, a.TimeControl)}
	if a.White != nil && a.Black != nil {
		params["white"], params["black"] = a.White.Name, a.Black.Name
	}
	summary := i18n.Message(lang, "ui.schedule.ics.summary", params)
	desc := i18n.Message(lang, "ui.schedule.ics.description", params)
	host := r.Host
	if i := strings.IndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	url := siteURL(r) + "/schedule/" + a.ID
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="joinpal-%s.ics"`, a.ID))
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte(a.ICS(s.cfg.Schedule.Now(), host, url, summary, desc+"\n"+url)))
}

// icsClock writes a clock as the pages do ("5+3", "30 s", "1 min"): a
// calendar shows the summary to people, who do not read the API's
// "move:30s".
func icsClock(lang string, tc game.TimeControl) string {
	if tc.Mode() != game.ModePerMove {
		return tc.String()
	}
	d := tc.PerMove()
	if d%time.Minute == 0 {
		return i18n.Message(lang, "ui.home.clock.short_minutes", map[string]string{"minutes": fmt.Sprint(int(d / time.Minute))})
	}
	return i18n.Message(lang, "ui.home.clock.short_seconds", map[string]string{"seconds": fmt.Sprint(int(d / time.Second))})
}
