package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

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

// decodeStrict decodes exactly one JSON value from body into v, with
// unknown fields refused; its errors carry the codes of package server.
func decodeStrict(body io.Reader, v any) error {
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err)
	}
	// Anything but white space after the value is refused, as is a body
	// cut off by the size limit after a complete value.
	tail, err := io.ReadAll(io.MultiReader(dec.Buffered(), body))
	if err != nil {
		return jsonError(err)
	}
	if len(bytes.TrimLeft(tail, " \t\r\n")) > 0 {
		return NewError(CodeBadJSON, "data after the JSON value", nil)
	}
	return nil
}

// jsonError turns an error of encoding/json (or of the body's reader) into
// a coded refusal.
func jsonError(err error) error {
	var tooLarge *http.MaxBytesError
	var typeErr *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooLarge):
		return NewError(CodeBodyTooLarge, "request body too large", nil).
			With("limit", strconv.FormatInt(tooLarge.Limit, 10))
	case errors.As(err, &typeErr):
		field := typeErr.Field
		if field == "" {
			field = "."
		}
		field = clip(field)
		return NewError(CodeWrongType, "field "+field+" has the wrong type", nil).With("field", field)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		// encoding/json reports unknown fields only in its message.
		field, uerr := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		if uerr != nil {
			field = "?"
		}
		field = clip(field)
		return NewError(CodeUnknownField, "unknown field "+field, nil).With("field", field)
	case errors.Is(err, io.EOF):
		return NewError(CodeBadJSON, "empty request body", nil)
	default:
		return NewError(CodeBadJSON, "malformed JSON: "+err.Error(), nil)
	}
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
