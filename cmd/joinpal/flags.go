package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// The exit codes of every subcommand.
const (
	exitOK      = 0 // success
	exitFailure = 1 // bad input, a broken game, a failed run
	exitUsage   = 2 // bad flags or arguments
)

// anyArgs, as parse's maxArgs, lets a subcommand take any number of
// positional arguments.
const anyArgs = -1

// subcommand is a subcommand's flag set with the glue they all share: the
// usage text that -h prints, the exit codes of a failed parse, and error
// lines on stderr that start with "joinpal NAME: ".
type subcommand struct {
	*flag.FlagSet
	name   string
	stderr io.Writer
}

// newSubcommand returns the flag set of "joinpal name", writing to stderr.
// usage, if not empty, is printed above the flags' defaults by -h and after
// a bad flag.
func newSubcommand(name, usage string, stderr io.Writer) *subcommand {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	if usage != "" {
		fs.Usage = func() {
			fmt.Fprintln(stderr, usage)
			fs.PrintDefaults()
		}
	}
	return &subcommand{FlagSet: fs, name: name, stderr: stderr}
}

// parse reads args and checks that at most maxArgs positional arguments
// follow the flags (anyArgs: no limit). It returns ok false and the exit
// code when the subcommand must stop at once: exitOK after -h, exitUsage
// after a bad flag (the flag package has said why) or too many arguments.
func (c *subcommand) parse(args []string, maxArgs int) (code int, ok bool) {
	if err := c.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	if maxArgs != anyArgs && c.NArg() > maxArgs {
		if maxArgs == 0 {
			return c.usageError("unexpected argument %q", c.Arg(0)), false
		}
		if maxArgs == 1 {
			return c.usageError("at most one argument, not %d", c.NArg()), false
		}
		return c.usageError("at most %d arguments, not %d", maxArgs, c.NArg()), false
	}
	return exitOK, true
}

// usageError writes "joinpal NAME: " and the message on stderr and returns
// exitUsage.
func (c *subcommand) usageError(format string, a ...any) int {
	c.printf(format, a...)
	return exitUsage
}

// fail writes "joinpal NAME: " and err on stderr and returns exitFailure.
func (c *subcommand) fail(err error) int {
	c.printf("%v", err)
	return exitFailure
}

// printf writes one error line. An error of the package the subcommand is
// named after ("match: ...") already says whose it is: the prefix is not
// written twice.
func (c *subcommand) printf(format string, a ...any) {
	text := strings.TrimPrefix(fmt.Sprintf(format, a...), c.name+": ")
	fmt.Fprintf(c.stderr, "joinpal %s: %s\n", c.name, text)
}
