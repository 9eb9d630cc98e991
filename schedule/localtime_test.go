package schedule_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/joinpal/joinpal/schedule"
)

// TestUserTextInErrorsIsClipped: a long zone or time, in any script, comes
// back in the error's parameter and message as valid UTF-8 of at most 40
// bytes (it used to be cut in the middle of a character).
func TestUserTextInErrorsIsClipped(t *testing.T) {
	long := strings.Repeat("ñ", 30) // 60 bytes; 40 is in the middle of an ñ
	tests := []struct {
		name, param string
		err         func() error
	}{
		{"zone", "zone", func() error { _, err := schedule.LoadZone("Europe/" + long); return err }},
		{"time", "time", func() error { _, err := schedule.ParseLocal("2030-01-01T"+long, "Europe/Madrid"); return err }},
		{"emoji zone", "zone", func() error { _, err := schedule.LoadZone(strings.Repeat("😀", 20)); return err }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.err()
			e, ok := err.(*schedule.Error)
			if !ok {
				t.Fatalf("error %v is not a *schedule.Error", err)
			}
			p := e.Params[tt.param]
			if !utf8.ValidString(p) || len(p) > 40 || !strings.HasSuffix(p, "…") {
				t.Errorf("param %s = %q (%d bytes)", tt.param, p, len(p))
			}
			if !utf8.ValidString(err.Error()) {
				t.Errorf("message %q is not valid UTF-8", err.Error())
			}
		})
	}
}
