// Command perftcompare measures perft, single thread, on the five standard
// positions, for JoinPal's rules core side by side with Stockfish (over UCI,
// "go perft") and the Go library github.com/notnil/chess (through its
// maintained fork github.com/corentings/chess/v2), checks every node count
// against the known values and prints markdown tables.
//
//	cd bench && go run ./cmd/perftcompare [-reps 3] [-skip notnil,stockfish]
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

type config struct {
	reps        int
	skip        map[string]bool
	sfPath      string
	slowDelta   int
	depthOffset int
	timeout     time.Duration
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perftcompare", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var cfg config
	var skip string
	fs.IntVar(&cfg.reps, "reps", 3, "runs of each measurement; the best (shortest) is reported")
	fs.StringVar(&skip, "skip", "", "comma-separated engines not to run: stockfish, notnil")
	fs.StringVar(&cfg.sfPath, "stockfish", "", "Stockfish binary (default: stockfish on PATH, else /usr/games/stockfish)")
	fs.IntVar(&cfg.slowDelta, "slow-depth", 1, "plies less than the table depth for notnil/chess, which is slow")
	fs.IntVar(&cfg.depthOffset, "depth-offset", 0, "added to every depth (e.g. -1 or -2 for a quick smoke run)")
	fs.DurationVar(&cfg.timeout, "timeout", 10*time.Minute, "longest wait for one Stockfish answer")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if cfg.reps < 1 || cfg.slowDelta < 0 {
		fmt.Fprintln(stderr, "perftcompare: -reps must be at least 1 and -slow-depth at least 0")
		return 2
	}
	cfg.skip = map[string]bool{}
	for _, s := range strings.Split(skip, ",") {
		switch s = strings.TrimSpace(s); s {
		case "":
		case "stockfish", "notnil":
			cfg.skip[s] = true
		default:
			fmt.Fprintf(stderr, "perftcompare: unknown engine %q in -skip (stockfish, notnil)\n", s)
			return 2
		}
	}
	for _, p := range positions {
		d := p.depth + cfg.depthOffset
		if d < 1 || d > len(p.known) || d-cfg.slowDelta < 1 && !cfg.skip["notnil"] {
			fmt.Fprintf(stderr, "perftcompare: depth out of range for %s\n", p.name)
			return 2
		}
	}
	c := &comparison{cfg: cfg, stderr: stderr}
	if err := c.measure(); err != nil {
		fmt.Fprintln(stderr, "perftcompare:", err)
		return 2
	}
	c.print(stdout)
	if c.mismatches > 0 {
		fmt.Fprintf(stderr, "\n!!! perftcompare: %d NODE COUNT MISMATCH(ES) — see above; these figures are not valid !!!\n", c.mismatches)
		return 1
	}
	return 0
}

// measurement is the best of cfg.reps runs.
type measurement struct {
	depth    int
	nodes    uint64
	best     time.Duration
	selfTime time.Duration // Stockfish's own time, if it printed one
	hasSelf  bool
}

func (m measurement) mnps() float64 {
	return float64(m.nodes) / m.best.Seconds() / 1e6
}

type row struct {
	pos        position
	jp, sf     measurement // table depth
	jpLow, nn  measurement // notnil's lower depth
	hasSF      bool
	hasNotnil  bool
	mismatched bool
}

type comparison struct {
	cfg        config
	stderr     io.Writer
	rows       []row
	sfName     string
	mismatches int
}

func (c *comparison) check(engine string, p position, depth int, got uint64) {
	if want := p.want(depth); got != want {
		c.mismatches++
		fmt.Fprintf(c.stderr, "\n!!! MISMATCH: %s perft(%d) of %s = %d, want %d !!!\n\n", engine, depth, p.name, got, want)
	}
}

// A perftRun is one timed perft: the nodes counted, the time, and Stockfish's
// own time if it printed one.
type perftRun struct {
	nodes    uint64
	time     time.Duration
	selfTime time.Duration
	hasSelf  bool
}

// A job is one engine at one depth on one position, run cfg.reps times.
type job struct {
	engine string
	depth  int
	run    func(depth int) (perftRun, error)
	into   *measurement
}

