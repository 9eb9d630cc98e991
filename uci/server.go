package uci

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// Config describes the engine a Server serves: its name and the range of
// its options. Zero fields take the defaults given.
type Config struct {
	// Name and Author are sent as "id name" and "id author".
	Name, Author string
	// DefaultHashMB (16) and MaxHashMB (1024) bound the Hash option.
	DefaultHashMB, MaxHashMB int
	// MaxThreads (1) is the top of the Threads option.
	MaxThreads int
	// MaxMultiPV (1) is the top of the MultiPV option.
	MaxMultiPV int
	// Levels is the number of playing levels: the Level option goes from
	// 1 to Levels, and 0 (its default) is full strength. With no levels
	// there is no Level option.
	Levels int
	// Elo maps levels to strengths for UCI_LimitStrength and UCI_Elo
	// (LevelForElo); with an empty table neither option is declared.
	Elo []LevelElo
	// DefaultMoveOverhead (30 ms) is the default of the Move Overhead
	// option.
	DefaultMoveOverhead time.Duration
	// SearchMoves says that the engine honours Limits.SearchMoves; if not,
	// a go with searchmoves is answered with an info string saying that all
	// moves are searched.
	SearchMoves bool
	// Bench, if not nil, runs the non-standard "bench [depth]" command: a
	// fixed set of searches to the given depth (0: the engine's default),
	// returning the nodes searched and the time taken.
	Bench func(depth int) (nodes uint64, elapsed time.Duration)
}

// maxLine is the longest command line read; longer ones are ignored.
const maxLine = 1 << 20

// Server serves an Engine to a GUI over UCI. Create it with NewServer and
// call Run once.
type Server struct {
	engine  Engine
	cfg     Config
	options []option

	opts          Options
	limitStrength bool
	elo           int
	dirty         bool // the engine has not got opts yet
	clearHash     bool // "Clear Hash" was pressed

	start chess.Position
	moves []chess.Move
	pos   chess.Position

	out *lineWriter
	job *job // the search running or last run, or nil
}

// NewServer returns a Server for e, described by c.
func NewServer(e Engine, c Config) *Server {
	if c.Name == "" {
		c.Name = "engine"
	}
	if c.DefaultHashMB <= 0 {
		c.DefaultHashMB = 16
	}
	if c.MaxHashMB < c.DefaultHashMB {
		c.MaxHashMB = max(1024, c.DefaultHashMB)
	}
	c.MaxThreads = max(c.MaxThreads, 1)
	c.MaxMultiPV = max(c.MaxMultiPV, 1)
	if c.DefaultMoveOverhead <= 0 {
		c.DefaultMoveOverhead = 30 * time.Millisecond
	}
	s := &Server{engine: e, cfg: c, options: declareOptions(c), dirty: true}
	s.opts = Options{HashMB: c.DefaultHashMB, Threads: 1, MultiPV: 1, MoveOverhead: c.DefaultMoveOverhead}
	if len(c.Elo) > 0 {
		s.elo = c.Elo[0].Elo
		for _, e := range c.Elo {
			s.elo = min(s.elo, e.Elo)
		}
	}
	s.start = chess.StartingPosition()
	s.pos = s.start
	return s
}

// Run reads commands from in and writes answers to out until "quit" or the
// end of in, then stops any search (its bestmove is still written) and
// returns. Commands are read while the engine searches. Unknown or malformed
// commands are ignored, as UCI asks, and reported as "info string" lines.
// Run returns an error only if reading in or writing out fails.
func (s *Server) Run(in io.Reader, out io.Writer) error {
	s.out = &lineWriter{w: bufio.NewWriter(out)}
	defer s.stopSearch()
	r := bufio.NewReaderSize(in, 64<<10)
	for {
		line, err := readLine(r)
		if err == errLineTooLong {
			s.info("line too long, ignored")
		} else if line != "" && s.handle(line) {
			return s.out.error()
		}
		if err == io.EOF {
			return s.out.error()
		}
		if err != nil && err != errLineTooLong {
			return fmt.Errorf("uci: reading commands: %w", err)
		}
		if err := s.out.error(); err != nil {
			return err
		}
	}
}

var errLineTooLong = errors.New("uci: line too long")

// readLine returns the next line without its line break, or
// errLineTooLong having skipped a line longer than maxLine.
func readLine(r *bufio.Reader) (string, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > maxLine {
			for err == bufio.ErrBufferFull {
				_, err = r.ReadSlice('\n')
			}
			if err == nil {
				err = errLineTooLong
			}
			return "", err
		}
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		return string(bytes.TrimRight(buf, "\r\n")), err
	}
}

// commands are the words that start a command; anything before the first of
// them on a line is skipped, as UCI asks.
var commands = map[string]bool{
	"uci": true, "debug": true, "isready": true, "setoption": true, "register": true,
	"ucinewgame": true, "position": true, "go": true, "stop": true, "ponderhit": true,
	"quit": true, "bench": true, "d": true,
}

