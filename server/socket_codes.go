package server

import (
	"github.com/joinpal/joinpal/i18n"
	"github.com/joinpal/joinpal/internal/coded"
)

// The error codes of JoinPal's play: the WebSocket protocol and the game,
// lobby and AI endpoints. Like the other codes of package server they are
// part of the API and never change.
const (
	// CodeBadFrame: a socket frame that is not a JSON object {t, d} of the
	// protocol, or whose data does not fit its type. Params: "type".
	CodeBadFrame Code = "server.bad_frame"
	// CodeUnknownFrame: a socket frame of a type the socket does not take.
	// Params: "type".
	CodeUnknownFrame Code = "server.unknown_frame"
	// CodeBadVersion: a socket's "v" (the last event seen) that is not a
	// whole number ≥ 0.
	CodeBadVersion Code = "server.bad_version"
	// CodeBadPage: a page number or size out of range. Params: "max".
	CodeBadPage Code = "server.bad_page"
	// CodeGameNotOver: a rematch asked for a game still being played.
	CodeGameNotOver Code = "server.game_not_over"
)

// playCodes are the codes above, for Codes.
var playCodes = []coded.Info[Code]{
	{Code: CodeBadFrame, Params: []string{"type"}, When: "a WebSocket frame that is not a JSON object {t, d} of docs/PROTOCOL.md, or whose data does not fit its type (type is the frame's type, empty if it has none); the socket stays open"},
	{Code: CodeUnknownFrame, Params: []string{"type"}, When: "a WebSocket frame of a type that socket does not take; the socket stays open"},
	{Code: CodeBadVersion, When: "a game socket opened with a v (the last event seen) that is not a whole number of at least 0"},
	{Code: CodeBadPage, Params: []string{"max"}, When: "a page of a list (a player's games) that is not a whole number of at least 1, or a page size above max"},
	{Code: CodeGameNotOver, When: "a rematch asked for while the game is still being played"},
}

// errorData is the data of an "error" frame: the refusal as the HTTP API
// gives it, and the id of the client frame it answers (0 if none).
type errorData struct {
	ID int64 `json:"id,omitempty"`
	i18n.Description
}

// errorFrame is the frame that refuses the client frame with id (0 for
// none) with err, told to reader.
func errorFrame(reader i18n.Reader, id int64, err error) outFrame {
	return outFrame{T: "error", D: errorData{ID: id, Description: reader.Describe(err)}}
}

// badFrame is the refusal of a frame that does not decode.
func badFrame(typ string, cause error) *Error {
	msg := "bad frame"
	if cause != nil {
		msg += ": " + cause.Error()
	}
	return NewError(CodeBadFrame, msg, nil).With("type", clip(typ))
}
