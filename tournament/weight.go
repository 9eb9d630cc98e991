package tournament

import "math/bits"

// weight is a signed 128-bit integer: hi*2^64 + lo. The Dutch pairing
// criteria are packed into one edge weight as fields of a few bits each,
// most important highest, and a tournament of hundreds of players needs
// more than 64 bits for them.
type weight struct {
	hi int64
	lo uint64
}

func (a weight) add(b weight) weight {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return weight{a.hi + b.hi + int64(c), lo}
}

func (a weight) sub(b weight) weight {
	lo, c := bits.Sub64(a.lo, b.lo, 0)
	return weight{a.hi - b.hi - int64(c), lo}
}

func (a weight) less(b weight) bool {
	if a.hi != b.hi {
		return a.hi < b.hi
	}
	return a.lo < b.lo
}

// half is a/2 rounded towards minus infinity.
func (a weight) half() weight {
	return weight{a.hi >> 1, a.lo>>1 | uint64(a.hi)<<63}
}

func (a weight) isZero() bool { return a.hi == 0 && a.lo == 0 }

// shl is a shifted left by k bits (0 <= k < 64).
func (a weight) shl(k uint) weight {
	if k == 0 {
		return a
	}
	return weight{a.hi<<k | int64(a.lo>>(64-k)), a.lo << k}
}
