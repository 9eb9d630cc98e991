package natsbus

import (
	"encoding/hex"
	"strings"
)

// DefaultPrefix starts every subject when none is configured.
const DefaultPrefix = "joinpal"

// originHeader names the node that published a message, so that a node
// does not deliver its own events twice.
const originHeader = "Joinpal-Node"

// token makes s one token of a subject: s itself when it holds only
// letters, digits, '-' and '_', otherwise "x" and its bytes in hex.
func token(s string) string {
	ok := s != ""
	for _, c := range s {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	return "x" + hex.EncodeToString([]byte(s))
}

// subject joins a prefix and tokens into a subject.
func subject(prefix string, tokens ...string) string {
	if prefix == "" {
		prefix = DefaultPrefix
	}
	parts := []string{prefix}
	for _, t := range tokens {
		parts = append(parts, token(t))
	}
	return strings.Join(parts, ".")
}
