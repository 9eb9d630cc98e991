package lobby

// CodeInfo describes one error code: the code, the names of the parameters
// its message uses, and when it is returned.
type CodeInfo struct {
	Code   Code
	Params []string
	When   string
}

// codes is the table behind [Codes], in the order of docs/ERRORS.md. A new
// code is added here, to both catalogues of package i18n and to
// docs/ERRORS.md (go test ./i18n -run ErrorsDoc -update).
var codes = []CodeInfo{
	{CodeSeekExists, []string{"time_control"}, "a seek from someone who already has an open seek with that time control (one per person per time control)"},
	{CodeSeekNotFound, nil, "a seek cancelled or taken that is not open any more (paired, cancelled, swept) or is not the caller's"},
	{CodeRatedNeedsAccounts, nil, "a rated seek or challenge from or to a guest: rated games are only between accounts"},
	{CodeBadColor, []string{"color"}, "a colour that is not white, black or random"},
	{CodeBadRatingRange, []string{"min", "max"}, "a rating range whose minimum is above its maximum or whose bounds are outside 0–4000"},
	{CodeBadDeclineReason, []string{"reason"}, "a decline reason that is not one of generic, later, tooFast, tooSlow, timeControl, rated, casual"},
	{CodeBadPlayer, nil, "a seek, challenge or rematch whose player has no id or no name"},
	{CodeChallengeNotFound, nil, "a challenge id that no challenge has"},
	{CodeChallengeExists, nil, "a challenge stored under an id already taken, or a second rematch offer stored for one game"},
	{CodeChallengeClosed, nil, "an answer to a challenge that was already accepted, declined or cancelled (the first taker of a link wins)"},
	{CodeChallengeExpired, nil, "an answer to a challenge that expired unanswered (20 minutes for a direct challenge, 24 hours for a link, 1 minute for a rematch offer)"},
	{CodeOwnChallenge, nil, "a challenge to oneself, or a challenge link opened by its creator"},
	{CodeNotYourChallenge, nil, "a direct challenge accepted or declined by someone it is not addressed to, or cancelled by someone other than its challenger"},
	{CodeNotAPlayer, nil, "a rematch offered or declined by someone who did not play the game"},
	{CodeNoRematchOffer, nil, "a rematch declined when the opponent has no offer open"},
	{CodeRematchDone, nil, "a rematch offered for a game whose rematch has already started"},
}

// Codes lists every error code of package lobby with its parameters and
// when it is returned. The caller may change the slice it gets.
func Codes() []CodeInfo {
	out := make([]CodeInfo, len(codes))
	copy(out, codes)
	return out
}
