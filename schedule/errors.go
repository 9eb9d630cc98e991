package schedule

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package schedule, such
// as "schedule.not_found". Codes are part of JoinPal's API: never change
// the text of an existing code.
type Code string

// Package names the package that owns the code: "schedule".
func (Code) Package() string { return "schedule" }

// Error is an error of package schedule: a stable Code, a message, the
// parameters of its translation and an optional cause; its text starts
// with "schedule: ".
type Error = coded.Error[Code]

// NewError returns an *Error with the given code, message (without the
// "schedule: " prefix) and cause (which may be nil); parameters are added
// with With.
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }

// Error codes of package schedule. Add new ones here and to [Codes].
const (
	// CodeNotFound: no arrangement has that id.
	CodeNotFound Code = "schedule.not_found"
	// CodeExists: an arrangement stored under an id already taken.
	CodeExists Code = "schedule.exists"
	// CodeConflict: an arrangement changed by someone else first (its
	// version moved); nothing changed.
	CodeConflict Code = "schedule.conflict"
	// CodeBadZone: a time zone that is not an IANA name. Params: "zone".
	CodeBadZone Code = "schedule.bad_zone"
	// CodeBadTime: a date and time that does not parse (want
	// YYYY-MM-DDTHH:MM). Params: "time".
	CodeBadTime Code = "schedule.bad_time"
	// CodeNoSuchLocalTime: a wall time skipped by a daylight-saving change
	// in that zone. Params: "time", "zone".
	CodeNoSuchLocalTime Code = "schedule.no_such_local_time"
	// CodeTooSoon: a proposal whose start is less than MinLead away.
	// Params: "minutes".
	CodeTooSoon Code = "schedule.too_soon"
	// CodeTooFar: a proposal whose start is more than MaxLead away. Params:
	// "days".
	CodeTooFar Code = "schedule.too_far"
	// CodeOwnProposal: a game proposed to oneself.
	CodeOwnProposal Code = "schedule.own_proposal"
	// CodeNotYours: an answer or request from someone the arrangement does
	// not allow (not its opponent, not one of its players).
	CodeNotYours Code = "schedule.not_yours"
	// CodeClosed: an answer to a proposal that is no longer open, or a
	// request on a game that is over. Params: "status".
	CodeClosed Code = "schedule.closed"
	// CodeNotAccepted: a postponement or check-in for a proposal not
	// accepted yet.
	CodeNotAccepted Code = "schedule.not_accepted"
	// CodeRequestPending: a postponement asked while another is unanswered.
	CodeRequestPending Code = "schedule.request_pending"
	// CodeNoRequest: a postponement answered when none is pending, or by
	// the player who asked.
	CodeNoRequest Code = "schedule.no_request"
	// CodePostponeLimit: a player's postponement requests used up. Params:
	// "max".
	CodePostponeLimit Code = "schedule.postpone_limit"
	// CodeBadDefaultTime: a default time outside 1–60 minutes. Params:
	// "minutes".
	CodeBadDefaultTime Code = "schedule.bad_default_time"
	// CodeBadColor: a colour that is not white, black or random. Params:
	// "color".
	CodeBadColor Code = "schedule.bad_color"
	// CodeNeedsAccounts: a proposal from or to a guest.
	CodeNeedsAccounts Code = "schedule.needs_accounts"
	// CodeSuspendLimit: a player's suspensions of one game used up.
	// Params: "max".
	CodeSuspendLimit Code = "schedule.suspend_limit"
)

// Sentinels, one per code, for errors.Is.
var (
	ErrNotFound        = &Error{Code: CodeNotFound, Msg: "no such scheduled game"}
	ErrExists          = &Error{Code: CodeExists, Msg: "scheduled game exists"}
	ErrConflict        = &Error{Code: CodeConflict, Msg: "changed by someone else first"}
	ErrBadZone         = &Error{Code: CodeBadZone, Msg: "bad time zone"}
	ErrBadTime         = &Error{Code: CodeBadTime, Msg: "bad date and time"}
	ErrNoSuchLocalTime = &Error{Code: CodeNoSuchLocalTime, Msg: "no such local time"}
	ErrTooSoon         = &Error{Code: CodeTooSoon, Msg: "too soon"}
	ErrTooFar          = &Error{Code: CodeTooFar, Msg: "too far ahead"}
	ErrOwnProposal     = &Error{Code: CodeOwnProposal, Msg: "a game proposed to oneself"}
	ErrNotYours        = &Error{Code: CodeNotYours, Msg: "not yours"}
	ErrClosed          = &Error{Code: CodeClosed, Msg: "no longer open"}
	ErrNotAccepted     = &Error{Code: CodeNotAccepted, Msg: "not accepted"}
	ErrRequestPending  = &Error{Code: CodeRequestPending, Msg: "a request is pending"}
	ErrNoRequest       = &Error{Code: CodeNoRequest, Msg: "no request to answer"}
	ErrPostponeLimit   = &Error{Code: CodePostponeLimit, Msg: "postponement requests used up"}
	ErrBadDefaultTime  = &Error{Code: CodeBadDefaultTime, Msg: "bad default time"}
	ErrNeedsAccounts   = &Error{Code: CodeNeedsAccounts, Msg: "scheduled games are between accounts"}
	ErrSuspendLimit    = &Error{Code: CodeSuspendLimit, Msg: "suspensions used up"}
)

var codes = []coded.Info[Code]{
	{Code: CodeNotFound, When: "a scheduled game id that no arrangement has"},
	{Code: CodeExists, When: "an arrangement stored under an id already taken"},
	{Code: CodeConflict, When: "an arrangement changed by someone else between reading and writing it (try again)"},
	{Code: CodeBadZone, Params: []string{"zone"}, When: "a time zone that is not an IANA name such as Europe/Madrid"},
	{Code: CodeBadTime, Params: []string{"time"}, When: "a date and time that is not YYYY-MM-DDTHH:MM"},
	{Code: CodeNoSuchLocalTime, Params: []string{"time", "zone"}, When: "a wall time that a daylight-saving change skips in that zone"},
	{Code: CodeTooSoon, Params: []string{"minutes"}, When: "a proposal that starts less than the minimum lead (minutes) from now"},
	{Code: CodeTooFar, Params: []string{"days"}, When: "a proposal that starts more than the maximum lead (days) from now"},
	{Code: CodeOwnProposal, When: "a game proposed to oneself"},
	{Code: CodeNotYours, When: "an answer to a proposal by someone other than its opponent, or a request by someone who does not play the game"},
	{Code: CodeClosed, Params: []string{"status"}, When: "an answer to a proposal that is no longer open (accepted, declined, expired, canceled), or a request on a game that is over"},
	{Code: CodeNotAccepted, When: "a postponement asked for a proposal not accepted yet"},
	{Code: CodeRequestPending, When: "a postponement asked while another request is unanswered"},
	{Code: CodeNoRequest, When: "a postponement answered when none is pending, or by the player who asked"},
	{Code: CodePostponeLimit, Params: []string{"max"}, When: "a player who has already asked to postpone the game the maximum number of times"},
	{Code: CodeBadDefaultTime, Params: []string{"minutes"}, When: "a default time outside 1 to 60 minutes"},
	{Code: CodeBadColor, Params: []string{"color"}, When: "a colour that is not white, black or random"},
	{Code: CodeNeedsAccounts, When: "a game proposed by or to a guest: scheduled games are between accounts"},
	{Code: CodeSuspendLimit, Params: []string{"max"}, When: "a player who has already suspended the game the maximum number of times"},
}

// Codes lists every error code of package schedule.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }
