package uci

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Command says how to start an external engine and how long to wait for it.
type Command struct {
	// Path is the engine's executable (looked up in PATH if it has no
	// slash), Args its arguments, Dir its working directory ("" for ours),
	// Env its environment (nil for ours).
	Path string
	Args []string
	Dir  string
	Env  []string
	// Stderr receives the engine's standard error; nil discards it.
	Stderr io.Writer
	// Log, if not nil, receives every line sent ("> uci") and received
	// ("< uciok"), for debugging; its writes are serialized.
	Log io.Writer
	// Timeout bounds the wait for uciok and readyok (default 10 s).
	Timeout time.Duration
	// StopTimeout bounds the wait for bestmove after stop, and for the
	// process to end after quit, before it is killed (default 2 s).
	StopTimeout time.Duration
}

// OptionInfo is an option an engine declared after "uci".
type OptionInfo struct {
	Name string
	// Type is "check", "spin", "combo", "button" or "string".
	Type    string
	Default string
	// Min and Max bound a spin option.
	Min, Max int
	// Vars are the choices of a combo option.
	Vars []string
}

// Client drives an external UCI engine process. Its methods must be called
// from one goroutine at a time, except Stop and PonderHit, which may be
// called while Go runs. Close it to end the process.
type Client struct {
	cmd     *exec.Cmd
	c       Command
	stdin   *os.File
	stdout  *os.File
	lines   chan string   // the engine's output, closed at its end
	closing chan struct{} // closed by Close, to free the reader
	reader  chan struct{} // closed when the reader goroutine ends
	exited  chan struct{} // closed when the process has ended
	waitErr error         // the process's exit status, once exited

	wmu      sync.Mutex // serializes writes
	writeErr error
	logMu    sync.Mutex // serializes c.c.Log

	name, author string
	options      []OptionInfo
	closed       bool
}

// Start starts the engine and does the uci/uciok handshake, reading its name
// and options. The handshake is bounded by c.Timeout and by ctx; on failure
// the process is killed.
func Start(ctx context.Context, c Command) (*Client, error) {
	if c.Timeout <= 0 {
		c.Timeout = 10 * time.Second
	}
	if c.StopTimeout <= 0 {
		c.StopTimeout = 2 * time.Second
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("uci: starting %s: %w", c.Path, err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("uci: starting %s: %w", c.Path, err)
	}
	cmd := exec.Command(c.Path, c.Args...)
	cmd.Dir, cmd.Env = c.Dir, c.Env
	cmd.Stdin, cmd.Stdout = inR, outW
	cmd.Stderr = c.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = io.Discard
	}
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, fmt.Errorf("uci: starting %s: %w", c.Path, err)
	}
	cl := &Client{
		cmd: cmd, c: c, stdin: inW, stdout: outR,
		lines: make(chan string, 64), closing: make(chan struct{}),
		reader: make(chan struct{}), exited: make(chan struct{}),
	}
	go cl.read()
	go func() {
		cl.waitErr = cmd.Wait()
		close(cl.exited)
	}()
	if err := cl.handshake(ctx); err != nil {
		cl.kill()
		return nil, err
	}
	return cl, nil
}

// read copies the engine's output lines to c.lines until its end.
func (c *Client) read() {
	defer close(c.reader)
	defer close(c.lines)
	sc := bufio.NewScanner(c.stdout)
	sc.Buffer(make([]byte, 64<<10), maxLine)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		c.log("< ", line)
		select {
		case c.lines <- line:
		case <-c.closing:
			return
		}
	}
}

// log copies a line of the conversation to the command's Log, if any.
func (c *Client) log(dir, line string) {
	if c.c.Log == nil {
		return
	}
	c.logMu.Lock()
	defer c.logMu.Unlock()
	fmt.Fprintf(c.c.Log, "%s%s\n", dir, line)
}

// send writes one command line to the engine. It may be called from any
// goroutine.
func (c *Client) send(line string) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	if c.writeErr != nil {
		return c.writeErr
	}
	c.log("> ", line)
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		c.writeErr = fmt.Errorf("%w: writing %q: %w", ErrExited, line, err)
	}
	return c.writeErr
}

// exitError describes why the engine's output ended.
func (c *Client) exitError(waiting string) error {
	select {
	case <-c.exited:
		if c.waitErr != nil {
			return fmt.Errorf("%w while %s: %w", ErrExited, waiting, c.waitErr)
		}
	case <-time.After(c.c.StopTimeout):
	}
	return fmt.Errorf("%w while %s", ErrExited, waiting)
}

// expect reads lines, passing each to handle, until handle returns true. It
// gives up after timeout (if positive) or when ctx is done.
func (c *Client) expect(ctx context.Context, timeout time.Duration, waiting string, handle func(fields []string) bool) error {
	var deadline <-chan time.Time
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		deadline = t.C
	}
	for {
		select {
		case line, ok := <-c.lines:
			if !ok {
				return c.exitError(waiting)
			}
			if handle(strings.Fields(line)) {
				return nil
			}
		case <-deadline:
			return fmt.Errorf("%w: %s after %v", ErrTimeout, waiting, timeout)
		case <-ctx.Done():
			return fmt.Errorf("uci: %s: %w", waiting, ctx.Err())
		}
	}
}

// handshake sends "uci" and reads id and option lines up to "uciok".
func (c *Client) handshake(ctx context.Context) error {
	if err := c.send("uci"); err != nil {
		return err
	}
	return c.expect(ctx, c.c.Timeout, "waiting for uciok", func(f []string) bool {
		switch {
		case len(f) == 0:
		case f[0] == "uciok":
			return true
		case f[0] == "id" && len(f) > 2 && f[1] == "name":
			c.name = strings.Join(f[2:], " ")
		case f[0] == "id" && len(f) > 2 && f[1] == "author":
			c.author = strings.Join(f[2:], " ")
		case f[0] == "option":
			if o, ok := parseOption(f[1:]); ok {
				c.options = append(c.options, o)
			}
		}
		return false
	})
}

