package server

import "github.com/joinpal/joinpal/account"

// actionScopes is the one table of what an API token must hold, by action:
// a player's actions on a game (the game socket's frame types, which the
// HTTP endpoints under /api/game/{id} take by the same names), and the
// kinds of frames a socket delivers that tell a user's own business
// (their challenges, rematch offers, pairings and scheduled games, which
// the HTTP API shows under challenge:read); and what a club's routes read
// of the user and change. A browser session may do all
// of it; a token only what its scopes allow. An action absent from the
// table (a ping) needs no scope.
var actionScopes = map[string]account.Scope{
	"move":             account.ScopeBoardPlay,
	"resign":           account.ScopeBoardPlay,
	"abort":            account.ScopeBoardPlay,
	"draw-offer":       account.ScopeBoardPlay,
	"draw-accept":      account.ScopeBoardPlay,
	"draw-decline":     account.ScopeBoardPlay,
	"takeback-offer":   account.ScopeBoardPlay,
	"takeback-accept":  account.ScopeBoardPlay,
	"takeback-decline": account.ScopeBoardPlay,
	"takeback-cancel":  account.ScopeBoardPlay,
	"leave":            account.ScopeBoardPlay,
	"claim-win":        account.ScopeBoardPlay,
	"claim-draw":       account.ScopeBoardPlay,
	"rematch":          account.ScopeBoardPlay,
	"rematch-decline":  account.ScopeBoardPlay,
	// Asking for a computer analysis spends the server's engine time on
	// the user's behalf, as playing does.
	"analysis": account.ScopeBoardPlay,

	// The chat's frames, on the game and lobby sockets: a program talks
	// for its user as it plays for them.
	frameChatSay:    account.ScopeBoardPlay,
	frameChatMute:   account.ScopeBoardPlay,
	frameChatUnmute: account.ScopeBoardPlay,
	frameChatReport: account.ScopeBoardPlay,
	// Clubs: reading one's own place and the pending ones of a club one
	// manages, and every change (GET and POST /api/club…).
	"club-read":  account.ScopeClubRead,
	"club-write": account.ScopeClubWrite,
	// Tournaments: every change (POST /api/tournament…); reading is public.
	"tournament-write": account.ScopeTournamentWrite,
	// Arenas: creating, joining, pausing and berserking are playing.
	"arena-write": account.ScopeBoardPlay,

	// lichess's board API (/api/board/game/...): its game stream is a
	// player's, as the game socket is; its actions take the scopes of the
	// actions above by their names.
	actionBoardStream: account.ScopeBoardPlay,

	// The user's settings (/api/account/settings), read and changed.
	actionSettingsRead:  account.ScopePreferenceRead,
	actionSettingsWrite: account.ScopePreferenceWrite,

	// Frames the server sends, by their type after "sent:" (a client's
	// "rematch" asks for one; the server's offers it).
	sent + frameChallenge: account.ScopeChallengeRead,
	sent + frameRematch:   account.ScopeChallengeRead,
	sent + framePaired:    account.ScopeChallengeRead,
	sent + frameSchedule:  account.ScopeChallengeRead,
	sent + frameNewGame:   account.ScopeChallengeRead,
	// A player's own games waiting for their move (GET /api/account/waiting
	// shows the same).
	sent + frameYourTurn: account.ScopeBoardPlay,
}

// actionBoardStream is reading one's game as lichess's board API streams
// it.
const actionBoardStream = "board-stream"

// The actions on the user's settings.
const (
	actionSettingsRead  = "settings-read"
	actionSettingsWrite = "settings-write"
)

// sent prefixes the frame types the server sends in actionScopes.
const sent = "sent:"

// The guarded kinds of frames the server sends.
const (
	frameChallenge = "challenge"
	frameRematch   = "rematch"
	framePaired    = "paired"
	frameSchedule  = "schedule"
	frameNewGame   = "newGame"
)

// scopeFor is the scope a token needs for action ("" for none).
func scopeFor(action string) account.Scope { return actionScopes[action] }

// tokenRefusal is the refusal (server.forbidden) of action for who when
// who came with an API token that lacks the action's scope; nil for a
// browser session or nobody, whom the action's own rules judge (the
// runtime refuses a spectator's move).
func tokenRefusal(who Identity, action string) error {
	return scopeRefusal(who, scopeFor(action))
}

// scopeRefusal is tokenRefusal for a scope.
func scopeRefusal(who Identity, scope account.Scope) error {
	if who.Token == nil || scope == "" || who.Token.Allows(scope) {
		return nil
	}
	return NewError(CodeForbidden, "the token lacks scope "+string(scope), nil).
		With("scope", string(scope))
}

// sees reports whether who may be sent frames of kind (one of the frame
// constants above).
func sees(who Identity, kind string) bool { return tokenRefusal(who, sent+kind) == nil }
