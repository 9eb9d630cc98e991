// Package account holds the rules of JoinPal's accounts that do not depend
// on where they are stored: which usernames are allowed, how passwords are
// checked and hashed (Argon2id with OWASP's parameters), and how session
// ids and API tokens are made and kept (only their SHA-256 is stored).
//
// Its errors carry stable codes (see [Codes] and docs/ERRORS.md) and the
// parameters a translated message needs.
package account