// parseOption reads the fields of an option line (after "option").
func parseOption(f []string) (OptionInfo, bool) {
	var o OptionInfo
	keys := map[string]bool{"name": true, "type": true, "default": true, "min": true, "max": true, "var": true}
	for i := 0; i < len(f); {
		key := f[i]
		j := i + 1
		for j < len(f) && !keys[f[j]] {
			j++
		}
		value := strings.Join(f[i+1:j], " ")
		switch key {
		case "name":
			o.Name = value
		case "type":
			o.Type = value
		case "default":
			if value != "<empty>" {
				o.Default = value
			}
		case "min":
			o.Min, _ = strconv.Atoi(value)
		case "max":
			o.Max, _ = strconv.Atoi(value)
		case "var":
			o.Vars = append(o.Vars, value)
		}
		i = j
	}
	return o, o.Name != ""
}

// check reports whether value suits the option.
func (o OptionInfo) check(value string) error {
	switch o.Type {
	case "spin":
		n, err := strconv.Atoi(value)
		if err != nil || n < o.Min || n > o.Max {
			return errorf(CodeOptionValue, map[string]string{"option": o.Name, "value": clip(value)}, "%s wants a whole number from %d to %d, not %q", o.Name, o.Min, o.Max, value)
		}
	case "check":
		if value != "true" && value != "false" {
			return errorf(CodeOptionValue, map[string]string{"option": o.Name, "value": clip(value)}, "%s wants true or false, not %q", o.Name, value)
		}
	case "combo":
		for _, v := range o.Vars {
			if strings.EqualFold(v, value) {
				return nil
			}
		}
		return errorf(CodeOptionValue, map[string]string{"option": o.Name, "value": clip(value)}, "%s wants one of %s, not %q", o.Name, strings.Join(o.Vars, ", "), value)
	}
	return nil
}

// Name returns the engine's "id name".
func (c *Client) Name() string { return c.name }

// Author returns the engine's "id author".
func (c *Client) Author() string { return c.author }

// Options returns the options the engine declared.
func (c *Client) Options() []OptionInfo { return c.options }

// Option returns the option the engine declared under name, matched without
// regard to case.
func (c *Client) Option(name string) (OptionInfo, bool) {
	for _, o := range c.options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return OptionInfo{}, false
}

// SetOption sends "setoption name NAME value VALUE" (without value for a
// button). An option the engine did not declare is an ErrUnknownOption
// error, and a value its declaration rules out (a spin out of range, a check
// other than true or false, a combo not among its choices) an
// ErrOptionValue error; then nothing is sent, since engines ignore such
// options without a word.
func (c *Client) SetOption(name, value string) error {
	if c.closed {
		return ErrClosed
	}
	o, ok := c.Option(name)
	if !ok {
		return errorf(CodeUnknownOption, map[string]string{"option": clip(name)}, "%s has no option %q", c.name, name)
	}
	if o.Type == "button" {
		return c.send("setoption name " + o.Name)
	}
	if err := o.check(value); err != nil {
		return err
	}
	return c.send("setoption name " + o.Name + " value " + value)
}

// IsReady sends "isready" and waits for "readyok" (bounded by the
// command's Timeout and by ctx).
func (c *Client) IsReady(ctx context.Context) error {
	if c.closed {
		return ErrClosed
	}
	if err := c.send("isready"); err != nil {
		return err
	}
	return c.expect(ctx, c.c.Timeout, "waiting for readyok", func(f []string) bool {
		return len(f) > 0 && f[0] == "readyok"
	})
}

// NewGame sends "ucinewgame" and waits until the engine is ready.
func (c *Client) NewGame(ctx context.Context) error {
	if c.closed {
		return ErrClosed
	}
	if err := c.send("ucinewgame"); err != nil {
		return err
	}
	return c.IsReady(ctx)
}

// Stop sends "stop"; the running Go then returns the engine's bestmove. It
// may be called from any goroutine.
func (c *Client) Stop() error { return c.send("stop") }

// PonderHit sends "ponderhit": the opponent played the expected move, and
// the ponder search goes on as a normal one. It may be called from any
// goroutine.
func (c *Client) PonderHit() error { return c.send("ponderhit") }

// Close asks the engine to quit, kills it if it has not ended within the
// command's StopTimeout, and waits for the process and the client's
// goroutines to end. It returns nil if the engine quit by itself.
func (c *Client) Close() error {
	if c.closed {
		return nil
	}
	c.closed = true
	c.send("quit")
	t := time.NewTimer(c.c.StopTimeout)
	defer t.Stop()
	var err error
	select {
	case <-c.exited:
	case <-t.C:
		err = fmt.Errorf("%w: %s did not quit within %v; killed", ErrTimeout, c.c.Path, c.c.StopTimeout)
	}
	c.kill()
	return err
}

// kill ends the process and waits for it and for the reader.
func (c *Client) kill() {
	c.closed = true
	c.cmd.Process.Kill()
	<-c.exited
	close(c.closing)
	c.stdout.Close()
	<-c.reader
	c.wmu.Lock()
	c.stdin.Close()
	if c.writeErr == nil {
		c.writeErr = ErrClosed
	}
	c.wmu.Unlock()
}

// Exited reports whether the engine process has ended.
func (c *Client) Exited() bool {
	select {
	case <-c.exited:
		return true
	default:
		return false
	}
}
