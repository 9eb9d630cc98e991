package analysis

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package analysis, such
// as "analysis.busy".
type Code string

// The error codes of package analysis. They are part of JoinPal's API: a
// code never changes; a new one is added here, to [Codes], to both
// catalogues and to docs/ERRORS.md.
const (
	// CodeBusy: the queue is full.
	CodeBusy Code = "analysis.busy"
	// CodeTooMany: the user already has as many analyses waiting as one
	// user may.
	CodeTooMany Code = "analysis.too_many"
	// CodeInProgress: the game is not over; no analysis of a game being
	// played (fair play).
	CodeInProgress Code = "analysis.game_in_progress"
	// CodeNoMoves: the game has no move to analyse.
	CodeNoMoves Code = "analysis.no_moves"
	// CodeClosed: the queue has been closed.
	CodeClosed Code = "analysis.closed"
)

var codes = []coded.Info[Code]{
	{Code: CodeBusy, Params: []string{"waiting"}, When: "a request for a computer analysis when the queue already holds as many games as it may; it may be asked again later"},
	{Code: CodeTooMany, Params: []string{"max"}, When: "a request for a computer analysis by a user who already has max analyses waiting"},
	{Code: CodeInProgress, When: "a request for the computer analysis of a game that is not over: no engine help for a game being played"},
	{Code: CodeNoMoves, When: "a request for the computer analysis of a game without a move"},
	{Code: CodeClosed, When: "a request for a computer analysis while the server is stopping"},
}

// Codes lists every error code of package analysis with its parameters
// and when it is returned. The caller may change the slice it gets.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }

// Error is an error of package analysis: a stable Code, an English
// message, the parameters of its translation and an optional cause.
type Error = coded.Error[Code]

// Package names the package that owns the code: "analysis".
func (Code) Package() string { return "analysis" }

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }

// Sentinel errors, one per code, for errors.Is.
var (
	ErrBusy       = &Error{Code: CodeBusy, Msg: "the analysis queue is full"}
	ErrTooMany    = &Error{Code: CodeTooMany, Msg: "too many analyses waiting"}
	ErrInProgress = &Error{Code: CodeInProgress, Msg: "the game is not over"}
	ErrNoMoves    = &Error{Code: CodeNoMoves, Msg: "the game has no moves"}
	ErrClosed     = &Error{Code: CodeClosed, Msg: "closed"}
)
