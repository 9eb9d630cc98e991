package server

import (
	"context"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/rating"
)

// lichessSeekOf reads lichess's seek parameters: time (minutes) and
// increment (seconds), else days; color, rated, and ratingRange
// ("min-max"); the variant must be standard (lichessStandard).
func lichessSeekOf(form url.Values) (game.TimeControl, lobby.Color, bool, lobby.RatingRange, error) {
	var tc game.TimeControl
	err := lichessStandard(form)
	switch {
	case err != nil:
		return tc, "", false, lobby.RatingRange{}, err
	case form.Has("time"):
		minutes, perr := strconv.ParseFloat(form.Get("time"), 64)
		if perr != nil || minutes < 0 || math.IsInf(minutes, 0) {
			return tc, "", false, lobby.RatingRange{}, NewError(CodeWrongType, "parameter time is not a number of minutes", nil).With("field", "time")
		}
		inc, ierr := formInt(form, "increment", 0)
		if ierr != nil {
			return tc, "", false, lobby.RatingRange{}, ierr
		}
		tc, err = game.NewWholeGame(time.Duration(minutes*float64(time.Minute)), time.Duration(inc)*time.Second)
	case form.Has("days"):
		days, derr := formInt(form, "days", 0)
		if derr != nil {
			return tc, "", false, lobby.RatingRange{}, derr
		}
		tc, err = game.NewCorrespondence(days)
	default:
		return tc, "", false, lobby.RatingRange{}, NewError(CodeWrongType, "a seek needs time and increment, or days", nil).With("field", "time")
	}
	if err != nil {
		return tc, "", false, lobby.RatingRange{}, err
	}
	colorText := form.Get("color")
	if colorText == "" {
		colorText = string(lobby.Random)
	}
	color, err := lobby.ParseColor(colorText)
	if err != nil {
		return tc, "", false, lobby.RatingRange{}, err
	}
	var rr lobby.RatingRange
	if text := form.Get("ratingRange"); text != "" {
		lo, hi, ok := strings.Cut(text, "-")
		min, err1 := strconv.Atoi(lo)
		max, err2 := strconv.Atoi(hi)
		if !ok || err1 != nil || err2 != nil {
			return tc, "", false, rr, NewError(CodeWrongType, "ratingRange is min-max", nil).With("field", "ratingRange")
		}
		rr = lobby.RatingRange{Min: min, Max: max}
	}
	return tc, color, form.Get("rated") == "true", rr, nil
}

// boardSeek serves POST /api/board/seek, lichess's: a seek in the lobby
// (form or JSON: time in minutes and increment in seconds, or days; rated,
// color, ratingRange), held while the request is open: the answer is an
// empty line every few seconds until the seek is paired (the game starts
// on the event stream) and then ends; a client that closes it first
// cancels the seek. While it is open the requester counts as in the
// lobby, as with a lobby socket.
func (s *Server) boardSeek(w http.ResponseWriter, r *http.Request) {
	form, formErr := s.lichessForm(w, r)
	who, ok := s.lichessNewGame(w, r, account.ScopeBoardPlay, formErr)
	if !ok {
		return
	}
	if who.User.Bot {
		s.writeLichessError(w, r, NewError(CodeNotForBots, "a bot cannot seek in the lobby", nil))
		return
	}
	tc, color, rated, rr, err := lichessSeekOf(form)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	userID := who.User.ID
	release, ok := s.takeSocket(w, r, userID)
	if !ok {
		return
	}
	defer release()
	lb := s.cfg.Lobby
	bg := context.WithoutCancel(r.Context())
	if s.play.hub.join(lobbyPresence, userID) {
		_ = lb.OwnerConnected(bg, userID)
	}
	defer func() {
		if last, stopping := s.play.hub.part(lobbyPresence, userID); last && !stopping {
			_ = lb.OwnerGone(bg, userID)
		}
	}()
	events, cancel := lb.Events().Subscribe()
	defer func() { cancel() }()
	sr := lobby.SeekRequest{Owner: s.lobbyPerson(r.Context(), who.User, rating.GameSpeed(tc)), TimeControl: tc, Color: color, Rated: rated, Range: rr}
	res, err := lb.AddSeek(r.Context(), sr)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	_, keepAlive, _ := s.holdStream(w, r, "text/plain; charset=utf-8")
	if res.GameID != "" {
		return
	}
	seekID := res.Seek.ID
	tick := time.NewTicker(streamKeepAlive)
	defer tick.Stop()
	removed := false
	for {
		select {
		case e, ok := <-events:
			switch {
			case !ok:
				events, cancel = lb.Events().Subscribe()
			case e.Type == lobby.Paired && e.Concerns(userID):
				return
			case e.Type == lobby.SeekRemoved && e.Seek != nil && e.Seek.ID == seekID:
				removed = true // a pairing's event follows, or the seek was cancelled
			}
		case <-tick.C:
			if removed {
				return
			}
			if !keepAlive() {
				_ = lb.CancelSeek(bg, userID, seekID)
				return
			}
		case <-r.Context().Done():
			_ = lb.CancelSeek(bg, userID, seekID)
			return
		case <-s.stopping: // the seek goes with its owner's presence
			_ = lb.CancelSeek(bg, userID, seekID)
			return
		}
	}
}
