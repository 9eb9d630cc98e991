package tournament

import "fmt"

// Bye is the number a [Pairing] gives as Black when White has no game
// that round: in a round-robin of an odd number of players, the player the
// table pairs with the extra number n+1 (C.05 Annex 1).
const Bye = 0

// MaxPlayers is the most players a round-robin table is built for.
const MaxPlayers = 1000

// Pairing is one board of a round: the players' pairing numbers (1..n),
// White first. Black is [Bye] when White sits the round out.
type Pairing struct {
	White, Black int
}

// IsBye reports whether the pairing is a bye for White.
func (p Pairing) IsBye() bool { return p.Black == Bye }

// BergerRound returns round r (1..n-1 for even n, 1..n for odd n) of the
// Berger table for n players, board by board as the FIDE Handbook (C.05,
// Annex 1) prints it. For an odd n the table is the one for n+1 players,
// and the board with player n+1 becomes a bye for the other player, given
// as White.
//
// The table: in round 1, player k plays n+1-k, the lower number with
// White. Each next round adds n/2 to every number but n, counting 1..n-1
// round and round; player n stays on board 1 and changes colour every
// round, with Black in odd rounds. That rule gives the Handbook's
// published tables exactly (the tests hold those for 4 to 10 players).
func BergerRound(n, r int) ([]Pairing, error) {
	if n < 2 || n > MaxPlayers {
		return nil, fmt.Errorf("tournament: a round-robin has 2 to %d players, not %d", MaxPlayers, n)
	}
	m := n + n%2 // the table's size: even
	if r < 1 || r > m-1 {
		return nil, fmt.Errorf("tournament: a round-robin of %d players has rounds 1 to %d, not %d", n, m-1, r)
	}
	half := m / 2
	// rot is the number that the player at place k (0-based, among the
	// n-1 rotating numbers) holds in round r.
	rot := func(k int) int { return (k+(r-1)*half)%(m-1) + 1 }
	out := make([]Pairing, 0, half)
	first := rot(0)
	if r%2 == 1 {
		out = append(out, Pairing{first, m})
	} else {
		out = append(out, Pairing{m, first})
	}
	for k := 1; k < half; k++ {
		out = append(out, Pairing{rot(k), rot(m - 1 - k)})
	}
	if m != n { // odd: the extra number m is the bye
		for i, p := range out {
			switch m {
			case p.White:
				out[i] = Pairing{p.Black, Bye}
			case p.Black:
				out[i] = Pairing{p.White, Bye}
			}
		}
	}
	return out, nil
}

// RoundRobin returns every round of a round-robin of n players played in
// cycles cycles (1 for a single round-robin, 2 for a double one, up to 4):
// rounds[i] is round i+1.
//
// The first cycle is the Berger table. Every later cycle repeats the table
// with the colours reversed on every board, so that over two cycles each
// pair meets once with each colour. In a tournament of more than one cycle,
// the last two rounds of the first cycle are played in reverse order, as
// C.05 Annex 1 recommends for a double round-robin: without it, the player
// numbered 1 (and the one numbered n/2+1) would have the same colour three
// rounds running where the cycles meet.
func RoundRobin(n, cycles int) ([][]Pairing, error) {
	if cycles < 1 || cycles > 4 {
		return nil, fmt.Errorf("tournament: a round-robin has 1 to 4 cycles, not %d", cycles)
	}
	if n < 2 || n > MaxPlayers {
		return nil, fmt.Errorf("tournament: a round-robin has 2 to %d players, not %d", MaxPlayers, n)
	}
	per := n + n%2 - 1
	table := make([][]Pairing, per)
	for r := range table {
		var err error
		if table[r], err = BergerRound(n, r+1); err != nil {
			return nil, err
		}
	}
	rounds := make([][]Pairing, 0, per*cycles)
	for c := 0; c < cycles; c++ {
		for r := 0; r < per; r++ {
			src := r
			if c == 0 && cycles > 1 && per >= 3 && r >= per-2 {
				src = 2*per - 3 - r // per-2 ↔ per-1
			}
			round := make([]Pairing, len(table[src]))
			for i, p := range table[src] {
				if c%2 == 1 && !p.IsBye() {
					p = Pairing{p.Black, p.White}
				}
				round[i] = p
			}
			rounds = append(rounds, round)
		}
	}
	return rounds, nil
}
