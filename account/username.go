package account

import (
	"strconv"
	"strings"
)

// The username rules: 3 to 20 characters among the letters a–z (either
// case), the digits and the separators '_' and '-'; it starts with a letter,
// does not end with a separator, and has no two separators in a row. Case is
// kept for display but not for identity: "Magnus" and "magnus" are the same
// account. Some names are kept for the site itself.
const (
	UsernameMin = 3
	UsernameMax = 20
)

// reserved names cannot be registered (compared case-insensitively).
var reserved = map[string]bool{
	"admin": true, "administrator": true, "joinpal": true, "root": true, "system": true,
	"moderator": true, "mod": true, "support": true, "api": true, "www": true,
	"guest": true, "invitado": true, "anonymous": true, "anonimo": true,
	"ai": true, "ia": true, "stockfish": true, "engine": true, "bot": true,
	"null": true, "undefined": true, "me": true, "new": true, "login": true, "logout": true, "signup": true,
}

// UserID returns the identity of a username: its lower-case form.
func UserID(username string) string { return strings.ToLower(username) }

// ValidateUsername reports whether name may be registered, with a coded
// error naming the first rule it breaks.
func ValidateUsername(name string) error {
	if n := len(name); n < UsernameMin || n > UsernameMax {
		return NewError(CodeUsernameLength, "a username has "+strconv.Itoa(UsernameMin)+" to "+strconv.Itoa(UsernameMax)+" characters", nil).
			With("min", strconv.Itoa(UsernameMin), "max", strconv.Itoa(UsernameMax))
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && !(c >= '0' && c <= '9') && !isSeparator(c) {
			return NewError(CodeUsernameChars, "a username holds only letters a-z, digits, '_' and '-'", nil)
		}
		if i == 0 && !letter {
			return NewError(CodeUsernameStart, "a username starts with a letter", nil)
		}
		if i > 0 && isSeparator(c) && isSeparator(name[i-1]) {
			return NewError(CodeUsernameSeparator, "a username has no two '_' or '-' in a row", nil)
		}
	}
	if isSeparator(name[len(name)-1]) {
		return NewError(CodeUsernameEnd, "a username does not end with '_' or '-'", nil)
	}
	if reserved[UserID(name)] {
		return NewError(CodeUsernameReserved, "the username "+name+" is reserved", nil).With("username", name)
	}
	return nil
}

func isSeparator(c byte) bool { return c == '_' || c == '-' }
