package ai

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package ai, such as
// "ai.busy".
type Code string

// The error codes of package ai. They are part of JoinPal's API: clients
// and the message catalogues of package i18n key on them, so an existing
// code never changes; a new one is added here, to [Codes], to both
// catalogues and to docs/ERRORS.md (go test ./i18n -run ErrorsDoc -update).
const (
	// CodeBusy: the pool's queue is full, or holds as many requests of the
	// same user as one user may have waiting; the request may be sent
	// again shortly.
	CodeBusy Code = "ai.busy"
	// CodeClosed: the pool or the player has been closed.
	CodeClosed Code = "ai.closed"
	// CodeBadLevel: a level that is none of the engine's levels.
	CodeBadLevel Code = "ai.bad_level"
	// CodeBadStart: a start position that is not a legal FEN position.
	CodeBadStart Code = "ai.bad_start"
	// CodeBadMove: a move of the game so far that is not legal where it
	// was played.
	CodeBadMove Code = "ai.bad_move"
	// CodeNoMove: the position has no legal move (the game is over).
	CodeNoMove Code = "ai.no_move"
)

var codes = []coded.Info[Code]{
	{Code: CodeBusy, When: "the AI's queue of searches is full (every worker busy and Config.QueueLimit requests waiting, or Config.UserQueueLimit of the same user's); the request may be sent again shortly"},
	{Code: CodeClosed, When: "a request to an AI pool or player that has been closed"},
	{Code: CodeBadLevel, Params: []string{"level", "min", "max"}, When: "an AI level that is none of the engine's levels (min to max)"},
	{Code: CodeBadStart, Params: []string{"fen"}, When: "an AI request whose start position is not a legal FEN position"},
	{Code: CodeBadMove, Params: []string{"move", "ply"}, When: "an AI request whose moves so far include one that is not legal where it was played"},
	{Code: CodeNoMove, When: "an AI request for a position without a legal move (the game is over)"},
}

// Codes lists every error code of package ai with its parameters and when
// it is returned. The caller may change the slice it gets.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }
