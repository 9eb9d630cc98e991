package server

import (
	"errors"
	"maps"
	"net/http"
	"strconv"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
)

// The error codes of package server. They are part of JoinPal's API: an
// existing code never changes.
const (
	CodeBadJSON          = "server.bad_json"
	CodeUnknownField     = "server.unknown_field"
	CodeWrongType        = "server.wrong_type"
	CodeBodyTooLarge     = "server.body_too_large"
	CodeUnauthorized     = "server.unauthorized"
	CodeForbidden        = "server.forbidden"
	CodeAccountRequired  = "server.account_required"
	CodeHasAccount       = "server.has_account"
	CodeSessionRequired  = "server.session_required"
	CodeBadScope         = "server.bad_scope"
	CodeBadTokenName     = "server.bad_token_name"
	CodeTokenNotFound    = "server.token_not_found"
	CodeRateLimited      = "server.rate_limited"
	CodeCrossOrigin      = "server.cross_origin"
	CodeBadLanguage      = "server.bad_language"
	CodeNotFound         = "server.not_found"
	CodeMethodNotAllowed = "server.method_not_allowed"
	CodeRestarting       = "server.restarting"
)

// CodeInfo describes one error code: the code, the names of the parameters
// its message uses, and when it is returned.
type CodeInfo struct {
	Code   string
	Params []string
	When   string
}

var codes = []CodeInfo{
	{CodeBadJSON, nil, "a request body that is not one well-formed JSON value (empty, cut short, trailing data)"},
	{CodeUnknownField, []string{"field"}, "a request body with a field the endpoint does not know"},
	{CodeWrongType, []string{"field"}, "a request body field of the wrong JSON type"},
	{CodeBodyTooLarge, []string{"limit"}, "a request body larger than the server takes (limit in bytes)"},
	{CodeUnauthorized, nil, "a request that needs a signed-in user (a session cookie or an API token) and has none that is valid"},
	{CodeForbidden, []string{"scope"}, "an API token without the scope the endpoint needs"},
	{CodeAccountRequired, nil, "a guest asking for something only accounts have (API tokens)"},
	{CodeSessionRequired, nil, "API tokens or all sessions managed with an API token instead of a signed-in browser"},
	{CodeHasAccount, nil, "a sign-up from a browser already signed in to an account"},
	{CodeBadScope, []string{"scope"}, "an API token asked for with a scope that does not exist"},
	{CodeBadTokenName, []string{"max"}, "an API token's name that is empty or longer than the limit"},
	{CodeTokenNotFound, []string{"token"}, "a token id that is not one of the user's tokens"},
	{CodeRateLimited, []string{"seconds"}, "too many log-ins or sign-ups from one address or for one account, or new games asked by one player; retry after the seconds given"},
	{CodeCrossOrigin, nil, "a state-changing request or WebSocket upgrade sent by another site's page"},
	{CodeBadLanguage, []string{"lang"}, "a language setting other than es, en or empty (the browser's choice)"},
	{CodeNotFound, nil, "a path the server has no route for"},
	{CodeMethodNotAllowed, []string{"method"}, "a route asked with a method it does not take"},
	{CodeRestarting, nil, "a new game asked for while the server is stopping to restart"},
}

// Codes lists every error code of the package with its parameters.
func Codes() []CodeInfo { return append(append([]CodeInfo(nil), codes...), playCodes...) }

// Error is a refusal of package server with a stable code and the
// parameters of its message.
type Error struct {
	Code   string
	Params map[string]string
	Msg    string
}

// Error returns "server: " and the English message.
func (e *Error) Error() string { return "server: " + e.Msg }

// ErrorCode returns the stable code.
func (e *Error) ErrorCode() string { return e.Code }

// ErrorParams returns a copy of the message's parameters.
func (e *Error) ErrorParams() map[string]string { return maps.Clone(e.Params) }

// Is reports whether target is an *Error with the same code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t != nil && t.Code == e.Code
}

// newError returns a refusal; params alternate names and values.
func newError(code, msg string, params ...string) *Error {
	var p map[string]string
	for i := 0; i+1 < len(params); i += 2 {
		if p == nil {
			p = map[string]string{}
		}
		p[params[i]] = params[i+1]
	}
	return &Error{Code: code, Params: p, Msg: msg}
}

