package game

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/joinpal/joinpal/i18n"
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
			checkLabel(t, tt.side.LabelCode(), "side."+tt.code, tt.es, tt.en)
			got, err := ParseSide(tt.code)
			if err != nil || got != tt.side {
				t.Errorf("ParseSide(%q) = %v, %v", tt.code, got, err)
			}
		})
	}
	if _, err := ParseSide("White"); !errors.Is(err, ErrBadSide) {
		t.Errorf("ParseSide(White) error = %v", err)
	}
	if Side(2).Valid() || Side(2).String() != "side(2)" || Side(2).LabelCode() != "" {
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

// checkLabel fails unless code is want and its texts in the catalogues are
// es and en.
func checkLabel(t *testing.T, code, want, es, en string) {
	t.Helper()
	if code != want {
		t.Errorf("label code %q, want %q", code, want)
	}
	if got := i18n.Message("es", code, nil); got != es {
		t.Errorf("%s in Spanish: %q, want %q", code, got, es)
	}
	if got := i18n.Message("en-GB", code, nil); got != en {
		t.Errorf("%s in English: %q, want %q", code, got, en)
	}
}
