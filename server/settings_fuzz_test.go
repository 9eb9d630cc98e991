package server

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/joinpal/joinpal/account"
	"github.com/joinpal/joinpal/i18n"
)

// FuzzSettingsBody: any body of PUT /api/account/settings is refused with
// one of the decoder's codes, or decodes into a change that, applied to the
// defaults, either validates — every field then one of its choices — or is
// refused with account.settings.bad_value naming a field of the body.
// Seeds in testdata/fuzz/FuzzSettingsBody.
func FuzzSettingsBody(f *testing.F) {
	decoder := []string{string(CodeBadJSON), string(CodeUnknownField), string(CodeWrongType), string(CodeBodyTooLarge), string(CodeBadText)}
	fields := []string{"board", "pieces", "autoQueen", "volume", "takebacks"}
	f.Fuzz(func(t *testing.T, body []byte) {
		var req settingsRequest
		if err := decodeStrict(strings.NewReader(string(body)), &req); err != nil {
			if code := i18n.Code(err); !slices.Contains(decoder, code) {
				t.Fatalf("body %q: code %q (%v)", body, code, err)
			}
			return
		}
		set := req.apply(account.DefaultSettings())
		err := set.Validate()
		if err == nil {
			if !slices.Contains(account.Boards(), set.Board) || !slices.Contains(account.PieceSets(), set.Pieces) ||
				!slices.Contains(account.AutoQueens(), set.AutoQueen) || !slices.Contains(account.TakebackChoices(), set.Takebacks) ||
				set.Volume < 0 || set.Volume > account.MaxVolume {
				t.Fatalf("body %q validated as %+v", body, set)
			}
			return
		}
		var e *account.Error
		if !errors.As(err, &e) || e.Code != account.CodeBadSetting {
			t.Fatalf("body %q: %v, want %s", body, err, account.CodeBadSetting)
		}
		if !slices.Contains(fields, e.Params["field"]) || !strings.Contains(string(body), `"`+e.Params["field"]+`"`) {
			t.Fatalf("body %q: refusal names field %q", body, e.Params["field"])
		}
	})
}
