package server

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/ai"
	"github.com/joinpal/joinpal/analysis"
	"github.com/joinpal/joinpal/arena"
	"github.com/joinpal/joinpal/chat"
	"github.com/joinpal/joinpal/club"
	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/internal/coded"
	"github.com/joinpal/joinpal/league"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/schedule"
)

// Code is a stable, machine-readable error code of package server, such as
// "server.bad_json". Codes are part of JoinPal's API: an existing code
// never changes.
type Code string

// The error codes of package server's HTTP refusals.
const (
	CodeBadJSON          Code = "server.bad_json"
	CodeUnknownField     Code = "server.unknown_field"
	CodeWrongType        Code = "server.wrong_type"
	CodeBodyTooLarge     Code = "server.body_too_large"
	CodeUnauthorized     Code = "server.unauthorized"
	CodeForbidden        Code = "server.forbidden"
	CodeAccountRequired  Code = "server.account_required"
	CodeHasAccount       Code = "server.has_account"
	CodeSessionRequired  Code = "server.session_required"
	CodeBadScope         Code = "server.bad_scope"
	CodeBadTokenName     Code = "server.bad_token_name"
	CodeTokenNotFound    Code = "server.token_not_found"
	CodeRateLimited      Code = "server.rate_limited"
	CodeCrossOrigin      Code = "server.cross_origin"
	CodeBadLanguage      Code = "server.bad_language"
	CodeNotFound         Code = "server.not_found"
	CodeMethodNotAllowed Code = "server.method_not_allowed"
	CodeRestarting       Code = "server.restarting"
	// CodeBusy: a log-in or sign-up that found every password-hashing
	// slot taken for longer than the server waits.
	CodeBusy Code = "server.busy"
	// CodeTooManySockets: a WebSocket upgrade past the cap on one user's
	// or one address's open sockets.
	CodeTooManySockets Code = "server.too_many_sockets"
	// CodeBadText: a path, query or JSON text that holds a NUL character
	// or is not valid UTF-8, refused before any handler reads it.
	CodeBadText Code = "server.bad_text"
	// CodeBotOnly: an endpoint of lichess's Bot API used by an account
	// that is not a bot.
	CodeBotOnly Code = "server.bot_only"
	// CodeNotForBots: a bot account using what bots may not (lichess's
	// board API, the lobby's seeks).
	CodeNotForBots Code = "server.not_for_bots"
	// CodeUnsupportedVariant: a game of lichess's API asked in a variant,
	// or from a position, that JoinPal does not play (it plays standard
	// chess from the start).
	CodeUnsupportedVariant Code = "server.unsupported_variant"
)

