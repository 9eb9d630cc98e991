// Command joinpal is JoinPal's single binary: the chess server and its tools.
//
//	joinpal serve [--addr A] [--db PATH|URL]     the chess server (make run)
//	joinpal backup [--db PATH] OUT               a consistent copy of the SQLite file, while serving
//	joinpal perft [--depth N] [--divide] [FEN]   count move-tree leaves, Stockfish's format
//	joinpal pgn [FILE]                           check PGN and write it back normalized
//	joinpal position [--json] FEN                what the rules core knows about a position
//	joinpal uci                                  the built-in engine over UCI
//	joinpal match --engine A --engine B ...      engine against engine
//	joinpal strength ...                         measure the AI's levels
//	joinpal loadtest ...                         measure the live runtime
//	joinpal help                                 list the commands
//
// Each subcommand parses its flags (flags.go) and wires packages together;
// the logic lives in the packages.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

func commands() []command {
	return []command{
		{"serve", "run JoinPal: the HTTP API, live games, lobby and AI (SIGTERM stops it gracefully)", runServe},
		{"backup", "copy the SQLite database while the server runs, to restore it later", runBackup},
		{"perft", "count the leaves of the legal move tree (Stockfish's output format)", runPerft},
		{"pgn", "read PGN, check every move, write it back normalized", runPGN},
		{"uci", "serve the built-in engine over UCI (for chess GUIs)", runUCI},
		{"match", "play engines against each other: Elo, SPRT, PGN", runMatch},
		{"loadtest", "measure the live runtime on a durable store: moves/s, ack latency, flags, memory", runLoadtest},
		{"strength", "measure the AI's levels against Stockfish and write docs/STRENGTH.md", runStrength},
		{"position", "what the rules say about a FEN: moves, outcome, whether each side can still mate", runPosition},
	}
}

// run is the whole program: it dispatches args to a subcommand and returns
// the process's exit code (0 success, 1 failure, 2 usage error).
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		if len(args) == 0 {
			return exitUsage
		}
		return exitOK
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "joinpal: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "JoinPal — an open-source chess platform.")
	fmt.Fprintln(w, "\nUsage: joinpal COMMAND [ARGS]\n\nCommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'joinpal COMMAND -h' for a command's flags.")
}
