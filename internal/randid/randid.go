// Package randid draws random ids: n characters of an alphabet, each
// equally likely, from crypto/rand. The lobby's challenge and seek ids, the
// scheduled games' ids, users' and games' ids are drawn here.
package randid

import "crypto/rand"

// Alphanumeric is digits and both cases of the letters a–z (62 symbols).
const Alphanumeric = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// LowerAlphanumeric is digits and the lower-case letters a–z (36 symbols).
const LowerAlphanumeric = "0123456789abcdefghijklmnopqrstuvwxyz"

// String returns n characters of alphabet (at most 256 symbols), each drawn
// uniformly: a random byte is used only below the largest multiple of the
// alphabet's size, so that no symbol is likelier than another.
func String(alphabet string, n int) string {
	size := len(alphabet)
	if size == 0 || size > 256 {
		panic("randid: the alphabet must have 1 to 256 symbols")
	}
	limit := 256 / size * size
	out := make([]byte, 0, n)
	var b [32]byte
	for len(out) < n {
		rand.Read(b[:])
		for _, c := range b {
			if int(c) < limit && len(out) < n {
				out = append(out, alphabet[int(c)%size])
			}
		}
	}
	return string(out)
}