// timed wraps an in-process perft function into a job's run.
func timed(f func(int) (uint64, error)) func(int) (perftRun, error) {
	return func(depth int) (perftRun, error) {
		start := time.Now()
		n, err := f(depth)
		return perftRun{nodes: n, time: time.Since(start)}, err
	}
}

// runJobs runs the jobs of one position in turn, cfg.reps rounds, so that
// the engines share whatever else the machine is doing at the time; each
// keeps its shortest run.
func (c *comparison) runJobs(p position, jobs []job) error {
	for i := 0; i < c.cfg.reps; i++ {
		for _, j := range jobs {
			r, err := j.run(j.depth)
			if err != nil {
				return fmt.Errorf("%s on %s: %w", j.engine, p.name, err)
			}
			c.check(j.engine, p, j.depth, r.nodes)
			m := j.into
			m.depth, m.nodes = j.depth, r.nodes
			if i == 0 || r.time < m.best {
				m.best = r.time
			}
			if r.hasSelf && (!m.hasSelf || r.selfTime < m.selfTime) {
				m.selfTime, m.hasSelf = r.selfTime, true
			}
		}
	}
	for _, j := range jobs {
		m := j.into
		fmt.Fprintf(c.stderr, "%-10s %-9s depth %d  %12d nodes  %8.4f s  %7.1f Mnodes/s\n",
			j.engine, p.name, m.depth, m.nodes, m.best.Seconds(), m.mnps())
	}
	return nil
}

func (c *comparison) measure() error {
	var sf *stockfish
	if !c.cfg.skip["stockfish"] {
		path, err := stockfishPath(c.cfg.sfPath)
		if err != nil {
			return err
		}
		sf, err = startStockfish(path, c.cfg.timeout)
		if err != nil {
			return fmt.Errorf("starting %s: %w", path, err)
		}
		defer sf.close()
		c.sfName = sf.name
	}
	for _, p := range positions {
		r := row{pos: p}
		depth := p.depth + c.cfg.depthOffset
		jp, err := joinpal{}.prepare(p.fen)
		if err != nil {
			return err
		}
		jobs := []job{{engine: "joinpal", depth: depth, run: timed(jp), into: &r.jp}}
		if sf != nil {
			r.hasSF = true
			fen := p.fen
			jobs = append(jobs, job{engine: "stockfish", depth: depth, into: &r.sf,
				run: func(d int) (perftRun, error) {
					res, err := sf.perft(fen, d)
					return perftRun{nodes: res.nodes, time: res.wall, selfTime: res.selfTime, hasSelf: res.hasSelf}, err
				}})
		}
		if !c.cfg.skip["notnil"] {
			r.hasNotnil = true
			nn, err := notnilChess{}.prepare(p.fen)
			if err != nil {
				return err
			}
			low := depth - c.cfg.slowDelta
			jobs = append(jobs,
				job{engine: "notnil", depth: low, run: timed(nn), into: &r.nn},
				job{engine: "joinpal", depth: low, run: timed(jp), into: &r.jpLow})
		}
		if err := c.runJobs(p, jobs); err != nil {
			return err
		}
		c.rows = append(c.rows, r)
	}
	return nil
}

// stockfishPath finds the Stockfish binary: the flag, then PATH, then
// Debian's /usr/games (not on root's PATH).
func stockfishPath(flagPath string) (string, error) {
	if flagPath != "" {
		return flagPath, nil
	}
	if p, err := exec.LookPath("stockfish"); err == nil {
		return p, nil
	}
	const debian = "/usr/games/stockfish"
	if _, err := os.Stat(debian); err == nil {
		return debian, nil
	}
	return "", fmt.Errorf("stockfish not found (apt-get install stockfish, or -stockfish PATH, or -skip stockfish)")
}

func secs(d time.Duration) string { return fmt.Sprintf("%.4f", d.Seconds()) }

func mn(nodes uint64, d time.Duration) string {
	return fmt.Sprintf("%.1f", float64(nodes)/d.Seconds()/1e6)
}

