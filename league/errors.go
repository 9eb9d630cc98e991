package league

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// Code is a stable, machine-readable error code of package league, such
// as "league.full". Codes are part of JoinPal's API: an existing code
// never changes.
type Code string

// Package names the package that owns the code: "league".
func (Code) Package() string { return "league" }

// Error is an error of package league: a stable Code, an English
// message, the parameters of its translation and an optional cause; its
// text starts with "league: ".
type Error = coded.Error[Code]

// NewError returns an *Error with the code, message (without the
// "league: " prefix) and cause (which may be nil).
func NewError(code Code, msg string, cause error) *Error { return coded.New(code, msg, cause) }

// CodeOf returns the code of the first *Error in err's chain, or "".
func CodeOf(err error) Code { return coded.CodeOf[Code](err) }

// Error codes of package league. Add new ones here and to [Codes].
const (
	CodeNotFound          Code = "league.not_found"
	CodeNeedsAccount      Code = "league.needs_account"
	CodeNameLength        Code = "league.name_length"
	CodeBadFormat         Code = "league.bad_format"
	CodeBadRounds         Code = "league.bad_rounds"
	CodeBadTimeControl    Code = "league.bad_time_control"
	CodeBadMode           Code = "league.bad_mode"
	CodeBadTieBreak       Code = "league.bad_tie_break"
	CodeBadRatingRange    Code = "league.bad_rating_range"
	CodeBadMaxPlayers     Code = "league.bad_max_players"
	CodeBadStart          Code = "league.bad_start"
	CodeNotClubAdmin      Code = "league.not_club_admin"
	CodeNotOrganiser      Code = "league.not_organiser"
	CodeNotClubMember     Code = "league.not_club_member"
	CodeClosed            Code = "league.closed"
	CodeFull              Code = "league.full"
	CodeAlreadyJoined     Code = "league.already_joined"
	CodeNotJoined         Code = "league.not_joined"
	CodeRatingOutside     Code = "league.rating_outside"
	CodeTooFewPlayers     Code = "league.too_few_players"
	CodeNotRunning        Code = "league.not_running"
	CodeNotStarted        Code = "league.not_started"
	CodeAlreadyStarted    Code = "league.already_started"
	CodeAlreadyPaired     Code = "league.already_paired"
	CodeRoundUnfinished   Code = "league.round_unfinished"
	CodeNoMoreRounds      Code = "league.no_more_rounds"
	CodeNoPairing         Code = "league.no_pairing"
	CodeByeNotSwiss       Code = "league.bye_not_swiss"
	CodeByeClosed         Code = "league.bye_closed"
	CodeByeLimit          Code = "league.bye_limit"
	CodeByeRound          Code = "league.bye_round"
	CodeNoBoard           Code = "league.no_board"
	CodeBadResult         Code = "league.bad_result"
	CodeReasonRequired    Code = "league.reason_required"
	CodeWithdrawn         Code = "league.withdrawn"
	CodeConflict          Code = "league.conflict"
	CodeGamesInPlay       Code = "league.games_in_play"
	CodeGameInPlay        Code = "league.game_in_play"
	CodeNotTournamentGame Code = "league.not_tournament_game"
)

