package lobby

import (
	"fmt"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/internal/coded"
)

// Player is a person in the lobby: who owns a seek, sends or receives a
// challenge, or plays a game that may have a rematch.
type Player struct {
	// ID identifies the person: an account id, or a guest's anonymous id.
	ID string `json:"id"`
	// Name is the display name (a username, or a guest's generated name).
	Name string `json:"name"`
	// Guest is true for an anonymous guest, who plays only casual games.
	Guest bool `json:"guest,omitempty"`
	// Rating is the player's rating in the speed of the seek or challenge
	// it appears in (the server fills it in; guests carry the start rating,
	// 1500). Rating ranges are checked against it.
	Rating int `json:"rating"`
}

// gamePlayer is p as a game knows its players.
func (p Player) gamePlayer() game.Player { return game.Player{ID: p.ID, Name: p.Name} }

func (p Player) check(role string) error {
	if p.ID == "" || p.Name == "" {
		return NewError(CodeBadPlayer, role+" without an id or a name", nil)
	}
	return nil
}

// Color is the colour someone asks for in a seek or a challenge.
type Color string

// The colours one may ask for.
const (
	White  Color = "white"
	Black  Color = "black"
	Random Color = "random"
)

// ParseColor reads "white", "black" or "random"; anything else fails with
// [CodeBadColor].
func ParseColor(text string) (Color, error) {
	switch c := Color(text); c {
	case White, Black, Random:
		return c, nil
	}
	return "", NewError(CodeBadColor, fmt.Sprintf("colour %q is not white, black or random", coded.ClipParam(text)), nil).
		With("color", coded.ClipParam(text))
}

// compatible reports whether two requests for colours can both be met: one
// of them random, or one white and the other black.
func (c Color) compatible(o Color) bool { return c == Random || o == Random || c != o }

// MaxRating bounds the ratings a [RatingRange] may name.
const MaxRating = 4000

// RatingRange limits the ratings of the opponents a seek accepts. The zero
// RatingRange accepts everyone.
type RatingRange struct {
	Min int `json:"min"`
	Max int `json:"max"`
}

// IsZero reports whether r accepts every rating.
func (r RatingRange) IsZero() bool { return r == RatingRange{} }

// Contains reports whether rating r lies inside the range (bounds
// included); the zero range contains every rating.
func (r RatingRange) Contains(rating int) bool {
	return r.IsZero() || (r.Min <= rating && rating <= r.Max)
}

// String returns "min-max", or "" for the zero range.
func (r RatingRange) String() string {
	if r.IsZero() {
		return ""
	}
	return fmt.Sprintf("%d-%d", r.Min, r.Max)
}

// check fails with CodeBadRatingRange unless r is zero or 0 ≤ Min ≤ Max ≤
// MaxRating with Max > 0.
func (r RatingRange) check() error {
	if r.IsZero() || (0 <= r.Min && r.Min <= r.Max && r.Max <= MaxRating && r.Max > 0) {
		return nil
	}
	return NewError(CodeBadRatingRange, fmt.Sprintf("rating range %d-%d: want 0 ≤ min ≤ max ≤ %d", r.Min, r.Max, MaxRating), nil).
		With("min", fmt.Sprint(r.Min), "max", fmt.Sprint(r.Max))
}

// checkTimeControl refuses the zero time control (game.CodeBadTimeControl)
// and the untimed one (game.CodeUntimedNotAllowed): games between people
// have a clock.
func checkTimeControl(tc game.TimeControl) error {
	switch {
	case tc.IsZero():
		return game.NewError(game.CodeBadTimeControl, "bad time control: no time control chosen", nil)
	case !tc.Timed():
		return game.ErrUntimedNotAllowed
	}
	return nil
}

// checkRated refuses a rated game that involves a guest.
func checkRated(rated bool, players ...Player) error {
	if !rated {
		return nil
	}
	for _, p := range players {
		if p.Guest {
			return NewError(CodeRatedNeedsAccounts, fmt.Sprintf("%s is a guest: rated games are only between accounts", p.Name), nil)
		}
	}
	return nil
}

// utc returns t in UTC to the millisecond, as stores keep it.
func utc(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }
