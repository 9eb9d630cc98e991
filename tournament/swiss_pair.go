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
		br.full = len(br.rest) == 0 || (!st.checkEach && st.cannotComplete(br))
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
	return st.greedyUnpaired(players, bye) == 0 || st.unpaired(players, bye) == 0
}

// cannotComplete reports whether the bracket, paired over itself and the
// next score group only, is sure to leave the round impossible to
// complete, so that it must be paired over everyone below it at once.
// Paired so, the bracket has the most pairs its players can make (C5
// comes before every criterion that its graph weighs), and its f other
// players float down; f players added to those below can pair at most f
// of the players a maximum matching of them leaves unpaired. So if more
// than f are left, no choice of the bracket's pairs completes the round,
// and [swissState.completes] would say so after the bracket's pairing.
func (st *swissState) cannotComplete(br *bracket) bool {
	least := len(br.b) % 2 // the fewest players who float down
	if st.greedyUnpaired(br.rest, br.bye) <= least {
		return false
	}
	left := st.unpaired(br.rest, br.bye)
	if left <= least {
		return false
	}
	pairs := 0
	for u, v := range cardinalityMatching(len(br.b), st.compatibility(br.b, false)) {
		if u < v {
			pairs++
		}
	}
	return len(br.b)-2*pairs < left
}

// compatibility is the graph of the pairs of players that may meet, as
// lists of neighbours, with one more vertex for the bye (joined to the
// players who may receive it) if bye.
func (st *swissState) compatibility(players []*swissPlayer, bye bool) [][]int32 {
	n := len(players)
	adj := make([][]int32, n, n+1)
	if bye {
		adj = append(adj, nil)
	}
	for i, a := range players {
		for j := i + 1; j < n; j++ {
			if st.compatible(a, players[j]) {
				adj[i] = append(adj[i], int32(j))
				adj[j] = append(adj[j], int32(i))
			}
		}
		if bye && a.byeOK {
			adj[i] = append(adj[i], int32(n))
			adj[n] = append(adj[n], int32(i))
		}
	}
	return adj
}

// unpaired is how many of the players, and the bye if bye, a pairing of
// the most pairs leaves without an opponent.
func (st *swissState) unpaired(players []*swissPlayer, bye bool) int {
	left := 0
	for _, v := range cardinalityMatching(len(players)+b2i(bye), st.compatibility(players, bye)) {
		if v < 0 {
			left++
		}
	}
	return left
}

// greedyUnpaired pairs each player with the next one it may meet, the
// bye going to the first one left over who may receive it, and says how
// many players and byes that leaves without an opponent: at least as
// many as [swissState.unpaired], and a quick proof that the players can
// all be paired when it is none.
func (st *swissState) greedyUnpaired(players []*swissPlayer, bye bool) int {
	used := make([]bool, len(players))
	left := b2i(bye)
	byeFree := bye
	for i, a := range players {
		if used[i] {
			continue
		}
		used[i] = true
		j := i + 1
		for j < len(players) && (used[j] || !st.compatible(a, players[j])) {
			j++
		}
		switch {
		case j < len(players):
			used[j] = true
		case byeFree && a.byeOK:
			byeFree = false
			left--
		default:
			left++
		}
	}
	return left
}
