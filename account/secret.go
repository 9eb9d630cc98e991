package account

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strings"
)

// A secret is what a session cookie or an API token carries: 32 random
// bytes behind a prefix that says what it is ("jps_" for a session, "jpt_"
// for an API token), in unpadded base64url. Only its SHA-256 digest is
// stored, so a copy of the database lets nobody in; the secrets are random
// enough that a fast hash is the right one.
const (
	SessionPrefix = "jps_"
	TokenPrefix   = "jpt_"
	secretBytes   = 32
)

// Digest is the stored form of a secret.
type Digest [sha256.Size]byte

// NewSecret returns a fresh secret with prefix and its digest.
func NewSecret(prefix string) (secret string, digest Digest) {
	b := make([]byte, secretBytes)
	rand.Read(b) // never fails (crypto/rand's contract since Go 1.24)
	secret = prefix + base64.RawURLEncoding.EncodeToString(b)
	return secret, sha256.Sum256([]byte(secret))
}

// ParseSecret checks that s is a well-formed secret with prefix and returns
// its digest, to look up; a malformed one is an error with CodeBadToken.
func ParseSecret(prefix, s string) (Digest, error) {
	body, ok := strings.CutPrefix(s, prefix)
	if !ok || base64.RawURLEncoding.DecodedLen(len(body)) != secretBytes {
		return Digest{}, NewError(CodeBadToken, "malformed secret", nil)
	}
	if _, err := base64.RawURLEncoding.DecodeString(body); err != nil {
		return Digest{}, NewError(CodeBadToken, "malformed secret", nil)
	}
	return sha256.Sum256([]byte(s)), nil
}
