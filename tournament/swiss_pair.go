package tournament

import (
	"cmp"
	"fmt"
	"slices"
)

// pair pairs the round bracket by bracket, from the highest score group
// down. Each bracket takes the pairs of a maximum weight matching whose
// weights put the quality criteria in order, over the bracket and the
// next score group; if the players left could then not all be paired
// (C4), the bracket is paired again over itself and every player below
// it, with the bye, the matching having the most pairs first.
func (st *swissState) pair() ([]Pairing, error) {
	needBye := len(st.list)%2 == 1
	var out [][2]*swissPlayer
	var byeTo *swissPlayer
	var mdps []*swissPlayer
	i := 0
	for i < len(st.list) || len(mdps) > 0 {
		j := i
		for j < len(st.list) && st.list[j].score == st.list[i].score {
			j++
		}
		br := &bracket{st: st, rest: st.list[j:], bye: needBye, next: -1, mdps: len(mdps)}
		br.b = append(slices.Clone(mdps), st.list[i:j]...)
		if j < len(st.list) {
			br.next = st.list[j].group
		}
		br.lowB = br.b[len(br.b)-1].score
		br.full = len(br.rest) == 0
		br.withNext = len(br.b)%2 == 1
		pairs, float, bye, err := br.solve()
		if err == nil && !br.full && !br.withNext && len(float) > 0 {
			br.withNext = true
			pairs, float, bye, err = br.solve()
		}
		if err == nil && !br.full && !st.completes(append(slices.Clone(float), br.rest...), needBye) {
			br.full = true
			pairs, float, bye, err = br.solve()
		}
		if err != nil {
			return nil, err
		}
		out = append(out, pairs...)
		if bye != nil {
			byeTo = bye
		}
		mdps = float
		i = j
		if i >= len(st.list) && len(mdps) > 0 && bye == nil {
			return nil, fmt.Errorf("%w: %d players left unpaired", ErrNoPairing, len(mdps))
		}
		if i >= len(st.list) {
			break
		}
	}
	// Colours, then board order (C.04.2).
	boards := make([]Pairing, 0, len(out)+1)
	slices.SortFunc(out, func(x, y [2]*swissPlayer) int {
		hx, hy := x[0], y[0]
		return cmp.Or(cmp.Compare(max(y[0].score, y[1].score), max(x[0].score, x[1].score)),
			cmp.Compare(y[0].score+y[1].score, x[0].score+x[1].score),
			cmp.Compare(min(hx.rank, x[1].rank), min(hy.rank, y[1].rank)))
	})
	for _, pr := range out {
		a, b := pr[0], pr[1]
		if st.colours(a, b) > 0 {
			boards = append(boards, Pairing{White: a.num, Black: b.num})
		} else {
			boards = append(boards, Pairing{White: b.num, Black: a.num})
		}
	}
	if byeTo != nil {
		boards = append(boards, Pairing{White: byeTo.num, Black: Bye})
	}
	return boards, nil
}

// completes reports whether the players who float down and every player
// below the bracket can all be paired (one of them taking the bye).
func (st *swissState) completes(players []*swissPlayer, bye bool) bool {
	if st.greedyCompletes(players, bye) {
		return true
	}
	n := len(players)
	var edges []wedge
	one := weight{0, 1}
	for i, a := range players {
		for j := i + 1; j < n; j++ {
			if st.compatible(a, players[j]) {
				edges = append(edges, wedge{i, j, one})
			}
		}
		if bye && a.byeOK {
			edges = append(edges, wedge{i, n, one})
		}
	}
	if bye {
		n++
	}
	for _, v := range maxCardinalityMatching(n, edges) {
		if v < 0 {
			return false
		}
	}
	return true
}

// greedyCompletes pairs each player with the next one it may meet, the
// last one left taking the bye: a quick proof that the players can all be
// paired, when it works.
func (st *swissState) greedyCompletes(players []*swissPlayer, bye bool) bool {
	used := make([]bool, len(players))
	left := 0
	for i, a := range players {
		if used[i] {
			continue
		}
		used[i] = true
		j := i + 1
		for j < len(players) && (used[j] || !st.compatible(a, players[j])) {
			j++
		}
		if j < len(players) {
			used[j] = true
			continue
		}
		if left++; !bye || left > 1 || !a.byeOK {
			return false
		}
	}
	return !bye || left == 1
}
