package ai

// CodeInfo describes one error code: the code, the names of the parameters
// its message uses, and when it is returned.
type CodeInfo struct {
	Code   string
	Params []string
	When   string
}

// The error codes of package ai. They are part of JoinPal's API: clients
// and the message catalogues of package i18n key on them, so an existing
// code never changes; a new one is added here, to [Codes], to both
// catalogues and to docs/ERRORS.md (go test ./i18n -run ErrorsDoc -update).
const (
	// CodeBusy: the pool's queue is full; the request may be sent again
	// shortly.
	CodeBusy = "ai.busy"
	// CodeClosed: the pool or the player has been closed.
	CodeClosed = "ai.closed"
	// CodeBadLevel: a level that is none of the engine's levels.
	CodeBadLevel = "ai.bad_level"
	// CodeBadStart: a start position that is not a legal FEN position.
	CodeBadStart = "ai.bad_start"
	// CodeBadMove: a move of the game so far that is not legal where it
	// was played.
	CodeBadMove = "ai.bad_move"
	// CodeNoMove: the position has no legal move (the game is over).
	CodeNoMove = "ai.no_move"
)

var codes = []CodeInfo{
	{CodeBusy, nil, "the AI's queue of searches is full (every worker busy and Config.QueueLimit requests waiting); the request may be sent again shortly"},
	{CodeClosed, nil, "a request to an AI pool or player that has been closed"},
	{CodeBadLevel, []string{"level", "min", "max"}, "an AI level that is none of the engine's levels (min to max)"},
	{CodeBadStart, []string{"fen"}, "an AI request whose start position is not a legal FEN position"},
	{CodeBadMove, []string{"move", "ply"}, "an AI request whose moves so far include one that is not legal where it was played"},
	{CodeNoMove, nil, "an AI request for a position without a legal move (the game is over)"},
}

// Codes lists every error code of package ai with its parameters and when
// it is returned. The caller may change the slice it gets.
func Codes() []CodeInfo {
	out := make([]CodeInfo, len(codes))
	copy(out, codes)
	return out
}
