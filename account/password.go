package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"
)

// The password rules (NIST SP 800-63B, as OWASP recommends): 8 to 128
// characters, any characters at all, no composition rules, and not the
// username itself.
const (
	PasswordMin = 8
	PasswordMax = 128
)

// Params are the Argon2id parameters of a hash.
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // iterations
	Threads uint8
	SaltLen uint32
	KeyLen  uint32
}

// DefaultParams are OWASP's current minimum for Argon2id (Password Storage
// Cheat Sheet): 19 MiB of memory, 2 iterations, 1 degree of parallelism,
// with a 16-byte salt and a 32-byte key.
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// ValidatePassword reports whether password may be chosen by username.
func ValidatePassword(username, password string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case n < PasswordMin:
		return NewError(CodePasswordShort, "a password has at least "+strconv.Itoa(PasswordMin)+" characters", nil).
			With("min", strconv.Itoa(PasswordMin))
	case n > PasswordMax:
		return NewError(CodePasswordLong, "a password has at most "+strconv.Itoa(PasswordMax)+" characters", nil).
			With("max", strconv.Itoa(PasswordMax))
	case strings.EqualFold(password, username):
		return NewError(CodePasswordUsername, "the password cannot be the username", nil)
	}
	return nil
}

// HashPassword returns the PHC string of password under p, e.g.
// "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<key>" (unpadded base64).
func HashPassword(password string, p Params) (string, error) {
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: reading random salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// CheckPassword reports whether password matches the PHC string hash, in
// time that does not depend on where they differ. rehash is true when the
// hash was made with parameters other than want: the caller should store a
// new hash now that it knows the password. A hash that cannot be read is an
// error with CodeBadHash.
func CheckPassword(hash, password string, want Params) (ok, rehash bool, err error) {
	p, salt, key, err := parseHash(hash)
	if err != nil {
		return false, false, err
	}
	got := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, uint32(len(key)))
	if subtle.ConstantTimeCompare(got, key) != 1 {
		return false, false, nil
	}
	return true, p != want, nil
}

// parseHash reads a PHC string made by HashPassword.
func parseHash(hash string) (p Params, salt, key []byte, err error) {
	bad := func(why string) (Params, []byte, []byte, error) {
		return Params{}, nil, nil, NewError(CodeBadHash, "unreadable password hash: "+why, nil)
	}
	parts := strings.Split(hash, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return bad("not an argon2id PHC string")
	}
	if parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return bad("version " + parts[2])
	}
	var threads uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &p.Memory, &p.Time, &threads); err != nil || threads == 0 || threads > 255 || p.Time == 0 || p.Memory == 0 {
		return bad("parameters " + parts[3])
	}
	p.Threads = uint8(threads)
	b64 := base64.RawStdEncoding
	if salt, err = b64.DecodeString(parts[4]); err != nil || len(salt) < 8 {
		return bad("salt")
	}
	if key, err = b64.DecodeString(parts[5]); err != nil || len(key) < 16 {
		return bad("key")
	}
	p.SaltLen, p.KeyLen = uint32(len(salt)), uint32(len(key))
	return p, salt, key, nil
}
