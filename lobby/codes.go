package lobby

import (
	"slices"

	"github.com/joinpal/joinpal/internal/coded"
)

// codes is the table behind [Codes], in the order of docs/ERRORS.md. A new
// code is added here, to both catalogues of package i18n and to
// docs/ERRORS.md (go test ./i18n -run ErrorsDoc -update).
var codes = []coded.Info[Code]{
	{Code: CodeSeekExists, Params: []string{"time_control"}, When: "a seek from someone who already has an open seek with that time control (one per person per time control)"},
	{Code: CodeSeekNotFound, When: "a seek cancelled or taken that is not open any more (paired, cancelled, swept) or is not the caller's"},
	{Code: CodeRatedNeedsAccounts, When: "a rated seek or challenge from or to a guest: rated games are only between accounts"},
	{Code: CodeBadColor, Params: []string{"color"}, When: "a colour that is not white, black or random"},
	{Code: CodeBadRatingRange, Params: []string{"min", "max"}, When: "a rating range whose minimum is above its maximum or whose bounds are outside 0–4000"},
	{Code: CodeBadDeclineReason, Params: []string{"reason"}, When: "a decline reason that is not one of generic, later, tooFast, tooSlow, timeControl, rated, casual"},
	{Code: CodeBadPlayer, When: "a seek, challenge or rematch whose player has no id or no name"},
	{Code: CodeChallengeNotFound, When: "a challenge id that no challenge has"},
	{Code: CodeChallengeExists, When: "a challenge stored under an id already taken, or a second rematch offer stored for one game"},
	{Code: CodeChallengeClosed, When: "an answer to a challenge that was already accepted, declined or cancelled (the first taker of a link wins)"},
	{Code: CodeChallengeExpired, When: "an answer to a challenge that expired unanswered (20 minutes for a direct challenge, 24 hours for a link, 1 minute for a rematch offer)"},
	{Code: CodeOwnChallenge, When: "a challenge to oneself, or a challenge link opened by its creator"},
	{Code: CodeNotYourChallenge, When: "a direct challenge accepted or declined by someone it is not addressed to, or cancelled by someone other than its challenger"},
	{Code: CodeNotAPlayer, When: "a rematch offered or declined by someone who did not play the game"},
	{Code: CodeNoRematchOffer, When: "a rematch declined when the opponent has no offer open"},
	{Code: CodeRematchDone, When: "a rematch offered for a game whose rematch has already started"},
}

// Codes lists every error code of package lobby with its parameters and
// when it is returned. The caller may change the slice it gets.
func Codes() []coded.Info[Code] { return slices.Clone(codes) }