var codes = []coded.Info[Code]{
	{Code: CodeNotFound, When: "a tournament id that no tournament has"},
	{Code: CodeNeedsAccount, When: "a guest creating or joining a tournament: tournaments are of accounts"},
	{Code: CodeNameLength, Params: []string{"min", "max"}, When: "a tournament name shorter or longer than the limits (characters)"},
	{Code: CodeBadFormat, Params: []string{"format"}, When: "a format other than swiss or round-robin, or a round-robin of other than 1 or 2 cycles"},
	{Code: CodeBadRounds, Params: []string{"max"}, When: "a Swiss of fewer than 1 or more than the most rounds"},
	{Code: CodeBadTimeControl, When: "a tournament's clock that is not a timed one JoinPal plays"},
	{Code: CodeBadMode, Params: []string{"mode"}, When: "a round mode other than live or arranged, or an arranged tournament without the first round's start and the time between rounds"},
	{Code: CodeBadTieBreak, Params: []string{"name"}, When: "a tie-break not in the list (DE, WIN, SB, BH, BH-C1, ARO), or one given twice"},
	{Code: CodeBadRatingRange, When: "a rating range whose minimum is above its maximum, or below 0"},
	{Code: CodeBadMaxPlayers, Params: []string{"max"}, When: "a most-players setting below 2 or above the limit"},
	{Code: CodeBadStart, When: "a start time in the past, or an unknown time zone"},
	{Code: CodeNotClubAdmin, When: "creating a club's tournament without being one of the club's admins"},
	{Code: CodeNotOrganiser, When: "an organiser's action (start, pause, pair, adjudicate, withdraw a player, finish) by someone else"},
	{Code: CodeNotClubMember, When: "joining a club's tournament without being a member of the club"},
	{Code: CodeClosed, When: "joining a tournament that has started (and takes no late entries, or has paired its last round) or finished"},
	{Code: CodeFull, Params: []string{"max"}, When: "joining a tournament that has its most players"},
	{Code: CodeAlreadyJoined, When: "joining a tournament one is in already"},
	{Code: CodeNotJoined, When: "leaving, or asking a bye in, a tournament one is not in"},
	{Code: CodeRatingOutside, Params: []string{"rating", "min", "max"}, When: "joining a tournament whose rating range does not hold one's rating in its speed"},
	{Code: CodeTooFewPlayers, When: "starting a tournament with fewer than two players"},
	{Code: CodeNotRunning, When: "pairing, adjudicating or finishing a tournament that is not running (not started, paused or finished; finishing: not started or finished)"},
	{Code: CodeNotStarted, When: "asking for what a tournament has only once started (its TRF, say) before it starts"},
	{Code: CodeAlreadyStarted, When: "starting a tournament that has started or finished"},
	{Code: CodeAlreadyPaired, Params: []string{"round"}, When: "pairing a round that is paired already (pairing twice)"},
	{Code: CodeRoundUnfinished, Params: []string{"round"}, When: "pairing the next round while games of the current one are undecided and its deadline has not passed"},
	{Code: CodeNoMoreRounds, When: "pairing after the last round"},
	{Code: CodeNoPairing, Params: []string{"round"}, When: "a Swiss round that no pairing satisfies (the FIDE absolute criteria)"},
	{Code: CodeByeNotSwiss, When: "asking a half-point bye in a round-robin"},
	{Code: CodeByeClosed, Params: []string{"round"}, When: "asking (or withdrawing) a half-point bye for a round that is paired, or past the bye deadline"},
	{Code: CodeByeLimit, Params: []string{"max"}, When: "asking more half-point byes than the tournament allows"},
	{Code: CodeByeRound, Params: []string{"round"}, When: "asking a bye for a round the tournament does not have"},
	{Code: CodeNoBoard, When: "a round and board that the tournament has not paired"},
	{Code: CodeBadResult, Params: []string{"result"}, When: "an adjudicated result other than 1-0, 1/2-1/2, 0-1, +-, -+, -- (or one for a bye)"},
	{Code: CodeReasonRequired, When: "an adjudication without a reason"},
	{Code: CodeWithdrawn, When: "acting as a player of a tournament one has withdrawn from, or withdrawing twice"},
	{Code: CodeGamesInPlay, Params: []string{"round"}, When: "finishing a tournament while games of its current round are undecided (wait for them, or adjudicate them once ended)"},
	{Code: CodeGameInPlay, When: "adjudicating a game that is still being played (wait for it to end, or end it from the game)"},
	{Code: CodeNotTournamentGame, When: "asking a game's tournament board of a game no tournament paired"},
	{Code: CodeConflict, When: "a tournament that others kept changing while the change was tried (try again); nothing changed"},
}

// Codes lists every error code of package league.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }

func notFound(id string) error {
	return NewError(CodeNotFound, "no tournament "+coded.ClipParam(id), nil)
}

// NotFoundError is the refusal of a tournament id no tournament has;
// stores return it.
func NotFoundError(id string) error { return notFound(id) }

// ConflictError is the refusal of a change to a tournament whose version
// moved; stores return it.
func ConflictError(id string) error {
	return NewError(CodeConflict, "tournament "+coded.ClipParam(id)+" changed meanwhile", nil)
}
