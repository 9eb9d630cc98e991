package analysis

import (
	"context"
	"fmt"
	"math"

	"github.com/joinpal/joinpal/chess"
)

// Line is an engine's answer for one position, from the point of view of
// the side to move: its score, its best move and the line that follows.
type Line struct {
	// CP is the score in centipawns; Mate the moves to mate (positive: the
	// side to move mates), 0 when no mate was found.
	CP, Mate int
	Best     chess.Move
	PV       []chess.Move
}

// Evaluator evaluates the position reached from start by moves. An
// Evaluator is used by one goroutine at a time.
type Evaluator interface {
	Evaluate(ctx context.Context, start chess.Position, moves []chess.Move) (Line, error)
	// Name says which engine and budget, for the report ("JoinPal 200000
	// nodes", "Stockfish 15.1 depth 14").
	Name() string
}

// Ply is the analysis of one move of a game.
type Ply struct {
	// Ply counts from 1; UCI and SAN are the move played.
	Ply int    `json:"ply"`
	UCI string `json:"uci"`
	SAN string `json:"san"`
	// Eval is the position after the move, from White's side; none when
	// the move ended the game by checkmate or stalemate (Ended says which).
	Eval  *Eval        `json:"eval,omitempty"`
	Ended chess.Ending `json:"ended,omitempty"`
	// Best is the engine's move in the position before, in UCI and SAN,
	// and Line its line from there (UCI); empty when the move played was
	// the best.
	Best    string   `json:"best,omitempty"`
	BestSAN string   `json:"bestSan,omitempty"`
	Line    []string `json:"line,omitempty"`
	// Judgement is what the drop in the mover's winning chances makes of
	// the move; Accuracy the move's accuracy in percent.
	Judgement Judgement `json:"judgement,omitempty"`
	Accuracy  float64   `json:"accuracy"`
}

// Side sums one player's moves.
type Side struct {
	// Accuracy is in percent (lichess's game accuracy); ACPL the average
	// centipawn loss per move.
	Accuracy     float64 `json:"accuracy"`
	ACPL         int     `json:"acpl"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// Report is the analysis of a game.
type Report struct {
	Engine string `json:"engine"`
	// Start is the evaluation of the position before the first move.
	Start Eval  `json:"start"`
	Plies []Ply `json:"plies"`
	White Side  `json:"white"`
	Black Side  `json:"black"`
}

// Progress is told the positions evaluated so far and how many there are.
type Progress func(done, total int)

// Analyse evaluates every position of the game played from start by moves
// and judges every move. The moves must be legal; ctx stops the work.
func Analyse(ctx context.Context, ev Evaluator, start chess.Position, moves []chess.Move, progress Progress) (Report, error) {
	total := len(moves) + 1
	evals := make([]Eval, total)
	lines := make([]Line, total)
	endings := make([]chess.Ending, total)
	pos := start
	for i := 0; i < total; i++ {
		if err := ctx.Err(); err != nil {
			return Report{}, err
		}
		if i > 0 {
			if err := pos.Play(moves[i-1]); err != nil {
				return Report{}, fmt.Errorf("analysis: move %d: %w", i, err)
			}
		}
		if o := pos.Outcome(); o.Over() {
			endings[i] = o.Ending
			evals[i] = endEval(pos, o.Ending)
		} else {
			line, err := ev.Evaluate(ctx, start, moves[:i])
			if err != nil {
				return Report{}, fmt.Errorf("analysis: position %d: %w", i, err)
			}
			lines[i] = line
			evals[i] = whiteView(line, pos.Turn())
		}
		if progress != nil {
			progress(i+1, total)
		}
	}
	return judge(ev.Name(), start, moves, evals, lines, endings), nil
}

// endEval is the evaluation of a position the rules ended: a mate counts
// as the full ceiling for the winner, a draw as 0.
func endEval(pos chess.Position, e chess.Ending) Eval {
	if e == chess.EndCheckmate {
		if pos.Turn() == chess.White {
			return Eval{CP: -cpCeiling}
		}
		return Eval{CP: cpCeiling}
	}
	return Eval{}
}

// whiteView turns a line's score, from the side to move, into White's.
func whiteView(l Line, turn chess.Color) Eval {
	e := Eval{CP: l.CP, Mate: l.Mate}
	if turn == chess.Black {
		e.CP, e.Mate = -e.CP, -e.Mate
	}
	return e
}

func judge(engine string, start chess.Position, moves []chess.Move, evals []Eval, lines []Line, endings []chess.Ending) Report {
	r := Report{Engine: engine, Start: evals[0], Plies: make([]Ply, 0, len(moves))}
	wins := make([]float64, len(evals))
	for i, e := range evals {
		wins[i] = WinPercent(e.Pawns())
	}
	var loss [2]int
	var count [2]int
	pos := start
	whiteFirst := start.Turn() == chess.White
	for i, m := range moves {
		mover := pos.Turn()
		p := Ply{Ply: i + 1, UCI: pos.UCI(m), SAN: pos.SAN(m)}
		before, after := WinningChances(evals[i].Pawns()), WinningChances(evals[i+1].Pawns())
		cpBefore, cpAfter := evals[i].Pawns(), evals[i+1].Pawns()
		wBefore, wAfter := wins[i], wins[i+1]
		if mover == chess.Black {
			before, after = -before, -after
			cpBefore, cpAfter = -cpBefore, -cpAfter
			wBefore, wAfter = 100-wBefore, 100-wAfter
		}
		p.Accuracy = math.Round(MoveAccuracy(wBefore, wAfter)*10) / 10
		best := lines[i].Best
		if best != chess.NullMove && best != m {
			p.Best, p.BestSAN = pos.UCI(best), pos.SAN(best)
			p.Line = uciLine(pos, lines[i].PV)
			p.Judgement = Judge(before, after)
		}
		side := 0
		if mover == chess.Black {
			side = 1
		}
		loss[side] += max(0, cpBefore-cpAfter)
		count[side]++
		s := &r.White
		if side == 1 {
			s = &r.Black
		}
		switch p.Judgement {
		case Inaccuracy:
			s.Inaccuracies++
		case Mistake:
			s.Mistakes++
		case Blunder:
			s.Blunders++
		}
		_ = pos.Play(m)
		if endings[i+1] != chess.NotEnded {
			p.Ended = endings[i+1]
		}
		if endings[i+1] != chess.EndCheckmate && endings[i+1] != chess.EndStalemate {
			e := evals[i+1]
			p.Eval = &e
		}
		r.Plies = append(r.Plies, p)
	}
	for side, s := range []*Side{&r.White, &r.Black} {
		if count[side] > 0 {
			s.ACPL = int(math.Round(float64(loss[side]) / float64(count[side])))
		}
	}
	w, b := GameAccuracy(wins, whiteFirst)
	r.White.Accuracy, r.Black.Accuracy = math.Round(w*10)/10, math.Round(b*10)/10
	return r
}

// uciLine writes a line of moves from pos as UCI texts, stopping at the
// first that is not legal there.
func uciLine(pos chess.Position, pv []chess.Move) []string {
	out := make([]string, 0, len(pv))
	for _, m := range pv {
		if !pos.IsLegal(m) {
			break
		}
		out = append(out, pos.UCI(m))
		_ = pos.Play(m)
	}
	return out
}
