package game

import (
	"encoding/json"
	"errors"
	"testing"
)

func TestSide(t *testing.T) {
	tests := []struct {
		side   Side
		id     uint8
		code   string
		other  Side
		es, en string
	}{
		{White, 0, "white", Black, "Blancas", "White"},
		{Black, 1, "black", White, "Negras", "Black"},
	}
	for _, tt := range tests {
		t.Run(tt.code, func(t *testing.T) {
			if uint8(tt.side) != tt.id {
				t.Errorf("id = %d, want %d (stored ids never change)", tt.side, tt.id)
			}
			if tt.side.String() != tt.code || tt.side.Other() != tt.other || !tt.side.Valid() {
				t.Errorf("String %q Other %v Valid %v", tt.side, tt.side.Other(), tt.side.Valid())
			}
			if tt.side.Label("es") != tt.es || tt.side.Label("en-GB") != tt.en {
				t.Errorf("labels %q %q", tt.side.Label("es"), tt.side.Label("en-GB"))
			}
			got, err := ParseSide(tt.code)
			if err != nil || got != tt.side {
				t.Errorf("ParseSide(%q) = %v, %v", tt.code, got, err)
			}
		})
	}
	if _, err := ParseSide("White"); !errors.Is(err, ErrBadSide) {
		t.Errorf("ParseSide(White) error = %v", err)
	}
	if Side(2).Valid() || Side(2).String() != "side(2)" {
		t.Error("Side(2) is valid or misnamed")
	}
	if _, err := json.Marshal(Side(7)); err == nil {
		t.Error("marshalled Side(7)")
	}
	var s Side
	if err := json.Unmarshal([]byte(`"black"`), &s); err != nil || s != Black {
		t.Errorf("unmarshal black = %v, %v", s, err)
	}
}

func TestPickLanguage(t *testing.T) {
	tests := []struct {
		lang string
		en   bool
	}{
		{"en", true}, {"EN", true}, {"en-US", true}, {"en_GB", true},
		{"es", false}, {"es-AR", false}, {"", false}, {"fr", false}, {"eng", false}, {"e", false},
	}
	for _, tt := range tests {
		if got := pick(tt.lang, "es", "en") == "en"; got != tt.en {
			t.Errorf("pick(%q) english = %v, want %v", tt.lang, got, tt.en)
		}
	}
}
