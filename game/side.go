package game

import "github.com/joinpal/joinpal/chess"

// Side is one of the two players of a game, by the colour of their pieces.
//
// Package game keeps its own Side so that its clock and results do not depend
// on the rules core. The values are fixed ids safe to store: White is 0 and
// Black is 1; never renumber. Convert with [SideOf] and [Side.Color], never
// by a cast between Side and chess.Color: a test of this package
// (TestNoCastsBetweenGameAndChess) fails on any such cast in the module.
type Side uint8

// The two sides.
const (
	White Side = 0
	Black Side = 1
)

// SideOf returns the side that plays the pieces of colour c.
func SideOf(c chess.Color) Side {
	if c == chess.Black {
		return Black
	}
	return White
}

// Color returns the colour of the side's pieces (chess.White for an invalid
// side).
func (s Side) Color() chess.Color {
	if s == Black {
		return chess.Black
	}
	return chess.White
}

// Other returns the opponent's side.
func (s Side) Other() Side { return s ^ 1 }

// Valid reports whether s is White or Black.
func (s Side) Valid() bool { return s <= Black }

// String returns "white" or "black" (the stable text code), or "side(N)" for
// an invalid value.
func (s Side) String() string {
	switch s {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "side(" + itoa(int(s)) + ")"
}

// LabelCode returns the code of the side's name in package i18n's
// catalogues: "side.white" ("Blancas" / "White") or "side.black"; "" for an
// invalid side.
func (s Side) LabelCode() string {
	if !s.Valid() {
		return ""
	}
	return "side." + s.String()
}

// ParseSide parses "white" or "black".
func ParseSide(text string) (Side, error) {
	switch text {
	case "white":
		return White, nil
	case "black":
		return Black, nil
	}
	return 0, NewError(CodeBadSide, "bad side "+quote(text), nil)
}

// MarshalText encodes s as "white" or "black".
func (s Side) MarshalText() ([]byte, error) {
	if !s.Valid() {
		return nil, NewError(CodeBadSide, "bad side "+s.String(), nil)
	}
	return []byte(s.String()), nil
}

// UnmarshalText decodes "white" or "black".
func (s *Side) UnmarshalText(text []byte) error {
	v, err := ParseSide(string(text))
	if err != nil {
		return err
	}
	*s = v
	return nil
}
