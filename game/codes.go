package game

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Error codes of playing and storing games. Like the others, they are part
// of JoinPal's API: never rename one.
const (
	// CodeGameExists: a game was created with an id already taken.
	CodeGameExists Code = "game.exists"
	// CodeGameNotFound: no game has that id.
	CodeGameNotFound Code = "game.not_found"
	// CodePlyConflict: a move was stored at a ply other than the next one.
	CodePlyConflict Code = "game.ply_conflict"
	// CodeStalePly: a client sent a move for a ply that is not the current
	// one (it has not seen the latest move yet).
	CodeStalePly Code = "game.stale_ply"
	// CodeIllegalMove: the move breaks the rules of chess (or is not a move).
	CodeIllegalMove Code = "game.illegal_move"
	// CodeGameOver: an action on a game that has ended or was aborted.
	CodeGameOver Code = "game.over"
	// CodeNotAPlayer: someone who does not play the game tried to act in it.
	CodeNotAPlayer Code = "game.not_a_player"
	// CodeNoDrawOffer: a draw was accepted or declined with no offer open
	// from the opponent.
	CodeNoDrawOffer Code = "game.no_draw_offer"
	// CodeCannotAbort: an abort after both sides have moved.
	CodeCannotAbort Code = "game.cannot_abort"
	// CodeCannotBerserk: a berserk after the player's first move, twice,
	// or in a game without a whole-game clock.
	CodeCannotBerserk Code = "game.cannot_berserk"
	// CodeBadPosition: a start position that is not a legal FEN.
	CodeBadPosition Code = "game.bad_position"
	// CodeBadGame: a game's settings are inconsistent (e.g. no id).
	CodeBadGame Code = "game.bad_game"
	// CodeCannotPostpone: a scheduled game postponed with less than the
	// required notice, or a game that is not scheduled.
	CodeCannotPostpone Code = "game.cannot_postpone"
	// CodeBadRecord: a stored game that cannot be replayed.
	CodeBadRecord Code = "game.bad_record"
	// CodeDecided: a write of a game that the store holds as ended or
	// aborted, other than the same end again: the game was decided
	// elsewhere, and the stored end stands.
	CodeDecided Code = "game.decided"
	// CodeNotOwner: a write of a game made under an ownership epoch older
	// than the game's: another node has claimed the game since.
	CodeNotOwner Code = "game.not_owner"
)

// Sentinel errors for the codes above, for use with errors.Is.
var (
	ErrGameExists     = &Error{Code: CodeGameExists, Msg: "game exists"}
	ErrGameNotFound   = &Error{Code: CodeGameNotFound, Msg: "game not found"}
	ErrPlyConflict    = &Error{Code: CodePlyConflict, Msg: "ply conflict"}
	ErrStalePly       = &Error{Code: CodeStalePly, Msg: "stale ply"}
	ErrIllegalMove    = &Error{Code: CodeIllegalMove, Msg: "illegal move"}
	ErrGameOver       = &Error{Code: CodeGameOver, Msg: "the game is over"}
	ErrNotAPlayer     = &Error{Code: CodeNotAPlayer, Msg: "not a player of this game"}
	ErrNoDrawOffer    = &Error{Code: CodeNoDrawOffer, Msg: "no draw offer"}
	ErrCannotAbort    = &Error{Code: CodeCannotAbort, Msg: "cannot abort"}
	ErrBadPosition    = &Error{Code: CodeBadPosition, Msg: "bad position"}
	ErrBadGame        = &Error{Code: CodeBadGame, Msg: "bad game"}
	ErrCannotPostpone = &Error{Code: CodeCannotPostpone, Msg: "cannot postpone"}
	ErrBadRecord      = &Error{Code: CodeBadRecord, Msg: "bad record"}
	ErrDecided        = &Error{Code: CodeDecided, Msg: "the stored game has ended"}
	ErrNotOwner       = &Error{Code: CodeNotOwner, Msg: "another node owns the game"}
)

// CodeNotStarted: a move in a scheduled game before its start time.
const CodeNotStarted Code = "game.not_started"

// ErrNotStarted is the sentinel of CodeNotStarted.
var ErrNotStarted = &Error{Code: CodeNotStarted, Msg: "the game has not started"}

