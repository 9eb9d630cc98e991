//go:build tune

package engine

// The evaluation tuner (Texel's method): it fits the evaluation's
// parameters to the results of games, minimising the squared difference
// between each position's result and a logistic function of its
// evaluation. It is a tool, not a test; run it with
//
//	go test -tags tune -run TestTune -timeout 0 ./engine -tune.data FILE
//
// where FILE holds lines "FEN;result" (result 1.0, 0.5 or 0.0 for white),
// optionally followed by ";cp", a reference evaluation in centipawns for
// white, whose win expectation is blended with the result.
// It prints the tuned tables as Go source to paste into the evaluation.
//
// The values in the evaluation came from about 200,000 quiet positions of
// Stockfish self-play games (1,500 nodes a move, from this book's openings
// with a few random moves), each labelled with the game's result and with
// Stockfish's static evaluation, blended 0.2/0.8: results alone from a few
// thousand games were too few for some 700 parameters and overfitted.

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/joinpal/joinpal/chess"
)

var (
	tuneData   = flag.String("tune.data", "", "positions and results")
	tuneMax    = flag.Int("tune.max", 200000, "positions to use at most")
	tuneIters  = flag.Int("tune.iters", 1500, "gradient steps per round")
	tuneRounds = flag.Int("tune.rounds", 2, "rounds (the linearisation is redone each round)")
	tuneRate   = flag.Float64("tune.rate", 0.3, "Adam learning rate")
	tuneL2     = flag.Float64("tune.l2", 2e-7, "pull of each parameter back to its starting value")
	tuneLambda = flag.Float64("tune.lambda", 0.8, "weight of the reference evaluation (third field) against the result")
)

// param is one tunable middlegame/endgame pair.
type param struct {
	name   string
	get    func() (int, int)
	set    func(mg, eg int)
	fixMG  bool // middlegame part not tuned
	fixEG  bool
	isPST  bool
	mgOnly bool
}

func packedParam(name string, p *packed) param {
	return param{name: name, get: func() (int, int) { return p.mg(), p.eg() }, set: func(mg, eg int) { *p = S(mg, eg) }}
}

func intPairParam(name string, mg, eg *int) param {
	return param{name: name, get: func() (int, int) { return *mg, *eg }, set: func(a, b int) { *mg, *eg = a, b }}
}

func intParam(name string, v *int) param {
	return param{name: name, mgOnly: true, get: func() (int, int) { return *v, 0 }, set: func(a, _ int) { *v = a }}
}

func tunables() []param {
	var ps []param
	names := [7]string{"", "P", "N", "B", "R", "Q", "K"}
	tables := [7][2]*[64]int{
		chess.Pawn:   {&pawnMG, &pawnEG},
		chess.Knight: {&knightMG, &knightEG},
		chess.Bishop: {&bishopMG, &bishopEG},
		chess.Rook:   {&rookMG, &rookEG},
		chess.Queen:  {&queenMG, &queenEG},
		chess.King:   {&kingMG, &kingEG},
	}
	for pt := chess.Pawn; pt <= chess.Queen; pt++ {
		p := packedParam("value"+names[pt], &pieceValue[pt])
		p.isPST = true // material is folded into the tables
		ps = append(ps, p)
	}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		for i := 0; i < 64; i++ {
			if pt == chess.Pawn && (i < 8 || i >= 56) {
				continue
			}
			p := intPairParam(fmt.Sprintf("pst%s[%d]", names[pt], i), &tables[pt][0][i], &tables[pt][1][i])
			p.isPST = true
			ps = append(ps, p)
		}
	}
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		n := [7]int{chess.Knight: 9, chess.Bishop: 14, chess.Rook: 15, chess.Queen: 28}[pt]
		for i := 0; i < n; i++ {
			ps = append(ps, packedParam(fmt.Sprintf("mob%s[%d]", names[pt], i), &mobility[pt][i]))
		}
	}
	for r := 1; r < 7; r++ {
		ps = append(ps, packedParam(fmt.Sprintf("passedRank[%d]", r), &passedRank[r]))
	}
	for _, x := range []struct {
		n string
		p *packed
	}{
		{"pawnDoubled", &pawnDoubled}, {"pawnIsolated", &pawnIsolated}, {"pawnIsolatedOpen", &pawnIsolatedOpen},
		{"pawnBackward", &pawnBackward}, {"pawnBackwardOpen", &pawnBackwardOpen},
		{"bishopPair", &bishopPair}, {"rookOpenFile", &rookOpenFile}, {"rookSemiOpen", &rookSemiOpen},
		{"rookOnSeventh", &rookOnSeventh}, {"knightOutpost", &knightOutpost}, {"bishopOutpost", &bishopOutpost},
		{"minorBehindPawn", &minorBehindPawn}, {"bishopPawnsSame", &bishopPawnsSame},
		{"threatByPawn", &threatByPawn}, {"threatByMinor", &threatByMinor}, {"threatByRook", &threatByRook},
		{"hangingPiece", &hangingPiece}, {"kingOpenFile", &kingOpenFile},
	} {
		ps = append(ps, packedParam(x.n, x.p))
	}
	for r := 1; r < 7; r++ {
		ps = append(ps, intParam(fmt.Sprintf("pawnConnected[%d]", r), &pawnConnected[r]))
	}
	ps = append(ps, intParam("pawnSupport", &pawnSupport))
	for r := 0; r < 6; r++ {
		ps = append(ps, intParam(fmt.Sprintf("shelterByRank[%d]", r), &shelterByRank[r]))
	}
	for r := 2; r < 6; r++ {
		ps = append(ps, intParam(fmt.Sprintf("stormByRank[%d]", r), &stormByRank[r]))
	}
	return ps
}

