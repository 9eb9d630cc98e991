package account

import (
	"slices"
	"strconv"

	"github.com/joinpal/joinpal/internal/coded"
)

// Settings are a user's preferences for the interface and for play, as
// lichess's settings page keeps them. An account keeps them in the store
// (Store.Settings, Store.SetSettings); a guest's browser keeps its own.
// The zero value is not valid: start from DefaultSettings.
type Settings struct {
	// Board is the board's colours, one of Boards().
	Board string `json:"board"`
	// Pieces is the piece set, one of PieceSets().
	Pieces string `json:"pieces"`
	// AutoQueen says when a pawn that reaches the last rank becomes a
	// queen without asking.
	AutoQueen AutoQueen `json:"autoQueen"`
	// ConfirmMove shows a move on the board and sends it only once the
	// player confirms it.
	ConfirmMove bool `json:"confirmMove"`
	// ConfirmResign asks a second time before resigning.
	ConfirmResign bool `json:"confirmResign"`
	// Sound plays the game's sounds, at Volume (0 to 100).
	Sound  bool `json:"sound"`
	Volume int  `json:"volume"`
	// Zen hides everything but the board and the clocks during a game.
	Zen bool `json:"zen"`
	// Takebacks says in which games the user grants an opponent's request
	// to take a move back.
	Takebacks Takebacks `json:"takebacks"`
	// Lang is the interface language ("es", "en"; "" for the browser's
	// choice): the user's [User.Lang], kept there.
	Lang string `json:"lang"`
}

// AutoQueen is when a promotion picks the queen by itself.
type AutoQueen string

// The choices of AutoQueen.
const (
	// AutoQueenAlways promotes to a queen at once, moved or premoved.
	AutoQueenAlways AutoQueen = "always"
	// AutoQueenPremove promotes a premove to a queen and asks otherwise.
	AutoQueenPremove AutoQueen = "premove"
	// AutoQueenNever always asks (a premove still becomes a queen: there
	// is nobody to ask when it is played).
	AutoQueenNever AutoQueen = "never"
)

// Takebacks is in which games a user accepts takebacks.
type Takebacks string

// The choices of Takebacks.
const (
	// TakebacksNever refuses every takeback.
	TakebacksNever Takebacks = "never"
	// TakebacksCasual allows them in casual (unrated) games only.
	TakebacksCasual Takebacks = "casual"
	// TakebacksAlways allows them in rated games too.
	TakebacksAlways Takebacks = "always"
)

// Allows reports whether takebacks are allowed in a game that is rated or
// not under t (an unknown value allows none).
func (t Takebacks) Allows(rated bool) bool {
	switch t {
	case TakebacksAlways:
		return true
	case TakebacksCasual:
		return !rated
	}
	return false
}

// MaxVolume is the loudest Settings.Volume.
const MaxVolume = 100

// Boards lists the board themes, the default first.
func Boards() []string { return []string{"brown", "blue", "green"} }

// PieceSets lists the piece sets, the default first.
func PieceSets() []string { return []string{"cburnett", "dejavu", "letter"} }

// AutoQueens lists the choices of Settings.AutoQueen, the default first.
func AutoQueens() []AutoQueen { return []AutoQueen{AutoQueenPremove, AutoQueenAlways, AutoQueenNever} }

// TakebackChoices lists the choices of Settings.Takebacks, the default
// first.
func TakebackChoices() []Takebacks {
	return []Takebacks{TakebacksCasual, TakebacksNever, TakebacksAlways}
}

// DefaultSettings are the settings of a user who never changed any.
func DefaultSettings() Settings {
	return Settings{
		Board:         Boards()[0],
		Pieces:        PieceSets()[0],
		AutoQueen:     AutoQueens()[0],
		ConfirmResign: true,
		Sound:         true,
		Volume:        70,
		Takebacks:     TakebackChoices()[0],
	}
}

// Validate refuses settings with a value that is none of its field's
// choices (CodeBadSetting, naming the field as JSON does). Lang is the
// caller's to check against the catalogues there are.
func (s Settings) Validate() error {
	switch {
	case !slices.Contains(Boards(), s.Board):
		return badSetting("board", s.Board)
	case !slices.Contains(PieceSets(), s.Pieces):
		return badSetting("pieces", s.Pieces)
	case !slices.Contains(AutoQueens(), s.AutoQueen):
		return badSetting("autoQueen", string(s.AutoQueen))
	case s.Volume < 0 || s.Volume > MaxVolume:
		return badSetting("volume", strconv.Itoa(s.Volume))
	case !slices.Contains(TakebackChoices(), s.Takebacks):
		return badSetting("takebacks", string(s.Takebacks))
	}
	return nil
}

// badSetting is the refusal of value for the setting field.
func badSetting(field, value string) *Error {
	value = coded.ClipParam(value)
	return NewError(CodeBadSetting, "setting "+field+" cannot be "+strconv.Quote(value), nil).
		With("field", field, "value", value)
}