var codes = []coded.Info[Code]{
	{Code: CodeBadJSON, When: "a request body that is not one well-formed JSON value (empty, cut short, trailing data)"},
	{Code: CodeUnknownField, Params: []string{"field"}, When: "a request body with a field the endpoint does not know"},
	{Code: CodeWrongType, Params: []string{"field"}, When: "a request body field of the wrong JSON type"},
	{Code: CodeBadText, Params: []string{"field"}, When: "a path, a query parameter or a JSON string that holds a NUL character or is not valid UTF-8 (field: \"path\", the parameter, or the JSON field)"},
	{Code: CodeBodyTooLarge, Params: []string{"limit"}, When: "a request body larger than the server takes (limit in bytes)"},
	{Code: CodeUnauthorized, When: "a request that needs a signed-in user (a session cookie or an API token) and has none that is valid"},
	{Code: CodeForbidden, Params: []string{"scope"}, When: "an API token without the scope the endpoint needs"},
	{Code: CodeAccountRequired, When: "a guest asking for something only accounts have (API tokens)"},
	{Code: CodeSessionRequired, When: "API tokens or all sessions managed with an API token instead of a signed-in browser"},
	{Code: CodeHasAccount, When: "a sign-up from a browser already signed in to an account"},
	{Code: CodeBadScope, Params: []string{"scope"}, When: "an API token asked for with a scope that does not exist"},
	{Code: CodeBadTokenName, Params: []string{"max"}, When: "an API token's name that is empty or longer than the limit"},
	{Code: CodeTokenNotFound, Params: []string{"token"}, When: "a token id that is not one of the user's tokens"},
	{Code: CodeRateLimited, Params: []string{"seconds"}, When: "too many log-ins or sign-ups from one address or for one account, a log-in too soon after a wrong password for that username from that address, or new games asked by one player; retry after the seconds given"},
	{Code: CodeCrossOrigin, When: "a state-changing request or WebSocket upgrade sent by another site's page"},
	{Code: CodeBadLanguage, Params: []string{"lang"}, When: "a language setting other than es, en or empty (the browser's choice)"},
	{Code: CodeNotFound, When: "a path the server has no route for"},
	{Code: CodeMethodNotAllowed, Params: []string{"method"}, When: "a route asked with a method it does not take"},
	{Code: CodeRestarting, When: "a new game asked for while the server is stopping to restart"},
	{Code: CodeTooManySockets, Params: []string{"limit"}, When: "a WebSocket asked for by a user (account or guest) or an address that already has as many open as the server allows (limit); close one first"},
	{Code: CodeBusy, Params: []string{"seconds"}, When: "a log-in or sign-up while too many passwords are being checked at once; retry after the seconds given"},
	{Code: CodeBotOnly, When: "an endpoint of lichess's Bot API (/api/bot/...) used by an account that is not a bot (POST /api/bot/account/upgrade makes one)"},
	{Code: CodeNotForBots, When: "a bot account using lichess's board API or seeking in the lobby, which bots may not"},
	{Code: CodeUnsupportedVariant, Params: []string{"variant"}, When: "a challenge, seek or game against the AI of lichess's API in a variant other than standard, or from a position (fen; variant fromPosition), which JoinPal does not play"},
}

// Codes lists every error code of the package with its parameters.
func Codes() []coded.Info[Code] { return slices.Concat(codes, playCodes) }

// Error is a refusal of package server: a stable Code, an English message,
// the parameters of its translation and an optional cause; its text starts
// with "server: ". It is the shape every package shares (see package
// internal/coded).
type Error = coded.Error[Code]

// Package names the package that owns the code: "server".
func (Code) Package() string { return "server" }

