package lobby

import (
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/rating"
)

// Seek is an open offer in the lobby to play anyone compatible: a time
// control, a colour, rated or casual, and an optional range of opponents'
// ratings.
type Seek struct {
	// ID identifies the seek (8 letters and digits).
	ID string `json:"id"`
	// Owner is who seeks, with their rating in the seek's speed.
	Owner Player `json:"owner"`
	// TimeControl is the clock; never untimed.
	TimeControl game.TimeControl `json:"timeControl"`
	// Color is the colour the owner asks for.
	Color Color `json:"color"`
	// Rated is true for a rated game (only between accounts).
	Rated bool `json:"rated"`
	// Range limits the opponents' ratings; the zero range accepts everyone.
	Range RatingRange `json:"ratingRange"`
	// CreatedAt is when the seek was placed.
	CreatedAt time.Time `json:"createdAt"`
	// OwnerGoneSince is when the owner's last socket closed, or the zero
	// time while the owner is connected. A seek whose owner has been gone
	// longer than Config.OwnerGrace is swept.
	OwnerGoneSince time.Time `json:"-"`
}

// Speed returns the speed whose rating the seek's game counts for.
func (s Seek) Speed() rating.Speed { return rating.GameSpeed(s.TimeControl) }

// Compatible reports whether s and o can be paired: same time control, both
// rated or both casual, colours that can both be met, each owner's rating
// inside the other's range, and two different owners.
func (s Seek) Compatible(o Seek) bool {
	return s.Owner.ID != o.Owner.ID &&
		s.TimeControl == o.TimeControl &&
		s.Rated == o.Rated &&
		s.Color.compatible(o.Color) &&
		s.Range.Contains(o.Owner.Rating) &&
		o.Range.Contains(s.Owner.Rating)
}

// check validates a seek before it is placed.
func (s Seek) check() error {
	if err := s.Owner.check("seek's owner"); err != nil {
		return err
	}
	if err := checkTimeControl(s.TimeControl); err != nil {
		return err
	}
	if _, err := ParseColor(string(s.Color)); err != nil {
		return err
	}
	if err := s.Range.check(); err != nil {
		return err
	}
	return checkRated(s.Rated, s.Owner)
}

// colours decides who plays white when newcomer is paired with the open
// seek waiting: a colour asked for is given; when both asked for random,
// heads (coin() true) gives white to the newcomer.
func colours(newcomer, waiting Seek, coin func() bool) (white, black Player) {
	a, b := newcomer.Owner, waiting.Owner
	switch {
	case newcomer.Color == White || waiting.Color == Black:
		return a, b
	case newcomer.Color == Black || waiting.Color == White:
		return b, a
	case coin():
		return a, b
	default:
		return b, a
	}
}
