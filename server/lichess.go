package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// This file holds what the endpoints that answer as lichess's API does
// (docs/LICHESS-API.md) share: their refusals, their bodies (form or
// JSON), and how they name users.

// lichessErrorJSON is a refusal as lichess answers it: {"error": "…"}, with
// JoinPal's stable code beside it (lichess's clients ignore it).
type lichessErrorJSON struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// lichessOK is lichess's answer to an action that succeeded.
var lichessOK = struct {
	OK bool `json:"ok"`
}{true}

// lichessStatusOf is the status lichess answers for a refusal JoinPal
// answers with status: lichess uses 400 for every refusal of an action but
// an unknown credential (401), a missing scope (403), a game or user not
// found (404) and a rate limit (429); a server fault stays what it is.
func lichessStatusOf(status int) int {
	switch {
	case status >= 500, status == http.StatusUnauthorized, status == http.StatusForbidden,
		status == http.StatusNotFound, status == http.StatusTooManyRequests:
		return status
	}
	return http.StatusBadRequest
}

// writeLichessError answers err as lichess does (lichessErrorJSON, with
// lichessStatusOf the status of its code), in the request's language. A
// 429 always says when to retry: the refusal's seconds, else the minute
// lichess asks its clients to wait.
func (s *Server) writeLichessError(w http.ResponseWriter, r *http.Request, err error) {
	d, status := s.refuse(w, r, err)
	if status == http.StatusTooManyRequests && w.Header().Get("Retry-After") == "" {
		w.Header().Set("Retry-After", lichessRetryAfter)
	}
	writeJSON(w, lichessStatusOf(status), lichessErrorJSON{Error: d.Message, Code: d.Code})
}

// lichessRetryAfter is the wait, in seconds, lichess asks of a client
// refused with 429 when the refusal does not say its own.
const lichessRetryAfter = "60"

// lichessSignedIn is signedIn answering its refusals as lichess does.
func (s *Server) lichessSignedIn(w http.ResponseWriter, r *http.Request, scope account.Scope) (Identity, bool) {
	who, err := s.viewer(r)
	switch {
	case err != nil:
		s.writeLichessError(w, r, err)
		return Identity{}, false
	case !who.Known():
		s.writeLichessError(w, r, NewError(CodeUnauthorized, "not signed in", nil))
		return Identity{}, false
	case !who.Allows(scope):
		s.writeLichessError(w, r, scopeRefusal(who, scope))
		return Identity{}, false
	}
	return who, true
}

// lichessForm reads the parameters of a request to one of lichess's
// endpoints: its query, and its body as a form
// (application/x-www-form-urlencoded, the default) or as a JSON object
// (application/json, read as strictly as every JSON body) whose strings,
// numbers and booleans become the parameters' texts; a body parameter
// overrides the query's. A text with a NUL or not UTF-8 is refused
// (server.bad_text), as everywhere.
func (s *Server) lichessForm(w http.ResponseWriter, r *http.Request) (url.Values, error) {
	out := url.Values{}
	for k, v := range r.URL.Query() {
		out[k] = v
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody))
	if err != nil {
		return nil, jsonError(err)
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		return out, nil
	}
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if mt == "application/json" {
		var obj map[string]any
		if err := decodeBytes(body, &obj); err != nil {
			return nil, err
		}
		for k, v := range obj {
			switch v := v.(type) {
			case string:
				out.Set(k, v)
			case bool, float64:
				out.Set(k, fmt.Sprint(v))
			case nil:
			default:
				return nil, NewError(CodeWrongType, "parameter "+k+" is not a string, number or boolean", nil).With("field", k)
			}
		}
		return out, nil
	}
	form, err := url.ParseQuery(string(body))
	if err != nil {
		return nil, NewError(CodeBadJSON, "the body is not a form", err)
	}
	for k, v := range form {
		for _, text := range append([]string{k}, v...) {
			if !utf8.ValidString(text) || strings.ContainsRune(text, 0) {
				return nil, NewError(CodeBadText, "a NUL character or text that is not UTF-8 in "+clip(k), nil).With("field", clip(k))
			}
		}
		out[k] = v
	}
	return out, nil
}

