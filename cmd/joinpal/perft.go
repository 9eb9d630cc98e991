package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/joinpal/joinpal/chess"
)

// runPerft is "joinpal perft [--depth N] [--divide] [FEN]": it prints, like
// Stockfish's "go perft", one "move: nodes" line per root move with
// --divide, then a blank line, and always last "Nodes searched: N".
func runPerft(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fs := newSubcommand("perft", "Usage: joinpal perft [--depth N] [--divide] [FEN]", stderr)
	depth := fs.Int("depth", 5, "depth in plies (at least 1)")
	divide := fs.Bool("divide", false, "print the count below each root move")
	if code, ok := fs.parse(args, anyArgs); !ok {
		return code
	}
	if *depth < 1 {
		return fs.usageError("--depth must be at least 1")
	}
	fen := chess.StartingFEN
	if fs.NArg() > 0 {
		fen = strings.Join(fs.Args(), " ")
	}
	// Perft positions test move generators and may hold checks no game can
	// reach (as in tricky.perft): they take the lenient path.
	pos, err := chess.ParseFENWith(fen, chess.GeneratorTest(chess.Standard))
	if err != nil {
		return fs.fail(err)
	}
	progress := isTerminal(stderr)
	start := time.Now()
	var total uint64
	var list chess.MoveList
	pos.GenerateLegal(&list)
	for i, m := range list.Slice() {
		child := pos
		child.PlayUnchecked(m)
		n := chess.Perft(&child, *depth-1)
		total += n
		if *divide {
			fmt.Fprintf(stdout, "%s: %d\n", pos.UCI(m), n)
		}
		if progress {
			fmt.Fprintf(stderr, "\r%d/%d root moves, %d nodes", i+1, list.N, total)
		}
	}
	if progress {
		el := time.Since(start)
		fmt.Fprintf(stderr, "\r%d nodes in %v (%.0f nodes/s)\n", total, el.Round(time.Millisecond), float64(total)/el.Seconds())
	}
	if *divide {
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "Nodes searched: %d\n", total)
	return exitOK
}

// isTerminal reports whether w is a character device such as a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
