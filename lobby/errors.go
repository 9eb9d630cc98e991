package lobby

import (
	"fmt"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package lobby, such as
// "lobby.seek_exists". Codes are part of JoinPal's API (clients and the
// message catalogues key on them): never change the text of an existing code.
type Code string

// Error codes of package lobby. Add new ones here and to [Codes]; never
// rename one.
const (
	// CodeSeekExists: the owner already has an open seek with this time
	// control. Params: "time_control".
	CodeSeekExists Code = "lobby.seek_exists"
	// CodeSeekNotFound: no open seek has that id (it was paired, cancelled
	// or swept), or it belongs to someone else.
	CodeSeekNotFound Code = "lobby.seek_not_found"
	// CodeRatedNeedsAccounts: a rated seek or challenge involving a guest.
	CodeRatedNeedsAccounts Code = "lobby.rated_needs_accounts"
	// CodeBadColor: text that is not "white", "black" or "random".
	// Params: "color".
	CodeBadColor Code = "lobby.bad_color"
	// CodeBadRatingRange: a rating range whose bounds are out of order or
	// outside 0–4000. Params: "min", "max".
	CodeBadRatingRange Code = "lobby.bad_rating_range"
	// CodeBadDeclineReason: a decline reason that is not one of
	// [DeclineReasons]. Params: "reason".
	CodeBadDeclineReason Code = "lobby.bad_decline_reason"
	// CodeBadPlayer: a player without an id or a name.
	CodeBadPlayer Code = "lobby.bad_player"
	// CodeChallengeNotFound: no challenge has that id.
	CodeChallengeNotFound Code = "lobby.challenge_not_found"
	// CodeChallengeExists: a challenge was stored with an id already taken,
	// or a second rematch offer for the same game.
	CodeChallengeExists Code = "lobby.challenge_exists"
	// CodeChallengeClosed: the challenge is no longer open: it was
	// accepted, declined or cancelled.
	CodeChallengeClosed Code = "lobby.challenge_closed"
	// CodeChallengeExpired: the challenge expired unanswered.
	CodeChallengeExpired Code = "lobby.challenge_expired"
	// CodeOwnChallenge: someone challenged themselves, or opened their own
	// challenge link.
	CodeOwnChallenge Code = "lobby.own_challenge"
	// CodeNotYourChallenge: a direct challenge answered by someone it is not
	// addressed to, or cancelled by someone other than its challenger.
	CodeNotYourChallenge Code = "lobby.not_your_challenge"
	// CodeNotAPlayer: a rematch offered or answered by someone who did not
	// play the game.
	CodeNotAPlayer Code = "lobby.not_a_player"
	// CodeNoRematchOffer: a rematch declined when no offer is open.
	CodeNoRematchOffer Code = "lobby.no_rematch_offer"
	// CodeRematchDone: a rematch offered for a game whose rematch has
	// already started.
	CodeRematchDone Code = "lobby.rematch_done"
)

// Sentinel errors, one per code, for use with [errors.Is]: any *Error
// matches the sentinel of its code, whatever its message or parameters.
var (
	ErrSeekExists         = &Error{Code: CodeSeekExists, Msg: "an open seek with this time control exists"}
	ErrSeekNotFound       = &Error{Code: CodeSeekNotFound, Msg: "no such open seek"}
	ErrRatedNeedsAccounts = &Error{Code: CodeRatedNeedsAccounts, Msg: "rated games are only between accounts"}
	ErrBadColor           = &Error{Code: CodeBadColor, Msg: "bad colour"}
	ErrBadRatingRange     = &Error{Code: CodeBadRatingRange, Msg: "bad rating range"}
	ErrBadDeclineReason   = &Error{Code: CodeBadDeclineReason, Msg: "bad decline reason"}
	ErrBadPlayer          = &Error{Code: CodeBadPlayer, Msg: "bad player"}
	ErrChallengeNotFound  = &Error{Code: CodeChallengeNotFound, Msg: "no such challenge"}
	ErrChallengeExists    = &Error{Code: CodeChallengeExists, Msg: "challenge exists"}
	ErrChallengeClosed    = &Error{Code: CodeChallengeClosed, Msg: "the challenge is no longer open"}
	ErrChallengeExpired   = &Error{Code: CodeChallengeExpired, Msg: "the challenge has expired"}
	ErrOwnChallenge       = &Error{Code: CodeOwnChallenge, Msg: "one cannot play oneself"}
	ErrNotYourChallenge   = &Error{Code: CodeNotYourChallenge, Msg: "not your challenge"}
	ErrNotAPlayer         = &Error{Code: CodeNotAPlayer, Msg: "not a player of the game"}
	ErrNoRematchOffer     = &Error{Code: CodeNoRematchOffer, Msg: "no rematch offer"}
	ErrRematchDone        = &Error{Code: CodeRematchDone, Msg: "the rematch has already started"}
)

// Error is an error of package lobby: a stable Code for programs, a message
// for people, the parameters a translation of the message needs, and an
// optional cause. Its text is "lobby: " followed by the message and, if
// there is one, ": " and the cause.
//
// Two *Error values are the same error for [errors.Is] when their codes are
// equal; [errors.As] reaches the *Error and its Code; [CodeOf] is a
// shortcut.
type Error = coded.Error[Code]

// Package names the package that owns the code: "lobby".
func (Code) Package() string { return "lobby" }

// NewError returns an *Error with the given code, message (without the
// "lobby: " prefix) and cause (which may be nil); parameters are added with
// With.
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error in err's chain, or "" if there
// is none.
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }

// The errors a Store returns, built the same way by every store.

// SeekExistsError is the CodeSeekExists refusal of seek s.
func SeekExistsError(s Seek) *Error {
	return NewError(CodeSeekExists, fmt.Sprintf("%s already has an open %s seek", s.Owner.Name, s.TimeControl), nil).
		With("time_control", s.TimeControl.String())
}

// SeekNotFoundError is the CodeSeekNotFound refusal for seek id.
func SeekNotFoundError(id string) *Error {
	return NewError(CodeSeekNotFound, fmt.Sprintf("no open seek %q", coded.ClipParam(id)), nil)
}

// ChallengeNotFoundError is the CodeChallengeNotFound refusal for
// challenge id.
func ChallengeNotFoundError(id string) *Error {
	return NewError(CodeChallengeNotFound, fmt.Sprintf("no challenge %q", coded.ClipParam(id)), nil)
}

// ChallengeExistsError is the CodeChallengeExists refusal of challenge c.
func ChallengeExistsError(c Challenge) *Error {
	if c.RematchOf != "" {
		return NewError(CodeChallengeExists, fmt.Sprintf("challenge %q or a rematch of game %q exists", c.ID, c.RematchOf), nil)
	}
	return NewError(CodeChallengeExists, fmt.Sprintf("challenge %q exists", c.ID), nil)
}

// ChallengeClosedError is the CodeChallengeClosed refusal for challenge id,
// whose status is now status.
func ChallengeClosedError(id string, status Status) *Error {
	return NewError(CodeChallengeClosed, fmt.Sprintf("challenge %q is %s", coded.ClipParam(id), status), nil)
}
