package account

import "time"

// User is a person on JoinPal: a guest or an account. The id never changes,
// so a guest who signs up keeps the games played as a guest: the guest's
// user becomes the account.
type User struct {
	// ID is the user's opaque, permanent id (what games store as the
	// player's id).
	ID string `json:"id"`
	// Username is the account's name as its owner wrote it; empty for a
	// guest. It is unique without regard to case ([UserID] of it).
	Username string `json:"username,omitempty"`
	// DisplayName is what boards show: the username, or a guest's
	// generated name.
	DisplayName string `json:"displayName"`
	// Guest reports that the user has no account (no password).
	Guest bool `json:"guest"`
	// PasswordHash is the Argon2id PHC string; empty for a guest. Never
	// sent to clients.
	PasswordHash string `json:"-"`
	// Lang is the preferred interface language ("es", "en"; "" for the
	// browser's choice).
	Lang string `json:"lang,omitempty"`
	// CreatedAt is when the user first appeared.
	CreatedAt time.Time `json:"createdAt"`
	// Bot reports that the account is a bot's, for good: it plays through
	// lichess's Bot API, not in the lobby, and shows the BOT title.
	Bot bool `json:"bot,omitempty"`
}

// Session is a signed-in browser: its cookie carries the secret, the store
// keeps only its Digest. Sessions are revocable: deleting one signs that
// browser out.
type Session struct {
	Digest    Digest
	UserID    string
	CreatedAt time.Time
	// ExpiresAt is when the session ends unless it is used again (each use
	// may extend it).
	ExpiresAt time.Time
}

// Scope is a permission of an API token, named as lichess names them.
type Scope string

// The scopes a token can hold.
const (
	// ScopeBoardPlay lets a program play its user's games (moves, draws,
	// resignations) and read their event stream.
	ScopeBoardPlay Scope = "board:play"
	// ScopeChallengeRead lets a program read its user's challenges.
	ScopeChallengeRead Scope = "challenge:read"
	// ScopeChallengeWrite lets a program create, accept, decline and
	// cancel challenges and seeks.
	ScopeChallengeWrite Scope = "challenge:write"
	// ScopeBotPlay lets a program make its account a bot and play its
	// games through lichess's Bot API.
	ScopeBotPlay Scope = "bot:play"
	// ScopePreferenceRead lets a program read its user's settings.
	ScopePreferenceRead Scope = "preference:read"
	// ScopePreferenceWrite lets a program change its user's settings.
	ScopePreferenceWrite Scope = "preference:write"
	// ScopeClubRead lets a program read its user's clubs, and the pending
	// requests and invitations of the clubs the user manages.
	ScopeClubRead Scope = "club:read"
	// ScopeClubWrite lets a program create, join and leave clubs, and
	// manage the members of those its user manages.
	ScopeClubWrite Scope = "club:write"
	// ScopeTournamentWrite lets a program create tournaments, join and
	// leave them, and run those its user organises.
	ScopeTournamentWrite Scope = "tournament:write"
)

// Scopes lists every scope.
func Scopes() []Scope {
	return []Scope{ScopeBoardPlay, ScopeBotPlay, ScopeChallengeRead, ScopeChallengeWrite, ScopePreferenceRead, ScopePreferenceWrite,
		ScopeClubRead, ScopeClubWrite, ScopeTournamentWrite}
}

// Token is an API token for programs and bots: Bearer secret, stored
// hashed, named, revocable, with scopes.
type Token struct {
	// ID names the token in lists and revocations (not secret).
	ID     string
	Digest Digest
	UserID string
	// Name is what the owner called it.
	Name      string
	Scopes    []Scope
	CreatedAt time.Time
	// Revoked is when it was revoked; zero while valid.
	Revoked time.Time
}

// Allows reports whether the token holds scope s and is not revoked.
func (t Token) Allows(s Scope) bool {
	if !t.Revoked.IsZero() {
		return false
	}
	for _, have := range t.Scopes {
		if have == s {
			return true
		}
	}
	return false
}
