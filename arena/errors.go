package arena

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package arena, such as
// "arena.not_found". Codes are part of JoinPal's API: an existing code
// never changes.
type Code string

// Package names the package that owns the code: "arena".
func (Code) Package() string { return "arena" }

// Error is an error of package arena: a stable Code, an English message,
// the parameters of its translation and an optional cause; its text starts
// with "arena: ".
type Error = coded.Error[Code]

// NewError returns an *Error with the code, message (without the "arena: "
// prefix) and cause (which may be nil); parameters are added with With.
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }

// Error codes of package arena. Add new ones here and to [Codes].
const (
	CodeNotFound       Code = "arena.not_found"
	CodeNameLength     Code = "arena.name_length"
	CodeBadClock       Code = "arena.bad_clock"
	CodeBadDuration    Code = "arena.bad_duration"
	CodeBadStart       Code = "arena.bad_start"
	CodeNeedsAccount   Code = "arena.needs_account"
	CodeFinished       Code = "arena.finished"
	CodeAlreadyJoined  Code = "arena.already_joined"
	CodeNotJoined      Code = "arena.not_joined"
	CodeFull           Code = "arena.full"
	CodeNotArenaGame   Code = "arena.not_arena_game"
	CodeNoBerserk      Code = "arena.no_berserk"
	CodeBerserkTooLate Code = "arena.berserk_too_late"
	CodeAlreadyBerserk Code = "arena.already_berserk"
	CodeGameEnded      Code = "arena.game_ended"
	CodeUnavailable    Code = "arena.unavailable"
)

var codes = []coded.Info[Code]{
	{Code: CodeNotFound, When: "an arena id that no arena has"},
	{Code: CodeNameLength, Params: []string{"min", "max"}, When: "an arena name shorter than 3 or longer than 40 characters (once its spaces are tidied)"},
	{Code: CodeBadClock, When: "an arena clock that is not a whole-game clock of 1 to 60 minutes with an increment of 0 to 10 seconds"},
	{Code: CodeBadDuration, Params: []string{"min", "max"}, When: "an arena lasting fewer or more minutes than allowed"},
	{Code: CodeBadStart, When: "an arena starting in the past or more than 30 days ahead"},
	{Code: CodeNeedsAccount, When: "a guest creating or joining an arena: arenas are of accounts"},
	{Code: CodeFinished, When: "joining, or creating a game in, an arena whose time is over"},
	{Code: CodeAlreadyJoined, When: "joining an arena one is already playing in (not paused)"},
	{Code: CodeNotJoined, When: "pausing or berserking in an arena one has not joined"},
	{Code: CodeFull, Params: []string{"max"}, When: "joining an arena that has the most players an arena may have"},
	{Code: CodeNotArenaGame, When: "berserking in a game that is not an arena game of the player"},
	{Code: CodeNoBerserk, When: "berserking in an arena that does not allow it"},
	{Code: CodeBerserkTooLate, When: "berserking after one's first move, or in a game that has ended"},
	{Code: CodeAlreadyBerserk, When: "berserking twice in one game"},
	{Code: CodeUnavailable, When: "an arena command (join, pause, berserk) while no node runs the arenas within its lease, or the node that runs them did not answer; the runner changing hands (send it again)"},
	{Code: CodeGameEnded, When: "recording the end of an arena game whose end is recorded already (stores return it; the service ignores it)"},
}

// Codes lists every error code of package arena.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }

// NotFoundError is the refusal of an arena id that no arena has; stores
// return it.
func NotFoundError(id string) error {
	return NewError(CodeNotFound, "no arena "+coded.ClipParam(id), nil)
}

// GameEndedError is the refusal of a second end of one arena game; stores
// return it.
func GameEndedError(gameID string) error {
	return NewError(CodeGameEnded, "the end of game "+coded.ClipParam(gameID)+" is recorded already", nil)
}
