package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/rating"
)

// lichessChallengeKeys are the parameters that tell a JSON body of
// lichess's challenge endpoints from JoinPal's own (which has
// timeControl instead).
var lichessChallengeKeys = []string{"clock.limit", "clock.increment", "days"}

// lichessRequest reports whether r, to a path that JoinPal and lichess
// share, is in lichess's shape, and reads its parameters if so: a form
// body (application/x-www-form-urlencoded), or a JSON object with one of
// lichessChallengeKeys and no timeControl. A body in JoinPal's shape is
// left for its handler to read.
func (s *Server) lichessRequest(w http.ResponseWriter, r *http.Request) (url.Values, bool, error) {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch mt {
	case "application/x-www-form-urlencoded":
		form, err := s.lichessForm(w, r)
		return form, true, err
	case "application/json":
	default:
		return nil, false, nil
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	r.Body = io.NopCloser(bytes.NewReader(body))
	if err != nil {
		return nil, false, nil // the handler's own reading refuses it
	}
	var obj map[string]json.RawMessage
	if json.Unmarshal(body, &obj) != nil {
		return nil, false, nil
	}
	if _, joinpal := obj["timeControl"]; joinpal {
		return nil, false, nil
	}
	for _, k := range lichessChallengeKeys {
		if _, ok := obj[k]; ok {
			form, err := s.lichessForm(w, r)
			return form, true, err
		}
	}
	return nil, false, nil
}

// formInt reads a whole number parameter of form, def when absent.
func formInt(form url.Values, name string, def int) (int, error) {
	text := form.Get(name)
	if text == "" {
		return def, nil
	}
	// A JSON number arrives as its text: 300 or 300.0 alike.
	f, err := strconv.ParseFloat(text, 64)
	if err != nil || f < 0 || f != float64(int(f)) {
		return 0, NewError(CodeWrongType, "parameter "+name+" is not a whole number", nil).With("field", name)
	}
	return int(f), nil
}

// lichessTimeControlOf reads lichess's clock parameters: clock.limit and
// clock.increment in seconds, else days for correspondence, else none
// (unlimited).
func lichessTimeControlOf(form url.Values) (game.TimeControl, error) {
	if form.Has("clock.limit") || form.Has("clock.increment") {
		limit, err := formInt(form, "clock.limit", 0)
		if err != nil {
			return game.TimeControl{}, err
		}
		inc, err := formInt(form, "clock.increment", 0)
		if err != nil {
			return game.TimeControl{}, err
		}
		return game.NewWholeGame(time.Duration(limit)*time.Second, time.Duration(inc)*time.Second)
	}
	if form.Has("days") {
		days, err := formInt(form, "days", 0)
		if err != nil {
			return game.TimeControl{}, err
		}
		return game.NewCorrespondence(days)
	}
	return game.NewUntimed(), nil
}

// lichessStartFEN is the usual start position, which lichess's clients
// may send as a challenge's fen (chess.StartingFEN: the server reads
// positions only through the domain; a test holds the two equal).
const lichessStartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// lichessStandard refuses what lichess's requests may ask and JoinPal does
// not play (server.unsupported_variant): a variant other than standard, or
// a start position other than the usual one (fen; lichess's variant
// fromPosition).
func lichessStandard(form url.Values) error {
	variant := form.Get("variant")
	if fen := strings.TrimSpace(form.Get("fen")); fen != "" && fen != lichessStartFEN {
		variant = "fromPosition"
	}
	if variant == "" || variant == standardVariant.Key {
		return nil
	}
	return NewError(CodeUnsupportedVariant, "variant "+strconv.Quote(clip(variant))+" is not played", nil).With("variant", clip(variant))
}

// lichessPlay reads what a lichess challenge asks: its clock, the
// challenger's colour (random when absent) and whether it is rated; the
// variant must be standard (lichessStandard).
func lichessPlay(form url.Values) (game.TimeControl, lobby.Color, bool, error) {
	if err := lichessStandard(form); err != nil {
		return game.TimeControl{}, "", false, err
	}
	tc, err := lichessTimeControlOf(form)
	if err != nil {
		return tc, "", false, err
	}
	colorText := form.Get("color")
	if colorText == "" {
		colorText = string(lobby.Random)
	}
	color, err := lobby.ParseColor(colorText)
	return tc, color, form.Get("rated") == "true", err
}

// lichessNewGame is the start of every lichess request that may start a
// game: a form that reads, a server not stopping, a requester with scope,
// and one of their new games taken from the limit. On refusal it answers
// and returns false.
func (s *Server) lichessNewGame(w http.ResponseWriter, r *http.Request, scope account.Scope, formErr error) (Identity, bool) {
	if formErr != nil {
		s.writeLichessError(w, r, formErr)
		return Identity{}, false
	}
	if s.Draining() {
		s.writeLichessError(w, r, NewError(CodeRestarting, "the server is restarting", nil))
		return Identity{}, false
	}
	who, ok := s.lichessSignedIn(w, r, scope)
	if !ok {
		return Identity{}, false
	}
	if err := s.charge(r, s.newGamesPerPlayer, who.User.ID); err != nil {
		s.writeLichessError(w, r, err)
		return Identity{}, false
	}
	return who, true
}

// lichessChallenge serves a challenge in lichess's shape: POST
// /api/challenge/{username} (username set) or /api/challenge/open. The
// answer is the challenge as lichess shows it; with keepAliveStream=true
// (a direct challenge), it is held open as holdChallenge says.
func (s *Server) lichessChallenge(w http.ResponseWriter, r *http.Request, form url.Values, formErr error, username string) {
	who, ok := s.lichessNewGame(w, r, account.ScopeChallengeWrite, formErr)
	if !ok {
		return
	}
	tc, color, rated, err := lichessPlay(form)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	speed := rating.GameSpeed(tc)
	cr := lobby.ChallengeRequest{Challenger: s.lobbyPerson(r.Context(), who.User, speed), TimeControl: tc, Color: color, Rated: rated}
	if username != "" {
		dest, err := s.cfg.Accounts.UserByUsername(r.Context(), username)
		if err != nil {
			s.writeLichessError(w, r, err)
			return
		}
		p := s.lobbyPerson(r.Context(), dest, speed)
		cr.Dest = &p
	}
	if username != "" && form.Get("keepAliveStream") == "true" {
		s.holdChallenge(w, r, who, cr)
		return
	}
	c, err := s.cfg.Lobby.Challenge(r.Context(), cr)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	out := viewLichessChallenge(c, who.User.ID, siteURL(r))
	s.withTitles(r.Context(), &out, c)
	writeJSON(w, http.StatusOK, out)
}

// challengeDoneJSON is the last line of a held challenge's answer.
type challengeDoneJSON struct {
	Done string `json:"done"`
}

// challengeDone is the done line of a challenge that has reached status
// st, and false while it is open.
func challengeDone(st lobby.Status) (challengeDoneJSON, bool) {
	switch st {
	case lobby.Accepted:
		return challengeDoneJSON{"accepted"}, true
	case lobby.Declined:
		return challengeDoneJSON{"declined"}, true
	case lobby.Canceled, lobby.Expired:
		return challengeDoneJSON{"canceled"}, true
	}
	return challengeDoneJSON{}, false
}

// holdChallenge makes challenge cr and holds the request open, as
// lichess's keepAliveStream: NDJSON, the challenge first, an empty line
// every few seconds, and once the challenge is accepted, declined or
// cancelled (or expires), {"done": "accepted" | "declined" | "canceled"}
// and the end. A client that closes it first, or the server's shutdown,
// cancels the challenge. The answer counts as one of the user's sockets.
func (s *Server) holdChallenge(w http.ResponseWriter, r *http.Request, who Identity, cr lobby.ChallengeRequest) {
	release, ok := s.takeSocket(w, r, who.User.ID)
	if !ok {
		return
	}
	defer release()
	userID, lb := who.User.ID, s.cfg.Lobby
	// Subscribed before the challenge exists: no answer to it is missed.
	events, cancel := lb.Events().Subscribe()
	defer func() { cancel() }()
	c, err := lb.Challenge(r.Context(), cr)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	bg := context.WithoutCancel(r.Context())
	withdraw := func() { _, _ = lb.Cancel(bg, c.ID, userID) }
	line, keepAlive, ok := s.holdStream(w, r, "application/x-ndjson")
	tick := time.NewTicker(streamKeepAlive)
	defer tick.Stop()
	out := viewLichessChallenge(c, userID, siteURL(r))
	s.withTitles(r.Context(), &out, c)
	if !ok || !line(out) {
		withdraw()
		return
	}
	for {
		select {
		case e, ok := <-events:
			if !ok { // dropped: subscribe again and read where it stands
				events, cancel = lb.Events().Subscribe()
				if now, err := lb.Get(bg, c.ID); err == nil {
					e = lobby.Event{Type: lobby.ChallengeChanged, Challenge: &now}
				}
			}
			if e.Type != lobby.ChallengeChanged || e.Challenge == nil || e.Challenge.ID != c.ID {
				continue
			}
			if done, ok := challengeDone(e.Challenge.Status); ok {
				line(done)
				return
			}
		case <-tick.C:
			if !keepAlive() {
				withdraw()
				return
			}
			// The lobby expires a challenge when it is next read: past
			// its expiry, a read does it and tells it (a canceled line
			// follows).
			if !s.cfg.Now().Before(c.ExpiresAt) {
				_, _ = lb.Get(bg, c.ID)
			}
		case <-r.Context().Done():
			withdraw()
			return
		case <-s.stopping: // the challenge goes with its held request
			withdraw()
			return
		}
	}
}

// lichessAIGameJSON is lichess's answer to POST /api/challenge/ai: the
// game started.
type lichessAIGameJSON struct {
	ID        string             `json:"id"`
	FullID    string             `json:"fullId"`
	Variant   lichessVariantJSON `json:"variant"`
	Speed     string             `json:"speed"`
	Perf      string             `json:"perf"`
	Rated     bool               `json:"rated"`
	FEN       string             `json:"fen"`
	Turns     int                `json:"turns"`
	Source    string             `json:"source"`
	Status    lichessStatusJSON  `json:"status"`
	CreatedAt int64              `json:"createdAt"`
	Player    string             `json:"player"`
}

// lichessAIChallenge serves POST /api/challenge/ai in lichess's shape:
// level (1 to 8, JoinPal's levels by the same numbers), the clock, the
// requester's colour. The game starts at once.
func (s *Server) lichessAIChallenge(w http.ResponseWriter, r *http.Request, form url.Values, formErr error) {
	who, ok := s.lichessNewGame(w, r, account.ScopeChallengeWrite, formErr)
	if !ok {
		return
	}
	level, err := formInt(form, "level", 1)
	if err == nil {
		err = ai.CheckLevel(level)
	}
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	tc, color, _, err := lichessPlay(form)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	side := game.White
	switch color {
	case lobby.Black:
		side = game.Black
	case lobby.Random:
		var b [1]byte
		_, _ = rand.Read(b[:])
		if b[0]&1 == 1 {
			side = game.Black
		}
	}
	human := game.Player{ID: who.User.ID, Name: who.User.DisplayName}
	rec, ev, err := s.startAIGame(r.Context(), human, side, level, tc)
	if err != nil {
		s.writeLichessError(w, r, err)
		return
	}
	speed := string(rating.GameSpeed(tc))
	status := lichessGameStatus(ev.Status, ev.Termination)
	writeJSON(w, http.StatusCreated, lichessAIGameJSON{
		ID: rec.ID, FullID: rec.ID, Variant: standardVariant, Speed: speed, Perf: speed, FEN: ev.FEN, Turns: ev.Ply,
		Source: "ai", Status: lichessStatusJSON{ID: lichessStatusIDs[status], Name: status},
		CreatedAt: rec.CreatedAt.UnixMilli(), Player: side.String(),
	})
}
