package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Config is a match.
type Config struct {
	// Engines are the two contestants; the score is the first one's.
	Engines [2]Engine
	// Games is the number of games, played in pairs from one opening with
	// colours swapped (an odd number leaves the last pair half played).
	Games int
	// Openings are the openings, used in order (Openings() if empty);
	// with a Seed other than 0 they are shuffled by it first.
	Openings []Opening
	Seed     uint64
	// TimeControl is how long the engines think.
	TimeControl TimeControl
	// Concurrency is the number of games played at once (default 1).
	Concurrency int
	// MaxMoves, if positive, ends a game as a draw (Termination
	// "adjudication") after that many full moves past the opening.
	MaxMoves int
	// SPRT, if not nil, stops the match when the test decides.
	SPRT *SPRT
	// PGN, if not nil, receives every finished game.
	PGN io.Writer
	// Progress, if not nil, receives a report after every game.
	Progress io.Writer
	// Event is the PGN Event tag (default "JoinPal match").
	Event string
	// Now gives the date of the games (default time.Now).
	Now func() time.Time
}

// Faults counts an engine's faults.
type Faults struct {
	TimeLosses, IllegalMoves, Crashes int
}

// Summary is the outcome of a match.
type Summary struct {
	Names [2]string
	// Score is from the first engine's point of view.
	Score Score
	// Faults are each engine's faults.
	Faults [2]Faults
	// Reasons counts the games by how they ended ("White mates", ...).
	Reasons map[string]int
	// SPRT is the test's decision, "H0", "H1" or "" (undecided or no test),
	// and LLR its log-likelihood ratio at the end.
	SPRT string
	LLR  float64
}