// NewError returns an *Error with the code, message (without the
// "server: " prefix) and cause (which may be nil); parameters are added
// with With.
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// statuses is the one table from error code to HTTP status: every code of
// every package that has a status other than its family's (below) is
// here, and nowhere else.
var statuses = map[string]int{
	i18n.CodeInternal: http.StatusInternalServerError,

	string(CodeBodyTooLarge):     http.StatusRequestEntityTooLarge,
	string(CodeUnauthorized):     http.StatusUnauthorized,
	string(CodeForbidden):        http.StatusForbidden,
	string(CodeAccountRequired):  http.StatusForbidden,
	string(CodeHasAccount):       http.StatusConflict,
	string(CodeSessionRequired):  http.StatusForbidden,
	string(CodeTokenNotFound):    http.StatusNotFound,
	string(CodeRateLimited):      http.StatusTooManyRequests,
	string(CodeCrossOrigin):      http.StatusForbidden,
	string(CodeNotFound):         http.StatusNotFound,
	string(CodeMethodNotAllowed): http.StatusMethodNotAllowed,
	string(CodeRestarting):       http.StatusServiceUnavailable,
	string(CodeBusy):             http.StatusServiceUnavailable,
	string(CodeTooManySockets):   http.StatusTooManyRequests,
	string(CodeBotOnly):          http.StatusForbidden,
	string(CodeNotForBots):       http.StatusForbidden,
	string(CodeGameNotOver):      http.StatusConflict,

	string(account.CodeBadCredentials): http.StatusUnauthorized,
	string(account.CodeBadToken):       http.StatusUnauthorized,
	string(account.CodeUsernameTaken):  http.StatusConflict,
	string(account.CodeNotFound):       http.StatusNotFound,
	string(account.CodeBadHash):        http.StatusInternalServerError,

	string(game.CodeGameNotFound):     http.StatusNotFound,
	string(game.CodeGameExists):       http.StatusConflict,
	string(game.CodeNotAPlayer):       http.StatusForbidden,
	string(game.CodeNotYourTurn):      http.StatusConflict,
	string(game.CodePlyConflict):      http.StatusConflict,
	string(game.CodeStalePly):         http.StatusConflict,
	string(game.CodeGameOver):         http.StatusConflict,
	string(game.CodeDecided):          http.StatusConflict,
	string(game.CodeNotOwner):         http.StatusServiceUnavailable,
	string(game.CodeNoDrawOffer):      http.StatusConflict,
	string(game.CodeNoTakebackOffer):  http.StatusConflict,
	string(game.CodeTakebackNothing):  http.StatusConflict,
	string(game.CodeTakebackPending):  http.StatusConflict,
	string(game.CodeTakebackLimit):    http.StatusConflict,
	string(game.CodeTakebackRated):    http.StatusForbidden,
	string(game.CodeCannotAbort):      http.StatusConflict,
	string(game.CodeCannotBerserk):    http.StatusConflict,
	string(game.CodeClaimTooEarly):    http.StatusConflict,
	string(game.CodeOpponentPresent):  http.StatusConflict,
	string(game.CodeCannotClaim):      http.StatusConflict,
	string(game.CodeCannotPostpone):   http.StatusConflict,
	string(game.CodePostponeTooLate):  http.StatusConflict,
	string(game.CodeSuspendTooLate):   http.StatusConflict,
	string(game.CodeCheckInNotOpen):   http.StatusConflict,
	string(game.CodeNotScheduled):     http.StatusConflict,
	string(game.CodeNotStarted):       http.StatusConflict,
	string(game.CodeClockStopped):     http.StatusConflict,
	string(game.CodeClockPaused):      http.StatusServiceUnavailable,
	string(game.CodeBadClockSnapshot): http.StatusInternalServerError,
	string(game.CodeBadRecord):        http.StatusInternalServerError,

	string(live.CodeNodeBusy):     http.StatusServiceUnavailable,
	"sqlite.locked":               http.StatusServiceUnavailable, // a start refused: the server does not import the store
	string(live.CodeNotStored):    http.StatusServiceUnavailable,
	string(live.CodeUnavailable):  http.StatusServiceUnavailable,
	string(live.CodeStopping):     http.StatusServiceUnavailable,
	string(live.CodeMoveIDReused): http.StatusConflict,

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

	string(schedule.CodeNotFound):       http.StatusNotFound,
	string(schedule.CodeExists):         http.StatusConflict,
	string(schedule.CodeConflict):       http.StatusConflict,
	string(schedule.CodeNotYours):       http.StatusForbidden,
	string(schedule.CodeClosed):         http.StatusConflict,
	string(schedule.CodeNotAccepted):    http.StatusConflict,
	string(schedule.CodeRequestPending): http.StatusConflict,
	string(schedule.CodeNoRequest):      http.StatusConflict,
	string(schedule.CodePostponeLimit):  http.StatusConflict,
	string(schedule.CodeSuspendLimit):   http.StatusConflict,
	string(schedule.CodeNeedsAccounts):  http.StatusForbidden,

	string(chat.CodeTooFast):           http.StatusTooManyRequests,
	string(chat.CodeReadOnly):          http.StatusForbidden,
	string(chat.CodeNoLine):            http.StatusNotFound,
	string(club.CodeNotFound):          http.StatusNotFound,
	string(club.CodeNameTaken):         http.StatusConflict,
	string(club.CodeNeedsAccount):      http.StatusForbidden,
	string(club.CodeNotMember):         http.StatusConflict,
	string(club.CodeNotAdmin):          http.StatusForbidden,
	string(club.CodeNotOwner):          http.StatusForbidden,
	string(club.CodeAlreadyMember):     http.StatusConflict,
	string(club.CodeAlreadyRequested):  http.StatusConflict,
	string(club.CodeAlreadyInvited):    http.StatusConflict,
	string(club.CodeInvitationOnly):    http.StatusForbidden,
	string(club.CodeNoRequest):         http.StatusConflict,
	string(club.CodeNoInvitation):      http.StatusConflict,
	string(club.CodeSameRole):          http.StatusConflict,
	string(club.CodeOwnerUntouchable):  http.StatusForbidden,
	string(club.CodeOwnerMustTransfer): http.StatusConflict,
	string(club.CodeFull):              http.StatusConflict,
	string(club.CodeConflict):          http.StatusConflict,

	string(league.CodeNotFound):          http.StatusNotFound,
	string(league.CodeNeedsAccount):      http.StatusForbidden,
	string(league.CodeNameLength):        http.StatusBadRequest,
	string(league.CodeBadFormat):         http.StatusBadRequest,
	string(league.CodeBadRounds):         http.StatusBadRequest,
	string(league.CodeBadTimeControl):    http.StatusBadRequest,
	string(league.CodeBadMode):           http.StatusBadRequest,
	string(league.CodeBadTieBreak):       http.StatusBadRequest,
	string(league.CodeBadRatingRange):    http.StatusBadRequest,
	string(league.CodeBadMaxPlayers):     http.StatusBadRequest,
	string(league.CodeBadStart):          http.StatusBadRequest,
	string(league.CodeNotClubAdmin):      http.StatusForbidden,
	string(league.CodeNotOrganiser):      http.StatusForbidden,
	string(league.CodeNotClubMember):     http.StatusForbidden,
	string(league.CodeClosed):            http.StatusConflict,
	string(league.CodeFull):              http.StatusConflict,
	string(league.CodeAlreadyJoined):     http.StatusConflict,
	string(league.CodeNotJoined):         http.StatusConflict,
	string(league.CodeRatingOutside):     http.StatusForbidden,
	string(league.CodeTooFewPlayers):     http.StatusConflict,
	string(league.CodeNotRunning):        http.StatusConflict,
	string(league.CodeNotStarted):        http.StatusConflict,
	string(league.CodeAlreadyStarted):    http.StatusConflict,
	string(league.CodeAlreadyPaired):     http.StatusConflict,
	string(league.CodeRoundUnfinished):   http.StatusConflict,
	string(league.CodeNoMoreRounds):      http.StatusConflict,
	string(league.CodeNoPairing):         http.StatusConflict,
	string(league.CodeByeNotSwiss):       http.StatusConflict,
	string(league.CodeByeClosed):         http.StatusConflict,
	string(league.CodeByeLimit):          http.StatusConflict,
	string(league.CodeByeRound):          http.StatusBadRequest,
	string(league.CodeNoBoard):           http.StatusNotFound,
	string(league.CodeBadResult):         http.StatusBadRequest,
	string(league.CodeReasonRequired):    http.StatusBadRequest,
	string(league.CodeWithdrawn):         http.StatusConflict,
	string(league.CodeConflict):          http.StatusConflict,
	string(league.CodeGamesInPlay):       http.StatusConflict,
	string(league.CodeGameInPlay):        http.StatusConflict,
	string(league.CodeNotTournamentGame): http.StatusNotFound,
	string(arena.CodeNotFound):           http.StatusNotFound,
	string(arena.CodeNeedsAccount):       http.StatusForbidden,
	string(arena.CodeFinished):           http.StatusConflict,
	string(arena.CodeAlreadyJoined):      http.StatusConflict,
	string(arena.CodeNotJoined):          http.StatusConflict,
	string(arena.CodeFull):               http.StatusConflict,
	string(arena.CodeNotArenaGame):       http.StatusNotFound,
	string(arena.CodeNoBerserk):          http.StatusConflict,
	string(arena.CodeBerserkTooLate):     http.StatusConflict,
	string(arena.CodeAlreadyBerserk):     http.StatusConflict,
	string(arena.CodeGameEnded):          http.StatusConflict,
	string(arena.CodeUnavailable):        http.StatusServiceUnavailable,

	string(ai.CodeBusy):   http.StatusServiceUnavailable,
	string(ai.CodeClosed): http.StatusServiceUnavailable,

	string(analysis.CodeBusy):       http.StatusServiceUnavailable,
	string(analysis.CodeClosed):     http.StatusServiceUnavailable,
	string(analysis.CodeTooMany):    http.StatusTooManyRequests,
	string(analysis.CodeInProgress): http.StatusConflict,
	string(analysis.CodeNoMoves):    http.StatusConflict,
}

