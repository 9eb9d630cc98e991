package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// stockfish drives a Stockfish process over UCI with one search thread and
// runs its built-in "go perft N" (legal move generation, the last ply
// counted in bulk, no hash table).
type stockfish struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	lines   chan string
	timeout time.Duration
	name    string // from "id name ..."
}

// sfResult is one "go perft" run: the nodes Stockfish reported, the wall
// time from sending "go perft" to reading the nodes line, and Stockfish's
// own time if it printed one (15.1 does not).
type sfResult struct {
	nodes    uint64
	wall     time.Duration
	selfTime time.Duration
	hasSelf  bool
}

func startStockfish(path string, timeout time.Duration) (*stockfish, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	sf := &stockfish{cmd: cmd, in: in, lines: make(chan string, 256), timeout: timeout}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			sf.lines <- sc.Text()
		}
		close(sf.lines)
	}()
	if err := sf.send("uci"); err != nil {
		sf.close()
		return nil, err
	}
	if err := sf.waitFor(func(l string) bool {
		if name, ok := strings.CutPrefix(l, "id name "); ok {
			sf.name = name
		}
		return l == "uciok"
	}); err != nil {
		sf.close()
		return nil, err
	}
	if err := sf.send("setoption name Threads value 1"); err != nil {
		sf.close()
		return nil, err
	}
	if err := sf.ready(); err != nil {
		sf.close()
		return nil, err
	}
	return sf, nil
}

func (sf *stockfish) send(cmd string) error {
	_, err := io.WriteString(sf.in, cmd+"\n")
	return err
}

func (sf *stockfish) ready() error {
	if err := sf.send("isready"); err != nil {
		return err
	}
	return sf.waitFor(func(l string) bool { return l == "readyok" })
}

// waitFor reads lines until done reports true.
func (sf *stockfish) waitFor(done func(string) bool) error {
	timer := time.NewTimer(sf.timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-sf.lines:
			if !ok {
				return errors.New("stockfish: output closed")
			}
			if done(strings.TrimSpace(l)) {
				return nil
			}
		case <-timer.C:
			return fmt.Errorf("stockfish: no answer within %v", sf.timeout)
		}
	}
}

// selfTimeRE matches a time Stockfish might print itself after a perft
// (later versions print none either; kept so that one would be recorded).
var selfTimeRE = regexp.MustCompile(`(?i)\btime[^0-9]*([0-9]+)\s*ms`)

// perft sets the position and runs "go perft depth".
func (sf *stockfish) perft(fen string, depth int) (sfResult, error) {
	if err := sf.send("position fen " + fen); err != nil {
		return sfResult{}, err
	}
	if err := sf.ready(); err != nil {
		return sfResult{}, err
	}
	var r sfResult
	var perr error
	start := time.Now()
	if err := sf.send("go perft " + strconv.Itoa(depth)); err != nil {
		return sfResult{}, err
	}
	err := sf.waitFor(func(l string) bool {
		if m := selfTimeRE.FindStringSubmatch(l); m != nil {
			ms, _ := strconv.ParseInt(m[1], 10, 64)
			r.selfTime, r.hasSelf = time.Duration(ms)*time.Millisecond, true
		}
		s, ok := strings.CutPrefix(l, "Nodes searched:")
		if !ok {
			return false
		}
		r.wall = time.Since(start)
		r.nodes, perr = strconv.ParseUint(strings.TrimSpace(s), 10, 64)
		return true
	})
	if err != nil {
		return sfResult{}, err
	}
	if perr != nil {
		return sfResult{}, fmt.Errorf("stockfish: bad nodes line: %w", perr)
	}
	// Any trailing line (a time, if this version prints one after the
	// nodes) is read before the next command by the "isready" round trip.
	if err := sf.readyCollect(&r); err != nil {
		return sfResult{}, err
	}
	return r, nil
}

// readyCollect is ready, also picking up a self-reported time printed
// after the nodes line.
func (sf *stockfish) readyCollect(r *sfResult) error {
	if err := sf.send("isready"); err != nil {
		return err
	}
	return sf.waitFor(func(l string) bool {
		if m := selfTimeRE.FindStringSubmatch(l); m != nil {
			ms, _ := strconv.ParseInt(m[1], 10, 64)
			r.selfTime, r.hasSelf = time.Duration(ms)*time.Millisecond, true
		}
		return l == "readyok"
	})
}

func (sf *stockfish) close() {
	_ = sf.send("quit")
	_ = sf.in.Close()
	done := make(chan error, 1)
	go func() { done <- sf.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = sf.cmd.Process.Kill()
		<-done
	}
}