// Run plays the match and returns its summary. It returns early, with the
// games finished so far, when ctx is done (with ctx's error), when the SPRT
// decides, or when an engine cannot be started (with that error). Games are
// written to c.PGN as they finish.
func Run(ctx context.Context, c Config) (*Summary, error) {
	if c.Games < 1 {
		return nil, errors.New("match: at least one game")
	}
	for _, e := range c.Engines {
		if e.Name == "" || e.Start == nil {
			return nil, errors.New("match: two engines with names are needed")
		}
	}
	if c.SPRT != nil {
		if err := c.SPRT.Check(); err != nil {
			return nil, err
		}
	}
	openings := c.Openings
	if len(openings) == 0 {
		openings = Openings()
	}
	if c.Seed != 0 {
		openings = append([]Opening(nil), openings...)
		r := rand.New(rand.NewPCG(c.Seed, c.Seed>>32|1))
		r.Shuffle(len(openings), func(i, j int) { openings[i], openings[j] = openings[j], openings[i] })
	}
	if c.Concurrency < 1 {
		c.Concurrency = 1
	}
	if c.Event == "" {
		c.Event = "JoinPal match"
	}
	if c.Now == nil {
		c.Now = time.Now
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64 // the next game to play, 0-based
	var stop atomic.Bool  // no more games are to start
	results := make(chan Game)
	errs := make(chan error, c.Concurrency)
	var wg sync.WaitGroup
	for range c.Concurrency {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := c.worker(ctx, openings, &next, &stop, results); err != nil {
				errs <- err
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	sum := &Summary{Names: [2]string{c.Engines[0].Name, c.Engines[1].Name}, Reasons: map[string]int{}}
	var pgnErr error
	for g := range results {
		sum.add(g)
		if c.PGN != nil && pgnErr == nil {
			pgnErr = writeGame(c.PGN, &c, g)
			if pgnErr != nil {
				stop.Store(true)
				cancel()
			}
		}
		if c.SPRT != nil {
			sum.LLR = c.SPRT.LLR(sum.Score)
			if sum.SPRT = c.SPRT.Decide(sum.Score); sum.SPRT != "" {
				stop.Store(true) // games under way are finished and counted
			}
		}
		if c.Progress != nil {
			c.report(c.Progress, sum, g)
		}
	}
	select {
	case err := <-errs:
		return sum, err
	default:
	}
	if pgnErr != nil {
		return sum, pgnErr
	}
	return sum, ctx.Err()
}

// worker plays games until there are none left, keeping a Player for each
// engine and starting a new one after a crash.
func (c *Config) worker(ctx context.Context, openings []Opening, next *atomic.Int64, stop *atomic.Bool, results chan<- Game) error {
	var players [2]Player
	defer func() {
		for _, p := range players {
			if p != nil {
				p.Close()
			}
		}
	}()
	for !stop.Load() && ctx.Err() == nil {
		i := int(next.Add(1) - 1)
		if i >= c.Games {
			return nil
		}
		for k := range players {
			if players[k] == nil {
				p, err := c.Engines[k].Start(ctx)
				if err != nil {
					stop.Store(true)
					if ctx.Err() != nil {
						return nil
					}
					return fmt.Errorf("match: starting %s: %w", c.Engines[k].Name, err)
				}
				players[k] = p
			}
		}
		white, black := 0, 1
		if i%2 == 1 {
			white, black = 1, 0
		}
		o := openings[(i/2)%len(openings)]
		g, err := playGame(ctx, players[white], players[black], o, c.TimeControl, c.MaxMoves)
		if err != nil {
			if ctx.Err() != nil {
				return nil // cancelled: the game is not counted
			}
			return err
		}
		g.Number, g.White, g.Black = i+1, white, black
		g.Names = [2]string{c.Engines[white].Name, c.Engines[black].Name}
		if g.Fault == Crash || g.Fault == TimeLoss {
			// The engine may be dead or still thinking: start it anew.
			k := white
			if g.Faulty == chess.Black {
				k = black
			}
			players[k].Close()
			players[k] = nil
		}
		select {
		case results <- g:
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}

// add counts g in the summary.
func (s *Summary) add(g Game) {
	first := chess.White
	if g.White == 1 {
		first = chess.Black
	}
	switch g.Result {
	case "1/2-1/2":
		s.Score.Draws++
	case winFor(first):
		s.Score.Wins++
	default:
		s.Score.Losses++
	}
	if g.Fault != NoFault {
		k := g.White
		if g.Faulty == chess.Black {
			k = g.Black
		}
		switch g.Fault {
		case TimeLoss:
			s.Faults[k].TimeLosses++
		case IllegalMove:
			s.Faults[k].IllegalMoves++
		case Crash:
			s.Faults[k].Crashes++
		}
	}
	reason := g.Reason
	if g.Fault != NoFault {
		k := g.White
		if g.Faulty == chess.Black {
			k = g.Black
		}
		reason = s.Names[k] + ": " + g.Fault.String()
	}
	s.Reasons[reason]++
}

// report writes the progress after game g.
func (c *Config) report(w io.Writer, s *Summary, g Game) {
	fmt.Fprintf(w, "Finished game %d (%s vs %s, %s): %s {%s}\n", g.Number, g.Names[0], g.Names[1], g.Opening.Name, g.Result, g.Reason)
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", s.Names[0], s.Names[1], s.Score.Wins, s.Score.Losses, s.Score.Draws, s.Score.Ratio(), s.Score.Games())
	fmt.Fprintf(w, "Elo difference: %s (95 %%)\n", formatElo(s.Score.Elo()))
	if c.SPRT != nil {
		lo, hi := c.SPRT.Bounds()
		fmt.Fprintf(w, "SPRT: llr %.3f, lbound %.3f, ubound %.3f%s\n", s.LLR, lo, hi, decision(s.SPRT))
	}
}

// decision describes an SPRT decision.
func decision(d string) string {
	switch d {
	case "H0":
		return " - H0 was accepted"
	case "H1":
		return " - H1 was accepted"
	}
	return ""
}

// WriteReport writes the final summary of a match: score, Elo with its
// interval, the SPRT's verdict, the faults of each engine and how the games
// ended.
func (s *Summary) WriteReport(w io.Writer, t *SPRT) {
	fmt.Fprintf(w, "Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", s.Names[0], s.Names[1], s.Score.Wins, s.Score.Losses, s.Score.Draws, s.Score.Ratio(), s.Score.Games())
	fmt.Fprintf(w, "Elo difference: %s (95 %% interval)\n", formatElo(s.Score.Elo()))
	if t != nil {
		lo, hi := t.Bounds()
		fmt.Fprintf(w, "SPRT (elo0=%g, elo1=%g, alpha=%g, beta=%g): llr %.3f, lbound %.3f, ubound %.3f%s\n", t.Elo0, t.Elo1, t.Alpha, t.Beta, s.LLR, lo, hi, decision(s.SPRT))
	}
	for k, f := range s.Faults {
		fmt.Fprintf(w, "%s: %d time losses, %d illegal moves, %d crashes\n", s.Names[k], f.TimeLosses, f.IllegalMoves, f.Crashes)
	}
	for _, r := range sortedKeys(s.Reasons) {
		fmt.Fprintf(w, "  %4d  %s\n", s.Reasons[r], r)
	}
}
