package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/joinpal/joinpal/chess/pgn"
)

// runPGN is "joinpal pgn [--skip-variations] [FILE]": it reads PGN from FILE
// (standard input without one), checks every move, and writes the games
// back as normalized PGN on stdout. Each broken game is left out and
// reported on stderr as "game 3, line 41, column 7: illegal move Nf3: ...".
// It exits 1 if any game was broken or the input could not be read, 2 on a
// usage error (such as a file that cannot be opened), 0 otherwise.
func runPGN(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pgn", flag.ContinueOnError)
	fs.SetOutput(stderr)
	skipVariations := fs.Bool("skip-variations", false, "drop variations instead of keeping them")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: joinpal pgn [--skip-variations] [FILE]")
		fmt.Fprintln(stderr, "Reads PGN (standard input without FILE), checks every move and writes the games back normalized.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(stderr, "joinpal pgn: at most one FILE")
		fs.Usage()
		return 2
	}
	in := stdin
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "joinpal pgn: %v\n", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	out := bufio.NewWriter(stdout)
	r := pgn.NewReader(in)
	r.SkipVariations = *skipVariations
	code := 0
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var e *pgn.Error
		if errors.As(err, &e) {
			fmt.Fprintf(stderr, "game %d, line %d, column %d: %v\n", e.Game, e.Line, e.Column, e.Err)
			code = 1
			continue
		}
		if err == nil {
			err = pgn.Write(out, g)
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "joinpal pgn: %s\n", strings.TrimPrefix(err.Error(), "pgn: "))
			return 1
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "joinpal pgn: %v\n", err)
		return 1
	}
	return code
}
