package lobby

import (
	"strconv"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/coded"
	"github.com/joinpal/joinpal/rating"
)

// Kind is what sort of challenge a [Challenge] is.
type Kind string

// The kinds of challenge.
const (
	// Direct: addressed to one person, who accepts or declines.
	Direct Kind = "direct"
	// Open: a challenge link; the first person other than its creator to
	// open it plays.
	Open Kind = "open"
	// Rematch: an offer, after a game, to play again with colours swapped;
	// the game's other player accepts (or offers a rematch too) or declines.
	Rematch Kind = "rematch"
)

// Status is where a challenge stands, named as lichess names them (plus
// expired).
type Status string

// The statuses of a challenge. Only Created is open; the others are final,
// except that a rematch offer that was declined, cancelled or expired may be
// made again.
const (
	Created  Status = "created"
	Accepted Status = "accepted"
	Declined Status = "declined"
	Canceled Status = "canceled"
	Expired  Status = "expired"
)

// Challenge is an invitation to one game: direct, by link, or a rematch.
type Challenge struct {
	// ID identifies the challenge (8 letters and digits); a link's URL
	// carries it.
	ID string `json:"id"`
	// Kind is direct, open (a link) or rematch.
	Kind Kind `json:"kind"`
	// Status is created (open), accepted, declined, canceled or expired.
	Status Status `json:"status"`
	// Challenger is who challenges (for a rematch, who offered it).
	Challenger Player `json:"challenger"`
	// Dest is who is challenged. For a link it is the zero Player until
	// someone accepts, and then the person who did.
	Dest Player `json:"destUser"`
	// TimeControl is the clock; never untimed.
	TimeControl game.TimeControl `json:"timeControl"`
	// Color is the colour the challenger asks for (for a rematch, the
	// colour the offerer gets: the other one than in the game).
	Color Color `json:"color"`
	// Rated is true for a rated game (only between accounts).
	Rated bool `json:"rated"`
	// RematchOf is the id of the finished game a rematch follows; "" for
	// the other kinds. A game has at most one rematch challenge.
	RematchOf string `json:"rematchOf,omitempty"`
	// DeclineReason says why a declined challenge was declined.
	DeclineReason DeclineReason `json:"declineReason,omitempty"`
	// GameID is the game an accepted challenge started ("" until it has).
	GameID string `json:"gameId,omitempty"`
	// CreatedAt is when the challenge was made (or a rematch offered again).
	CreatedAt time.Time `json:"createdAt"`
	// ExpiresAt is when an unanswered challenge expires.
	ExpiresAt time.Time `json:"expiresAt"`
	// UpdatedAt is when the status last changed.
	UpdatedAt time.Time `json:"updatedAt"`
}

// Speed returns the speed whose rating the challenge's game counts for.
func (c Challenge) Speed() rating.Speed { return rating.GameSpeed(c.TimeControl) }

// IsOpen reports whether the challenge waits for an answer at the moment
// now: created and not expired.
func (c Challenge) IsOpen(now time.Time) bool { return c.Status == Created && now.Before(c.ExpiresAt) }

// Involves reports whether userID is the challenger or the challenged.
func (c Challenge) Involves(userID string) bool {
	return userID != "" && (c.Challenger.ID == userID || c.Dest.ID == userID)
}

// DeclineReason is why a challenge was declined: lichess's reasons. JoinPal
// plays standard chess only, but a lichess client that declines for a
// variant (standard, variant) or for who challenges (noBot, onlyBot: bot
// accounts play through lichess's Bot API) gives those reasons too.
type DeclineReason string

// The decline reasons. Each has a catalogue word "decline.<reason>" (see
// [Words]) that tells the challenger why.
const (
	DeclineGeneric     DeclineReason = "generic"
	DeclineLater       DeclineReason = "later"
	DeclineTooFast     DeclineReason = "tooFast"
	DeclineTooSlow     DeclineReason = "tooSlow"
	DeclineTimeControl DeclineReason = "timeControl"
	DeclineRated       DeclineReason = "rated"
	DeclineCasual      DeclineReason = "casual"
	DeclineStandard    DeclineReason = "standard"
	DeclineVariant     DeclineReason = "variant"
	DeclineNoBot       DeclineReason = "noBot"
	DeclineOnlyBot     DeclineReason = "onlyBot"
)

// DeclineReasons lists every decline reason.
func DeclineReasons() []DeclineReason {
	return []DeclineReason{DeclineGeneric, DeclineLater, DeclineTooFast, DeclineTooSlow,
		DeclineTimeControl, DeclineRated, DeclineCasual, DeclineStandard, DeclineVariant, DeclineNoBot, DeclineOnlyBot}
}

// ParseDeclineReason reads a decline reason as lichess writes it
// ("tooFast"); lichess's lower-case form ("toofast") is accepted too, and
// "" means generic. Anything else fails with [CodeBadDeclineReason].
func ParseDeclineReason(text string) (DeclineReason, error) {
	if text == "" {
		return DeclineGeneric, nil
	}
	for _, r := range DeclineReasons() {
		if text == string(r) || text == lower(string(r)) {
			return r, nil
		}
	}
	return "", NewError(CodeBadDeclineReason, "unknown decline reason "+strconv.Quote(coded.ClipParam(text)), nil).
		With("reason", coded.ClipParam(text))
}

// WordCode returns the catalogue code of the reason's text,
// "decline.<reason>".
func (r DeclineReason) WordCode() string { return "decline." + string(r) }

// Words lists the catalogue codes of the lobby's words: the text of every
// decline reason ("decline.generic" ... "decline.onlyBot").
func Words() []string {
	var out []string
	for _, r := range DeclineReasons() {
		out = append(out, r.WordCode())
	}
	return out
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
