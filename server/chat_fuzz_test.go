package server

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/joinpal/joinpal/chat"
)

// FuzzChatFrame: any client frame, decoded as each of the chat's frames,
// is either refused with server.bad_frame or has its required member; a
// line that decodes is either refused with chat.empty or chat.too_long, or
// kept as valid UTF-8 of at most 140 characters, trimmed, without control
// characters or line breaks, that cleaning again leaves as it is.
func FuzzChatFrame(f *testing.F) {
	for _, s := range []string{
		`{"t":"chat-say","d":{"text":"¡Buena suerte!","id":1000000000}}`,
		`{"t":"chat-say","d":{"text":"<img src=x onerror=alert(1)>"}}`,
		`{"t":"chat-say","d":{"text":"  a\n\u0000b\u200b\t "}}`,
		`{"t":"chat-mute","d":{"user":"p91qz4hx2b6n0w3k","id":3}}`,
		`{"t":"chat-report","d":{"line":2}}`, `{"t":"chat-report","d":{"line":0}}`,
		`{"t":"chat-say"}`, `{"t":"chat-say","d":{"text":1}}`, `{"t":"chat-say","d":{"Text":"a"}}`,
		`{"t":"chat-say","d":{"text":"a","text":"b"}}`, `{"t":"chat-say","d":{"text":"a","id":-1}}`,
	} {
		f.Add([]byte(s))
	}
	badFrame := &Error{Code: CodeBadFrame}
	f.Fuzz(func(t *testing.T, data []byte) {
		var fr inFrame
		if err := decodeFrame(data, &fr); err != nil {
			return
		}
		var say chatSayFrame
		if err := decodeData(fr, &say); err != nil {
			if !errors.Is(err, badFrame) {
				t.Fatalf("%q: chat-say refused with %v", data, err)
			}
		} else {
			if say.Text == nil || say.ID < 0 {
				t.Fatalf("%q decoded to an incomplete line %+v", data, say)
			}
			text, err := chat.Check(*say.Text, chat.DefaultMaxRunes)
			switch code := chat.CodeOf(err); {
			case err == nil:
				if !utf8.ValidString(text) || utf8.RuneCountInString(text) > chat.DefaultMaxRunes || text != strings.TrimSpace(text) ||
					strings.ContainsFunc(text, unicode.IsControl) || chat.Clean(text) != text {
					t.Fatalf("%q kept as %q", *say.Text, text)
				}
			case code != chat.CodeEmpty && code != chat.CodeTooLong:
				t.Fatalf("%q refused with %v", *say.Text, err)
			}
		}
		var mute chatMuteFrame
		if err := decodeData(fr, &mute); err == nil && (mute.User == nil || mute.ID < 0) {
			t.Fatalf("%q decoded to an incomplete mute %+v", data, mute)
		} else if err != nil && !errors.Is(err, badFrame) {
			t.Fatalf("%q: chat-mute refused with %v", data, err)
		}
		var rep chatReportFrame
		if err := decodeData(fr, &rep); err == nil && (rep.Line == nil || *rep.Line < 1 || rep.ID < 0) {
			t.Fatalf("%q decoded to an incomplete report %+v", data, rep)
		} else if err != nil && !errors.Is(err, badFrame) {
			t.Fatalf("%q: chat-report refused with %v", data, err)
		}
	})
}