type tunePos struct {
	pos    chess.Position
	result float64
	mg, eg int // at the parameters of the last linearisation
	phase  int
	scale  int
	stm    int // +1 white to move, -1 black
	coefs  []coef
}

type coef struct {
	p      int32
	mg, eg float32
}

func loadTuneData(t *testing.T, e *Engine) []tunePos {
	f, err := os.Open(*tuneData)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var all []tunePos
	sc := bufio.NewScanner(f)
	e.prepareStatic()
	for sc.Scan() {
		fields := strings.Split(sc.Text(), ";")
		if len(fields) < 2 {
			continue
		}
		fen := fields[0]
		r, err := strconv.ParseFloat(fields[1], 64)
		if err != nil {
			continue
		}
		if len(fields) >= 3 {
			// A reference evaluation: blend its win expectation with the result.
			cp, err := strconv.ParseFloat(fields[2], 64)
			if err != nil {
				continue
			}
			r = *tuneLambda*sigmoid(cp, 1.0) + (1-*tuneLambda)*r
		}
		pos, err := chess.ParseFEN(fen)
		if err != nil || pos.InCheck() || pos.FullmoveNumber() < 5 {
			continue
		}
		// Keep quiet positions only: the static evaluation is what
		// quiescence search would return.
		if e.qsearch(&pos, -scoreInf, scoreInf, 0, 1) != e.evaluate(&pos) {
			continue
		}
		all = append(all, tunePos{pos: pos, result: r})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	rng.Shuffle(len(all), func(i, j int) { all[i], all[j] = all[j], all[i] })
	if len(all) > *tuneMax {
		all = all[:*tuneMax]
	}
	return all
}

// prepareStatic readies the search state for qsearch calls outside Search.
func (e *Engine) prepareStatic() {
	e.keys = make([]uint64, maxPly+4)
	e.rootIdx = 0
	e.nodeLimit = ^uint64(0)
	e.qsLimit = maxPly
	e.done = context.Background().Done()
	for i := range e.stack {
		e.stack[i] = frame{eval: scoreNone}
	}
}

func sigmoid(x, k float64) float64 { return 1 / (1 + math.Exp(-k*x/400*math.Ln10)) }

func (tp *tunePos) eval() float64 {
	return float64(tp.mg*tp.phase+tp.eg*tp.scale/64*(24-tp.phase))/24 + float64(tp.stm*tempo)
}

func totalError(e *Engine, ps []tunePos, k float64) float64 {
	var sum float64
	for i := range ps {
		v := float64(e.evalWhite(&ps[i].pos)) + float64(ps[i].stm*tempo)
		d := ps[i].result - sigmoid(v, k)
		sum += d * d
	}
	return sum / float64(len(ps))
}

func bestK(e *Engine, ps []tunePos) float64 {
	best, bestErr := 1.0, math.Inf(1)
	for k := 0.3; k <= 2.0; k += 0.05 {
		if err := totalError(e, ps, k); err < bestErr {
			best, bestErr = k, err
		}
	}
	return best
}

func TestTune(t *testing.T) {
	if *tuneData == "" {
		t.Skip("no -tune.data")
	}
	tuning = true
	defer func() { tuning = false }()
	e := New(Options{HashMB: 1})
	e.allocate() // evaluations and quiescence searches without a search to allocate the tables
	ps := loadTuneData(t, e)
	for i := range ps {
		ps[i].stm = 1
		if ps[i].pos.Turn() == chess.Black {
			ps[i].stm = -1
		}
	}
	// Hold a tenth back to watch for overfitting.
	hold := ps[:len(ps)/10]
	ps = ps[len(ps)/10:]
	t.Logf("%d quiet positions, %d held back", len(ps), len(hold))
	params := tunables()
	k := bestK(e, ps)
	t.Logf("K = %.2f, error %.6f, held-back error %.6f", k, totalError(e, ps, k), totalError(e, hold, k))

	for round := 0; round < *tuneRounds; round++ {
		start := time.Now()
		linearise(e, ps, params)
		t.Logf("round %d: linearised in %v", round, time.Since(start).Round(time.Second))
		theta0 := make([][2]float64, len(params))
		for i, p := range params {
			mg, eg := p.get()
			theta0[i] = [2]float64{float64(mg), float64(eg)}
		}
		delta := adam(ps, params, k, *tuneIters, *tuneRate)
		for i, p := range params {
			mg := int(math.Round(theta0[i][0] + delta[i][0]))
			eg := int(math.Round(theta0[i][1] + delta[i][1]))
			p.set(mg, eg)
		}
		buildPST()
		t.Logf("round %d: error %.6f, held-back error %.6f", round, totalError(e, ps, k), totalError(e, hold, k))
	}
	printParams(params)
}

// linearise records, for every position, how its middlegame and endgame
// sums change when each parameter grows by one.
func linearise(e *Engine, ps []tunePos, params []param) {
	for i := range ps {
		tp := &ps[i]
		tp.mg, tp.eg, tp.phase, tp.scale = e.evalParts(&tp.pos)
		tp.coefs = tp.coefs[:0]
	}
	for pi, p := range params {
		mg, eg := p.get()
		p.set(mg+1, eg+1)
		if p.isPST {
			buildPST()
		}
		for i := range ps {
			tp := &ps[i]
			m2, e2, _, _ := e.evalParts(&tp.pos)
			if m2 != tp.mg || e2 != tp.eg {
				tp.coefs = append(tp.coefs, coef{p: int32(pi), mg: float32(m2 - tp.mg), eg: float32(e2 - tp.eg)})
			}
		}
		p.set(mg, eg)
		if p.isPST {
			buildPST()
		}
	}
}

// adam fits the changes to the parameters on the linearised evaluation.
func adam(ps []tunePos, params []param, k float64, iters int, rate float64) [][2]float64 {
	n := len(params)
	delta := make([][2]float64, n)
	m := make([][2]float64, n)
	v := make([][2]float64, n)
	grad := make([][2]float64, n)
	const b1, b2, eps = 0.9, 0.999, 1e-8
	kk := k / 400 * math.Ln10
	for it := 1; it <= iters; it++ {
		for i := range grad {
			grad[i] = [2]float64{}
		}
		var errSum float64
		for i := range ps {
			tp := &ps[i]
			mg, eg := float64(tp.mg), float64(tp.eg)
			for _, c := range tp.coefs {
				mg += float64(c.mg) * delta[c.p][0]
				eg += float64(c.eg) * delta[c.p][1]
			}
			ph := float64(tp.phase)
			ev := (mg*ph+eg*float64(tp.scale)/64*(24-ph))/24 + float64(tp.stm*tempo)
			s := 1 / (1 + math.Exp(-kk*ev))
			d := s - tp.result
			errSum += d * d
			g := 2 * d * s * (1 - s) * kk
			gm := g * ph / 24
			ge := g * float64(tp.scale) / 64 * (24 - ph) / 24
			for _, c := range tp.coefs {
				grad[c.p][0] += gm * float64(c.mg)
				grad[c.p][1] += ge * float64(c.eg)
			}
		}
		for i := 0; i < n; i++ {
			for j := 0; j < 2; j++ {
				if j == 1 && params[i].mgOnly {
					continue
				}
				gr := grad[i][j]/float64(len(ps)) + 2**tuneL2*delta[i][j]
				m[i][j] = b1*m[i][j] + (1-b1)*gr
				v[i][j] = b2*v[i][j] + (1-b2)*gr*gr
				mh := m[i][j] / (1 - math.Pow(b1, float64(it)))
				vh := v[i][j] / (1 - math.Pow(b2, float64(it)))
				delta[i][j] -= rate * mh / (math.Sqrt(vh) + eps)
			}
		}
		if it%100 == 0 {
			fmt.Fprintf(os.Stderr, "iter %d: linear error %.6f\n", it, errSum/float64(len(ps)))
		}
	}
	return delta
}

func printParams(params []param) {
	for _, p := range params {
		mg, eg := p.get()
		if p.mgOnly {
			fmt.Printf("%s = %d\n", p.name, mg)
		} else {
			fmt.Printf("%s = S(%d, %d)\n", p.name, mg, eg)
		}
	}
	names := []string{"pawn", "knight", "bishop", "rook", "queen", "king"}
	tables := [][2]*[64]int{{&pawnMG, &pawnEG}, {&knightMG, &knightEG}, {&bishopMG, &bishopEG},
		{&rookMG, &rookEG}, {&queenMG, &queenEG}, {&kingMG, &kingEG}}
	for i, name := range names {
		for j, suffix := range []string{"MG", "EG"} {
			fmt.Printf("var %s%s = [64]int{\n", name, suffix)
			for r := 0; r < 8; r++ {
				fmt.Print("\t")
				for f := 0; f < 8; f++ {
					fmt.Printf("%d,", tables[i][j][r*8+f])
					if f < 7 {
						fmt.Print(" ")
					}
				}
				fmt.Println()
			}
			fmt.Println("}")
		}
	}
	fmt.Println("var mobility = [7][28]packed{")
	for pt := chess.Knight; pt <= chess.Queen; pt++ {
		fmt.Printf("\tchess.%s: {", []string{"", "", "Knight", "Bishop", "Rook", "Queen"}[pt])
		n := [7]int{chess.Knight: 9, chess.Bishop: 14, chess.Rook: 15, chess.Queen: 28}[pt]
		for i := 0; i < n; i++ {
			fmt.Printf("S(%d, %d), ", mobility[pt][i].mg(), mobility[pt][i].eg())
		}
		fmt.Println("},")
	}
	fmt.Println("}")
}
