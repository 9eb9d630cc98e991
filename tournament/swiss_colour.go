package tournament

// colourPreference is a player's colour preference and its strength from
// the colours of the games it played (C.04.3): absolute when the colour
// difference is beyond ±1 or the last two games had the same colour,
// strong at ±1, mild (alternation) at 0, none before any game.
func colourPreference(cols []int8, cd int) (int8, int) {
	n := len(cols)
	switch {
	case n == 0:
		return 0, prefNone
	case cd < -1:
		return 1, prefAbsolute
	case cd > 1:
		return -1, prefAbsolute
	case n >= 2 && cols[n-1] == cols[n-2]:
		return -cols[n-1], prefAbsolute
	case cd == -1:
		return 1, prefStrong
	case cd == 1:
		return -1, prefStrong
	}
	return -cols[n-1], prefMild
}

// compatible reports whether two players may meet under the absolute
// criteria C1 and C3.
func (st *swissState) compatible(a, b *swissPlayer) bool {
	if a.met[b.num] {
		return false
	}
	if a.strength == prefAbsolute && b.strength == prefAbsolute && a.pref == b.pref && !a.top && !b.top {
		return false
	}
	return true
}

// colours returns the colour of a, the first argument, in a game against
// b by the colour allocation rules (C.04.3): +1 White, -1 Black.
func (st *swissState) colours(a, b *swissPlayer) int8 {
	// Both preferences granted.
	if a.pref != 0 && b.pref != 0 && a.pref != b.pref {
		return a.pref
	}
	if a.pref == 0 && b.pref != 0 {
		return -b.pref
	}
	if b.pref == 0 && a.pref != 0 {
		return a.pref
	}
	if a.pref != 0 { // same preference
		// The stronger preference; both absolute: the wider colour difference.
		if a.strength != b.strength {
			if a.strength > b.strength {
				return a.pref
			}
			return -b.pref
		}
		if a.strength == prefAbsolute {
			da, db := abs(a.cd), abs(b.cd)
			if da != db {
				if da > db {
					return a.pref
				}
				return -b.pref
			}
		}
		// Alternate to the most recent round with different colours.
		i, j := len(a.colours)-1, len(b.colours)-1
		for i >= 0 && j >= 0 {
			switch {
			case a.colRounds[i] > b.colRounds[j]:
				i--
			case a.colRounds[i] < b.colRounds[j]:
				j--
			default:
				if a.colours[i] != b.colours[j] {
					return -a.colours[i]
				}
				i--
				j--
			}
		}
		// The higher-ranked player's preference.
		if a.rank < b.rank {
			return a.pref
		}
		return -b.pref
	}
	// No preference at all: the higher-ranked player gets the initial
	// colour with an odd pairing number, the other colour with an even.
	hi, sign := a, int8(1)
	if b.rank < a.rank {
		hi, sign = b, -1
	}
	c := st.initial
	if hi.num%2 == 0 {
		c = -c
	}
	return c * sign
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
