package account

import "github.com/joinpal/joinpal/internal/randid"

// Lengths of the ids NewUserID and NewTokenID make, in lower-case letters
// and digits drawn without bias from crypto/rand.
const (
	// UserIDLen: 36^16 ≈ 8×10^24 ids, for every guest and account.
	UserIDLen = 16
	// TokenIDLen: 36^12 ≈ 4.7×10^18 ids, for a user's API tokens.
	TokenIDLen = 12
)

// NewUserID returns a fresh user id (UserIDLen letters and digits).
func NewUserID() string { return randid.String(randid.LowerAlphanumeric, UserIDLen) }

// NewTokenID returns a fresh id of an API token (TokenIDLen letters and
// digits): the name by which its owner lists and revokes it, never its
// secret.
func NewTokenID() string { return randid.String(randid.LowerAlphanumeric, TokenIDLen) }
