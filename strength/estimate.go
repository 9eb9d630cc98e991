package strength

import (
	"errors"
	"fmt"
	"math"
	"sort"
)

// Result is the score of one pairing, from A's point of view.
type Result struct {
	A, B                string
	Wins, Draws, Losses int
}

// Games returns the number of games of the pairing.
func (r Result) Games() int { return r.Wins + r.Draws + r.Losses }

// Rating is one player's estimated Elo with its 95 % interval.
type Rating struct {
	Name string
	Elo  float64
	// Margin is the half-width of the 95 % interval (0 for an anchor).
	Margin float64
	// Games is the number of games the player took part in.
	Games int
	// Anchor reports that the rating was fixed, not estimated.
	Anchor bool
}

// PriorDraws is the number of virtual draws added to every pairing, as
// BayesElo's prior does: it keeps a player who lost (or won) every game at
// a finite rating, at the price of a slight pull towards its opponents.
const PriorDraws = 1.0

// eloScale converts Elo differences to the logistic model's natural units:
// the expected score of A against B is 1 / (1 + 10^((Rb − Ra)/400)).
const eloScale = math.Ln10 / 400

// Estimate returns the maximum-likelihood ratings of every player of the
// results, the anchors keeping their given ratings. Every player must be
// connected to an anchor through the pairings. The intervals come from the
// curvature of the likelihood at its maximum (the inverse of the observed
// Fisher information).
func Estimate(results []Result, anchors map[string]float64) ([]Rating, error) {
	if len(anchors) == 0 {
		return nil, errors.New("strength: at least one anchor is needed")
	}
	index := map[string]int{}
	var names []string
	games := map[string]int{}
	for _, r := range results {
		for _, n := range [2]string{r.A, r.B} {
			if _, ok := index[n]; !ok {
				index[n] = len(names)
				names = append(names, n)
			}
			games[n] += r.Games()
		}
	}
	if err := connected(results, names, anchors); err != nil {
		return nil, err
	}
	rating := make([]float64, len(names))
	var free []int // players whose rating is estimated
	for i, n := range names {
		if a, ok := anchors[n]; ok {
			rating[i] = a
		} else {
			free = append(free, i)
		}
	}
	// Start the free players at the mean anchor, then Newton's method.
	var mean float64
	for _, a := range anchors {
		mean += a
	}
	mean /= float64(len(anchors))
	for _, i := range free {
		rating[i] = mean
	}
	pos := map[int]int{}
	for k, i := range free {
		pos[i] = k
	}
	n := len(free)
	var info [][]float64
	for iter := 0; iter < 100; iter++ {
		grad := make([]float64, n)
		info = make([][]float64, n)
		for k := range info {
			info[k] = make([]float64, n)
		}
		for _, r := range results {
			a, b := index[r.A], index[r.B]
			total := float64(r.Games()) + PriorDraws
			score := float64(r.Wins) + 0.5*(float64(r.Draws)+PriorDraws)
			p := 1 / (1 + math.Pow(10, (rating[b]-rating[a])/400))
			g := (score - total*p) * eloScale // d logL / d rating[a]
			h := total * p * (1 - p) * eloScale * eloScale
			ka, fa := pos[a]
			kb, fb := pos[b]
			if fa {
				grad[ka] += g
				info[ka][ka] += h
			}
			if fb {
				grad[kb] -= g
				info[kb][kb] += h
			}
			if fa && fb {
				info[ka][kb] -= h
				info[kb][ka] -= h
			}
		}
		step, err := solve(info, grad)
		if err != nil {
			return nil, err
		}
		var largest float64
		for k, i := range free {
			s := max(min(step[k], 400), -400) // keep early steps sane
			rating[i] += s
			largest = max(largest, math.Abs(s))
		}
		if largest < 1e-6 {
			break
		}
	}
	cov, err := invert(info)
	if err != nil {
		return nil, err
	}
	out := make([]Rating, len(names))
	for i, name := range names {
		out[i] = Rating{Name: name, Elo: rating[i], Games: games[name]}
		if k, ok := pos[i]; ok {
			out[i].Margin = 1.96 * math.Sqrt(cov[k][k])
		} else {
			out[i].Anchor = true
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Elo < out[j].Elo })
	return out, nil
}

// connected checks that every player reaches an anchor through pairings.
func connected(results []Result, names []string, anchors map[string]float64) error {
	adj := map[string][]string{}
	for _, r := range results {
		adj[r.A] = append(adj[r.A], r.B)
		adj[r.B] = append(adj[r.B], r.A)
	}
	seen := map[string]bool{}
	var queue []string
	for n := range anchors {
		if _, ok := adj[n]; ok {
			seen[n] = true
			queue = append(queue, n)
		}
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		for _, m := range adj[n] {
			if !seen[m] {
				seen[m] = true
				queue = append(queue, m)
			}
		}
	}
	for _, n := range names {
		if !seen[n] {
			return fmt.Errorf("strength: %s has played no anchored player, even indirectly", n)
		}
	}
	return nil
}

// solve solves m x = v by Gaussian elimination with partial pivoting.
func solve(m [][]float64, v []float64) ([]float64, error) {
	n := len(v)
	a := make([][]float64, n)
	for i := range a {
		a[i] = append(append([]float64(nil), m[i]...), v[i])
	}
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-300 {
			return nil, errors.New("strength: the ratings are not determined by the games")
		}
		a[c], a[p] = a[p], a[c]
		for r := 0; r < n; r++ {
			if r != c {
				f := a[r][c] / a[c][c]
				for k := c; k <= n; k++ {
					a[r][k] -= f * a[c][k]
				}
			}
		}
	}
	x := make([]float64, n)
	for i := range x {
		x[i] = a[i][n] / a[i][i]
	}
	return x, nil
}

// invert returns the inverse of m.
func invert(m [][]float64) ([][]float64, error) {
	n := len(m)
	out := make([][]float64, n)
	for j := 0; j < n; j++ {
		e := make([]float64, n)
		e[j] = 1
		col, err := solve(m, e)
		if err != nil {
			return nil, err
		}
		for i := range out {
			if out[i] == nil {
				out[i] = make([]float64, n)
			}
			out[i][j] = col[i]
		}
	}
	return out, nil
}