// families gives the status of every code of a package that statuses does
// not list, by the package's prefix (the code up to its first dot): the
// refusals of bad input, 400. A code of no family here was declared by no
// package the server knows: it is answered as internal.
var families = map[string]int{
	"account":  http.StatusBadRequest,
	"ai":       http.StatusBadRequest,
	"analysis": http.StatusBadRequest,
	"arena":    http.StatusBadRequest,
	"chat":     http.StatusBadRequest,
	"chess":    http.StatusBadRequest,
	"club":     http.StatusBadRequest,
	"game":     http.StatusBadRequest,
	"live":     http.StatusBadRequest,
	"lobby":    http.StatusBadRequest,
	"pgn":      http.StatusBadRequest,
	"schedule": http.StatusBadRequest,
	"server":   http.StatusBadRequest,
	"uci":      http.StatusBadRequest,
}

// statusOf returns the HTTP status of an error code from the table, or
// false for a code the table does not know.
func statusOf(code string) (int, bool) {
	if s, ok := statuses[code]; ok {
		return s, true
	}
	family, _, _ := strings.Cut(code, ".")
	s, ok := families[family]
	return s, ok
}

// Status returns the HTTP status of an error code: its row in the table,
// else its family's, else 500 (a code no package declares is internal).
func Status(code string) int {
	if s, ok := statusOf(code); ok {
		return s
	}
	return http.StatusInternalServerError
}

