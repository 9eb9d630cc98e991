package server

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/joinpal/joinpal/internal/coded"
)

// DefaultMaxBody is the largest request body the server reads (64 KiB)
// unless Config.MaxBody says otherwise.
const DefaultMaxBody = 64 << 10

// decodeJSON reads r's body, at most s.cfg.MaxBody bytes, into v, strictly:
// one JSON value and nothing after it, no field v does not have, every
// field of its type. On failure it answers the refusal and returns false,
// having changed nothing.
func (s *Server) decodeJSON(w http.ResponseWriter, r *http.Request, v any) bool {
	if err := decodeStrict(http.MaxBytesReader(w, r.Body, s.cfg.MaxBody), v); err != nil {
		s.writeError(w, r, err)
		return false
	}
	return true
}

// strictJSON are the options of every JSON the server reads (request
// bodies and socket frames): member names match case-sensitively, an
// unknown member and a duplicate one are refused, and so is text that is
// not valid UTF-8 (encoding/json/v2's semantics).
var strictJSON = jsonv2.JoinOptions(
	jsonv2.RejectUnknownMembers(true),
	jsonv2.MatchCaseInsensitiveNames(false),
	jsontext.AllowDuplicateNames(false),
	jsontext.AllowInvalidUTF8(false),
)

// decodeStrict decodes exactly one JSON value from body into v with
// strictJSON: nothing but white space after it; its errors carry the codes
// of package server.
func decodeStrict(body io.Reader, v any) error {
	if err := jsonv2.UnmarshalRead(body, v, strictJSON); err != nil {
		return jsonError(err)
	}
	return nil
}

// jsonError turns an error of the JSON decoder (or of the body's reader)
// into a coded refusal.
func jsonError(err error) error {
	var tooLarge *http.MaxBytesError
	var semErr *jsonv2.SemanticError
	switch {
	case errors.As(err, &tooLarge):
		return NewError(CodeBodyTooLarge, "request body too large", nil).
			With("limit", strconv.FormatInt(tooLarge.Limit, 10))
	case errors.As(err, &semErr) && errors.Is(semErr.Err, jsonv2.ErrUnknownName):
		field := pointerField(semErr.JSONPointer)
		return NewError(CodeUnknownField, "unknown field "+field, nil).With("field", field)
	case errors.As(err, &semErr) && semErr.GoType != nil && semErr.JSONKind != 0:
		field := pointerField(semErr.JSONPointer)
		return NewError(CodeWrongType, "field "+field+" has the wrong type", nil).With("field", field)
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return NewError(CodeBadJSON, "empty or cut-short JSON", nil)
	default:
		return NewError(CodeBadJSON, "malformed JSON: "+err.Error(), nil)
	}
}

// pointerField names the member a JSON pointer points at as the API's
// errors name fields: dotted ("clock.limit"), "." for the whole value.
func pointerField(p jsontext.Pointer) string {
	var parts []string
	for tok := range p.Tokens() {
		parts = append(parts, tok)
	}
	if len(parts) == 0 {
		return "."
	}
	return clip(strings.Join(parts, "."))
}

// clip keeps text taken from the request (a field, a header) short enough
// to show in an error.
func clip(s string) string { return coded.ClipParam(s) }

// writeJSON answers v as JSON with status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // the client may have gone: nothing to do
}
