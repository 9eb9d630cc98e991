package server

import (
	"bytes"
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
	data, err := io.ReadAll(body)
	if err != nil {
		return jsonError(err)
	}
	return decodeBytes(data, v)
}

// decodeBytes decodes the JSON value data into v with strictJSON, and
// refuses (server.bad_text) a string that holds a NUL character, so that
// none reaches a store.
func decodeBytes(data []byte, v any) error {
	if err := jsonv2.Unmarshal(data, v, strictJSON); err != nil {
		return jsonError(err)
	}
	if field, ok := nulField(data); ok {
		return NewError(CodeBadText, "a NUL character in "+field, nil).With("field", field)
	}
	return nil
}

// nulField finds the first string of the JSON value data (a name or a
// value) that holds a NUL character, which JSON can only write as \u0000.
func nulField(data []byte) (string, bool) {
	if !bytes.Contains(data, []byte(`\u0000`)) {
		return "", false
	}
	dec := jsontext.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return "", false
		}
		if tok.Kind() == '"' && strings.IndexByte(tok.String(), 0) >= 0 {
			return pointerField(dec.StackPointer()), true
		}
	}
}

// jsonError turns an error of the JSON decoder (or of the body's reader)
// into a coded refusal.
func jsonError(err error) error {
	var tooLarge *http.MaxBytesError
	var semErr *jsonv2.SemanticError
	var synErr *jsontext.SyntacticError
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
	case strings.Contains(err.Error(), "invalid UTF-8"):
		// The decoder's own error for it is internal to the package.
		field := "."
		if errors.As(err, &synErr) {
			field = pointerField(synErr.JSONPointer)
		}
		return NewError(CodeBadText, "text that is not UTF-8 in "+field, nil).With("field", field)
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