// errUndeclared stands for an error whose code no package declares: it is
// described as internal.
var errUndeclared = errors.New("server: undeclared error code")

// writeError answers err as JSON {code, reason, message, params} in the
// request's language, with the status of its code; a browser asking for a
// page outside the API (see wantsPage) is shown the error page instead
// when the status is 404 or 5xx. An error without a code
// is answered "internal" and logged with its cause; refusals are not
// logged.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	d, status := s.refuse(w, r, err)
	if (status == http.StatusNotFound || status >= 500) && wantsPage(r) {
		s.writePage(w, r, errorPage, status, map[string]string{"status": strconv.Itoa(status), "code": d.Code})
		return
	}
	writeJSON(w, status, d)
}

// refuse does what every answer to err does whatever its shape (JoinPal's
// or lichess's): err described in the request's language with the status
// of its code (an undeclared code as internal), logged when it is not the
// client's fault, counted, a 400's rate budget given back, Retry-After set
// for a rate limit or a busy server.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, err error) (i18n.Description, int) {
	d := s.reader(r).Describe(err)
	status, known := statusOf(d.Code)
	if !known {
		// A code no package declares: the client learns nothing of it.
		d, status = s.reader(r).Describe(errUndeclared), http.StatusInternalServerError
	}
	if d.Code == i18n.CodeInternal || status >= 500 {
		s.log.ErrorContext(r.Context(), "server: request failed", "method", r.Method, "path", r.URL.Path,
			"code", d.Code, "err", err)
	}
	s.metrics.refusal(d.Code)
	if status == http.StatusBadRequest {
		refund(r)
	}
	if limited, ok := errors.AsType[*Error](err); ok && (limited.Code == CodeRateLimited || limited.Code == CodeBusy) {
		w.Header().Set("Retry-After", limited.Params["seconds"])
	}
	return d, status
}

// retryAfter is the rate-limit refusal for a wait of d (whole seconds,
// rounded up, at least 1).
func retryAfter(secs float64) *Error {
	n := max(1, int(secs+0.999))
	return NewError(CodeRateLimited, "too many attempts", nil).With("seconds", strconv.Itoa(n))
}