// handle runs one command line and reports whether it was "quit".
func (s *Server) handle(line string) (quit bool) {
	fields := strings.Fields(line)
	i := 0
	for i < len(fields) && !commands[fields[i]] {
		i++
	}
	if i == len(fields) {
		if len(fields) > 0 {
			s.info("unknown command: " + line)
		}
		return false
	}
	cmd, args := fields[i], fields[i+1:]
	var err error
	switch cmd {
	case "uci":
		s.out.line("id name " + s.cfg.Name)
		if s.cfg.Author != "" {
			s.out.line("id author " + s.cfg.Author)
		}
		for _, o := range s.options {
			s.out.line(o.String())
		}
		s.out.line("uciok")
	case "debug", "register":
		// Nothing to do: there is no debug output, and no registration.
	case "isready":
		if !s.searching() {
			s.configure()
		}
		s.out.line("readyok")
	case "setoption":
		s.stopSearch()
		err = s.setOption(args)
	case "ucinewgame":
		s.stopSearch()
		s.configure()
		s.engine.NewGame()
	case "position":
		err = s.position(args)
	case "go":
		s.stopSearch()
		s.configure()
		s.goSearch(args)
	case "stop":
		if s.job != nil {
			s.job.cancel()
		}
	case "ponderhit":
		if s.job != nil && s.job.ponder && !s.job.hitSent && s.searching() {
			s.job.hitSent = true
			close(s.job.hit)
		} else {
			s.info("ponderhit while not pondering, ignored")
		}
	case "quit":
		return true
	case "bench":
		s.stopSearch()
		err = s.bench(args)
	case "d":
		s.out.line("Fen: " + s.pos.FEN())
	}
	if err != nil {
		s.info(strings.TrimPrefix(err.Error(), "uci: "))
	}
	return false
}

// info writes text as an "info string" line.
func (s *Server) info(text string) {
	s.out.line("info string " + oneLine(text))
}

// configure gives the engine its options if they changed, and clears its
// hash if asked. It must not be called while the engine searches.
func (s *Server) configure() {
	if s.dirty {
		s.engine.SetOptions(s.effectiveOptions())
		s.dirty = false
	}
	if s.clearHash {
		s.engine.NewGame()
		s.clearHash = false
	}
}

// position runs "position startpos|fen FEN [moves M...]". A bad FEN leaves
// the position as it was; the moves are played up to the first illegal one.
func (s *Server) position(args []string) error {
	if len(args) == 0 {
		return errors.New("uci: position: want startpos or fen")
	}
	movesAt := len(args)
	for i, a := range args {
		if a == "moves" {
			movesAt = i
			break
		}
	}
	var fen string
	switch args[0] {
	case "startpos":
		fen = chess.StartingFEN
	case "fen":
		fen = strings.Join(args[1:movesAt], " ")
	default:
		return fmt.Errorf("uci: position: want startpos or fen, not %q", args[0])
	}
	mode := chess.Standard
	if s.opts.Chess960 {
		mode = chess.Chess960
	}
	setup, err := chess.ParseSetup(fen)
	if err != nil {
		return fmt.Errorf("uci: position: %w", err)
	}
	start, err := setup.Position(mode)
	if err != nil {
		return fmt.Errorf("uci: position: %w", err)
	}
	s.start, s.pos, s.moves = start, start, nil
	if movesAt < len(args) {
		for _, text := range args[movesAt+1:] {
			m, err := s.pos.ParseUCI(text)
			if err != nil {
				return fmt.Errorf("uci: position: move %d (%s): %w; the moves before it are played", len(s.moves)+1, text, err)
			}
			s.pos.PlayUnchecked(m)
			s.moves = append(s.moves, m)
		}
	}
	return nil
}

// DefaultBenchDepth is the depth of "bench" without an argument (Stockfish's
// bench also searches to a fixed depth, 13).
const DefaultBenchDepth = 12

// bench runs "bench [depth]" and prints its totals as Stockfish does.
func (s *Server) bench(args []string) error {
	if s.cfg.Bench == nil {
		return errors.New("uci: bench is not available")
	}
	depth := DefaultBenchDepth
	if len(args) > 0 {
		n, err := strconv.Atoi(args[0])
		if err != nil || n < 1 || n > 64 {
			return fmt.Errorf("uci: bench: depth %q is not a number from 1 to 64", args[0])
		}
		depth = n
	}
	s.configure()
	nodes, elapsed := s.cfg.Bench(depth)
	ms := max(elapsed.Milliseconds(), 1)
	s.out.line("===========================")
	s.out.line(fmt.Sprintf("Total time (ms) : %d", ms))
	s.out.line(fmt.Sprintf("Nodes searched  : %d", nodes))
	s.out.line(fmt.Sprintf("Nodes/second    : %d", nodes*1000/uint64(ms)))
	return nil
}

// lineWriter writes whole lines from any goroutine, flushing each, and keeps
// the first error.
type lineWriter struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func (w *lineWriter) line(s string) { w.lineThen(s, nil) }

// lineThen calls then (if not nil) and writes s, with no other line
// between: whoever reads s finds then done.
func (w *lineWriter) lineThen(s string, then func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if then != nil {
		then()
	}
	if w.err != nil {
		return
	}
	w.w.WriteString(s)
	w.w.WriteByte('\n')
	if err := w.w.Flush(); err != nil {
		w.err = fmt.Errorf("uci: writing answers: %w", err)
	}
}

func (w *lineWriter) error() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.err
}