// statuses is the one table from error code to HTTP status. A coded error
// whose code is not here is a refusal of bad input (400); an error without
// a code is internal (500).
var statuses = map[string]int{
	i18n.CodeInternal: http.StatusInternalServerError,

	CodeBadJSON:          http.StatusBadRequest,
	CodeUnknownField:     http.StatusBadRequest,
	CodeWrongType:        http.StatusBadRequest,
	CodeBodyTooLarge:     http.StatusRequestEntityTooLarge,
	CodeUnauthorized:     http.StatusUnauthorized,
	CodeForbidden:        http.StatusForbidden,
	CodeAccountRequired:  http.StatusForbidden,
	CodeHasAccount:       http.StatusConflict,
	CodeSessionRequired:  http.StatusForbidden,
	CodeBadScope:         http.StatusBadRequest,
	CodeBadTokenName:     http.StatusBadRequest,
	CodeTokenNotFound:    http.StatusNotFound,
	CodeRateLimited:      http.StatusTooManyRequests,
	CodeCrossOrigin:      http.StatusForbidden,
	CodeBadLanguage:      http.StatusBadRequest,
	CodeNotFound:         http.StatusNotFound,
	CodeMethodNotAllowed: http.StatusMethodNotAllowed,
	CodeRestarting:       http.StatusServiceUnavailable,
	CodeGameNotOver:      http.StatusConflict,

	account.CodeBadCredentials: http.StatusUnauthorized,
	account.CodeBadToken:       http.StatusUnauthorized,
	account.CodeUsernameTaken:  http.StatusConflict,
	account.CodeNotFound:       http.StatusNotFound,
	account.CodeBadHash:        http.StatusInternalServerError,

	string(game.CodeGameNotFound):     http.StatusNotFound,
	string(game.CodeGameExists):       http.StatusConflict,
	string(game.CodeNotAPlayer):       http.StatusForbidden,
	string(game.CodeNotYourTurn):      http.StatusConflict,
	string(game.CodePlyConflict):      http.StatusConflict,
	string(game.CodeStalePly):         http.StatusConflict,
	string(game.CodeGameOver):         http.StatusConflict,
	string(game.CodeNoDrawOffer):      http.StatusConflict,
	string(game.CodeCannotAbort):      http.StatusConflict,
	string(game.CodeCannotPostpone):   http.StatusConflict,
	string(game.CodeNotStarted):       http.StatusConflict,
	string(game.CodeClockStopped):     http.StatusConflict,
	string(game.CodeClockPaused):      http.StatusServiceUnavailable,
	string(game.CodeBadClockSnapshot): http.StatusInternalServerError,
	string(game.CodeBadRecord):        http.StatusInternalServerError,

	string(live.CodeNodeBusy):    http.StatusServiceUnavailable,
	string(live.CodeNotStored):   http.StatusServiceUnavailable,
	string(live.CodeUnavailable): http.StatusServiceUnavailable,
	string(live.CodeStopping):    http.StatusServiceUnavailable,

	string(lobby.CodeSeekExists):        http.StatusConflict,
	string(lobby.CodeSeekNotFound):      http.StatusNotFound,
	string(lobby.CodeChallengeNotFound): http.StatusNotFound,
	string(lobby.CodeChallengeExists):   http.StatusConflict,
	string(lobby.CodeChallengeClosed):   http.StatusConflict,
	string(lobby.CodeChallengeExpired):  http.StatusGone,
	string(lobby.CodeNotYourChallenge):  http.StatusForbidden,
	string(lobby.CodeNotAPlayer):        http.StatusForbidden,
	string(lobby.CodeNoRematchOffer):    http.StatusConflict,
	string(lobby.CodeRematchDone):       http.StatusConflict,

	ai.CodeBusy:   http.StatusServiceUnavailable,
	ai.CodeClosed: http.StatusServiceUnavailable,
}

// Status returns the HTTP status of an error code: the table's, 400 for
// any other code, 500 for internal.
func Status(code string) int {
	if s, ok := statuses[code]; ok {
		return s
	}
	return http.StatusBadRequest
}

// writeError answers err as JSON {code, reason, message, params} in the
// request's language, with the status of its code. An error without a code
// is answered "internal" and logged with its cause; refusals are not
// logged.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	d := s.reader(r).Describe(err)
	status := Status(d.Code)
	if d.Code == i18n.CodeInternal || status >= 500 {
		s.log.ErrorContext(r.Context(), "server: request failed", "method", r.Method, "path", r.URL.Path,
			"code", d.Code, "err", err)
	}
	s.metrics.refusal(d.Code)
	var limited *Error
	if errors.As(err, &limited) && limited.Code == CodeRateLimited {
		w.Header().Set("Retry-After", limited.Params["seconds"])
	}
	writeJSON(w, status, d)
}

// retryAfter is the rate-limit refusal for a wait of d (whole seconds,
// rounded up, at least 1).
func retryAfter(secs float64) *Error {
	n := max(1, int(secs+0.999))
	return newError(CodeRateLimited, "too many attempts", "seconds", strconv.Itoa(n))
}