func (c *comparison) print(w io.Writer) {
	hasSF := !c.cfg.skip["stockfish"]
	title := "JoinPal"
	if hasSF {
		title += " and Stockfish"
	}
	fmt.Fprintf(w, "\n### %s (best of %d, single thread)\n\n", title, c.cfg.reps)
	hasSelf := false
	for _, r := range c.rows {
		hasSelf = hasSelf || r.sf.hasSelf
	}
	head := "| position | depth | nodes | JoinPal s | JoinPal Mnodes/s |"
	sep := "|---|---:|---:|---:|---:|"
	if hasSF {
		head += " Stockfish s | Stockfish Mnodes/s |"
		sep += "---:|---:|"
		if hasSelf {
			head += " Stockfish own s |"
			sep += "---:|"
		}
		head += " Stockfish s / JoinPal s |"
		sep += "---:|"
	}
	fmt.Fprintln(w, head)
	fmt.Fprintln(w, sep)
	var nodes uint64
	var jpT, sfT, sfSelfT time.Duration
	for _, r := range c.rows {
		nodes += r.jp.nodes
		jpT += r.jp.best
		line := fmt.Sprintf("| %s | %d | %d | %s | %s |", r.pos.name, r.jp.depth, r.jp.nodes, secs(r.jp.best), mn(r.jp.nodes, r.jp.best))
		if hasSF {
			sfT += r.sf.best
			sfSelfT += r.sf.selfTime
			line += fmt.Sprintf(" %s | %s |", secs(r.sf.best), mn(r.sf.nodes, r.sf.best))
			if hasSelf {
				line += fmt.Sprintf(" %s |", secs(r.sf.selfTime))
			}
			line += fmt.Sprintf(" %.2f |", r.sf.best.Seconds()/r.jp.best.Seconds())
		}
		fmt.Fprintln(w, line)
	}
	total := fmt.Sprintf("| **total** | | %d | %s | %s |", nodes, secs(jpT), mn(nodes, jpT))
	if hasSF {
		total += fmt.Sprintf(" %s | %s |", secs(sfT), mn(nodes, sfT))
		if hasSelf {
			total += fmt.Sprintf(" %s |", secs(sfSelfT))
		}
		total += fmt.Sprintf(" **%.2f** |", sfT.Seconds()/jpT.Seconds())
	}
	fmt.Fprintln(w, total)
	if hasSF {
		fmt.Fprintf(w, "\nStockfish: %s, `setoption name Threads value 1`, `go perft N`; time is wall time from sending `go perft` to reading `Nodes searched:`.", c.sfName)
		if !hasSelf {
			fmt.Fprint(w, " It printed no time of its own.")
		}
		fmt.Fprintln(w)
		fmt.Fprintf(w, "\nRatio Stockfish time / JoinPal time over the five positions: %.2f (≥ 1.0 means JoinPal is at least as fast).\n", sfT.Seconds()/jpT.Seconds())
	}

	if c.cfg.skip["notnil"] {
		return
	}
	fmt.Fprintf(w, "\n### JoinPal and github.com/notnil/chess (corentings/chess/v2 fork), %d ply less (best of %d)\n\n", c.cfg.slowDelta, c.cfg.reps)
	fmt.Fprintln(w, "| position | depth | nodes | notnil s | notnil Mnodes/s | JoinPal s | JoinPal Mnodes/s | notnil s / JoinPal s |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|")
	var lowNodes uint64
	var nnT, jpLowT time.Duration
	for _, r := range c.rows {
		lowNodes += r.nn.nodes
		nnT += r.nn.best
		jpLowT += r.jpLow.best
		fmt.Fprintf(w, "| %s | %d | %d | %s | %s | %s | %s | %.0f |\n", r.pos.name, r.nn.depth, r.nn.nodes,
			secs(r.nn.best), mn(r.nn.nodes, r.nn.best), secs(r.jpLow.best), mn(r.jpLow.nodes, r.jpLow.best),
			r.nn.best.Seconds()/r.jpLow.best.Seconds())
	}
	fmt.Fprintf(w, "| **total** | | %d | %s | %s | %s | %s | **%.0f** |\n", lowNodes, secs(nnT), mn(lowNodes, nnT),
		secs(jpLowT), mn(lowNodes, jpLowT), nnT.Seconds()/jpLowT.Seconds())
}
