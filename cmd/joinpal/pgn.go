package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/joinpal/joinpal/chess/pgn"
)

// runPGN is "joinpal pgn [--skip-variations] [FILE]": it reads PGN from FILE
// (standard input without one), checks every move, and writes the games
// back as normalized PGN on stdout. Each broken game is left out and
// reported on stderr as "game 3, line 41, column 7: illegal move Nf3: ...".
// It exits 1 if any game was broken or the input could not be read, 2 on a
// usage error (such as a file that cannot be opened), 0 otherwise.
func runPGN(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newSubcommand("pgn", "Usage: joinpal pgn [--skip-variations] [FILE]\n"+
		"Reads PGN (standard input without FILE), checks every move and writes the games back normalized.", stderr)
	skipVariations := fs.Bool("skip-variations", false, "drop variations instead of keeping them")
	if code, ok := fs.parse(args, 1); !ok {
		return code
	}
	in := stdin
	if fs.NArg() == 1 && fs.Arg(0) != "-" {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			return fs.usageError("%v", err)
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
			return fs.fail(err)
		}
	}
	if err := out.Flush(); err != nil {
		return fs.fail(err)
	}
	return code
}