// lichessUserID is the id lichess's clients know a user by: an account's
// username in lower case (lichess's ids), a guest's own id.
func lichessUserID(u account.User) string {
	if u.Guest || u.Username == "" {
		return u.ID
	}
	return strings.ToLower(u.Username)
}

// lichessPlayerJSON is a player of a game as lichess's board API shows it
// (GameFullEvent's white and black).
type lichessPlayerJSON struct {
	ID          string  `json:"id"`
	Name        string  `json:"name"`
	Title       *string `json:"title"`
	Rating      int     `json:"rating,omitempty"`
	Provisional bool    `json:"provisional,omitempty"`
	AILevel     int     `json:"aiLevel,omitempty"`
}

// lichessPlayer is p as lichess shows a game's player, with its rating in
// speed.
func (s *Server) lichessPlayer(ctx context.Context, p game.Player, speed rating.Speed) lichessPlayerJSON {
	if p.IsAI() { // lichess's types want an id and a name even for the AI
		return lichessPlayerJSON{Name: aiName(p.AILevel), AILevel: p.AILevel}
	}
	out := lichessPlayerJSON{ID: p.ID, Name: p.Name, Rating: int(rating.New().Value), Provisional: true}
	u, err := s.cfg.Accounts.UserByID(ctx, p.ID)
	if err != nil {
		return out
	}
	out.ID = lichessUserID(u)
	if u.Bot {
		out.Title = &botTitle
	}
	if u.Guest || s.cfg.Ratings == nil {
		return out
	}
	if all, err := s.cfg.Ratings.Ratings(ctx, u.ID); err == nil {
		rt := all[speed]
		out.Rating, out.Provisional = int(rt.Value+0.5), rt.Provisional()
	}
	return out
}

// botTitle is the title lichess shows before a bot's name.
var botTitle = "BOT"

// aiName is the name of the AI at level in lichess's objects.
func aiName(level int) string { return "JoinPal AI level " + strconv.Itoa(level) }

// lichessVariantJSON is a game's variant: JoinPal plays standard chess.
type lichessVariantJSON struct {
	Key   string `json:"key"`
	Name  string `json:"name"`
	Short string `json:"short"`
}

var standardVariant = lichessVariantJSON{Key: "standard", Name: "Standard", Short: "Std"}

// lichessGameStatus is lichessStatus as the board API reports a game in
// play: a game nobody has moved in yet is "started" there too (JoinPal's
// "created" would tell lichess's clients that the game is over).
func lichessGameStatus(st game.Status, t game.Termination) string {
	if st == game.StatusCreated {
		return "started"
	}
	return lichessStatus(st, t)
}

// holdStream starts the answer of a request held open (a held seek or
// challenge): no read deadline, the status 200 with contentType, and for
// what follows line, which writes v as one JSON line, and keepAlive,
// which writes an empty one; each write must end within the socket's
// write timeout, so that a client that stops reading is cut off, and
// reports false when the client has gone. ok is false when the answer
// could not start.
func (s *Server) holdStream(w http.ResponseWriter, r *http.Request, contentType string) (line func(v any) bool, keepAlive func() bool, ok bool) {
	rc := http.NewResponseController(w)
	_ = rc.SetReadDeadline(time.Time{})
	writeTimeout := s.cfg.Socket.withDefaults().WriteTimeout
	deadline := func() { _ = rc.SetWriteDeadline(time.Now().Add(writeTimeout)) }
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	write := func(f func() error) bool {
		deadline()
		if f() != nil {
			return false
		}
		return rc.Flush() == nil
	}
	line = func(v any) bool { return write(func() error { return enc.Encode(v) }) }
	keepAlive = func() bool {
		return write(func() error {
			_, err := w.Write([]byte("\n"))
			return err
		})
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", "no-store")
	deadline()
	w.WriteHeader(http.StatusOK)
	return line, keepAlive, rc.Flush() == nil
}

// takeSocket counts a held answer of userID's (a stream, a held seek or
// challenge) against the caps of sockets, or refuses it as lichess does
// (429) and returns false; the caller defers release.
func (s *Server) takeSocket(w http.ResponseWriter, r *http.Request, userID string) (release func(), ok bool) {
	release, err := s.socketCaps.take(userID, clientIP(r))
	if err != nil {
		s.writeLichessError(w, r, err)
		return nil, false
	}
	return release, true
}