// codes is the table behind [Codes], in the order of docs/ERRORS.md.
var codes = []coded.Info[Code]{
	{Code: CodeBadTimeControl, When: "a time control outside the allowed modes or limits, or text that does not parse as one"},
	{Code: CodeUntimedNotAllowed, When: "an untimed game requested against a human (untimed games are only allowed against the AI)"},
	{Code: CodeCorrespondenceNotAllowed, When: "a correspondence game (days per move) requested against the AI, or arranged for a date"},
	{Code: CodeNotYourTurn, When: "a player acted (moved, pressed the clock) out of turn"},
	{Code: CodeClockStopped, When: "the clock was asked to run after it stopped"},
	{Code: CodeClockPaused, When: "a move reached a clock paused for server downtime"},
	{Code: CodeBadClockSnapshot, When: "a stored clock snapshot is inconsistent"},
	{Code: CodeBadSide, When: `text that is not "white" or "black"`},
	{Code: CodeBadStatus, When: "an unknown status id or code"},
	{Code: CodeBadTermination, When: "an unknown termination id or code"},
	{Code: CodeBadResult, When: "an unknown result code"},
	{Code: CodeGameExists, When: "a game was created with an id already taken"},
	{Code: CodeGameNotFound, When: "no game has that id"},
	{Code: CodePlyConflict, When: "a move was stored at a ply other than the next one"},
	{Code: CodeStalePly, When: "a client sent a move for a ply that is not the current one (it has not seen the latest move yet)"},
	{Code: CodeIllegalMove, Params: []string{"move"}, When: "the move breaks the rules of chess (or is not a move); the chess error that says why is its cause"},
	{Code: CodeGameOver, When: "an action on a game that has ended or was aborted"},
	{Code: CodeNotAPlayer, When: "someone who does not play the game tried to act in it"},
	{Code: CodeNoDrawOffer, When: "a draw was accepted or declined with no offer open from the opponent"},
	{Code: CodeTakebackNothing, When: "a takeback offered or accepted when the offerer has no move of their own to take back"},
	{Code: CodeTakebackPending, When: "a takeback offered while a takeback offer is open"},
	{Code: CodeNoTakebackOffer, When: "a takeback accepted, declined or cancelled with no such offer open"},
	{Code: CodeTakebackLimit, Params: []string{"max"}, When: "a takeback offered by a player who has used up the game's takebacks (max: 5 offers against a person, 3 takebacks against the AI)"},
	{Code: CodeTakebackRated, When: "a takeback in a rated game whose players have not both agreed to takebacks in rated games"},
	{Code: CodeCannotAbort, When: "an abort after both sides have moved, or of a scheduled game"},
	{Code: CodeCannotBerserk, When: "a berserk (an arena's: half one's clock, no increment) after one's first move, a second time, or in a game without a whole-game clock"},
	{Code: CodeBadPosition, When: "a start position that is not a legal FEN; the chess error that says why is its cause"},
	{Code: CodeBadGame, When: "a game's settings are inconsistent (e.g. no id)"},
	{Code: CodeCannotPostpone, When: "a scheduled game postponed with less than the required notice, or a game that is not scheduled"},
	{Code: CodeBadRecord, When: "a stored game that cannot be replayed"},
	{Code: CodeNotOwner, When: "a write of a game made under an ownership epoch older than the game's: another node has claimed the game since, and the write is refused"},
	{Code: CodeDecided, When: "a write of a game that the store holds as ended or aborted, other than the same end again: the game was decided elsewhere and the stored end stands"},
	{Code: CodeNotStarted, Params: []string{"start"}, When: "a move in a scheduled game before its start time (start: RFC 3339, UTC)"},
	{Code: CodePostponeTooLate, Params: []string{"left", "start"}, When: "a scheduled game postponed less than one hour before its start (left: the time left, whole seconds; start: RFC 3339, UTC); 60:00 before is still allowed"},
	{Code: CodePostponeTooSoon, Params: []string{"earliest"}, When: "a scheduled game postponed to a new start less than one hour away (earliest: the earliest allowed, RFC 3339, UTC)"},
	{Code: CodeCheckInNotOpen, Params: []string{"opens"}, When: "a check-in to a scheduled game more than 15 minutes before its start (opens: RFC 3339, UTC)"},
	{Code: CodeNotScheduled, When: "a check-in to a game that is not a scheduled one"},
	{Code: CodeBadDefaultTime, When: "a default time below 0 or above 60 minutes, or one given to a game that is not scheduled"},
	{Code: CodeSuspendTooLate, Params: []string{"left", "start"}, When: "a scheduled game suspended by one player less than one hour before its start, or once it has started (left: the time left, whole seconds; start: RFC 3339, UTC); 60:00 before is still allowed"},
	{Code: CodeClaimTooEarly, Params: []string{"left"}, When: "a claim of the win or a draw on a gone opponent before the claim delay has passed (left: whole seconds until a claim is taken)"},
	{Code: CodeOpponentPresent, When: "a claim of the win or a draw while the opponent is connected"},
	{Code: CodeCannotClaim, When: "a claim of the win or a draw before both sides have moved (the first-move timer governs: abort instead)"},
}

// Codes lists every error code of package game with its parameters and
// when it is returned. The caller may change the slice it gets.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }
