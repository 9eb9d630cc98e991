// Package uci speaks the Universal Chess Interface, the text protocol
// between chess engines and the programs that use them, in both directions.
//
// A Server serves an engine to a GUI (or to an adapter such as polyglot): it
// reads commands line by line, keeps reading while the engine searches (so
// stop, isready, ponderhit and quit are answered at once), and writes info
// lines and exactly one bestmove per go. The package does not import JoinPal's
// engine: it declares the Engine interface it needs, and the program wires a
// concrete engine to it through a small adapter.
//
// A Client drives an external engine process such as Stockfish: it starts the
// process, does the uci/uciok handshake, sets options, sends positions and go
// commands, reads info and bestmove lines, and stops, quits or kills the
// process. Every wait is bounded by a context or a timeout, and Close leaves
// no goroutine behind.
//
// Both sides share the types of the protocol: Limits (the go command), Info
// (an info line), Score and Result. Errors are prefixed "uci: ".
package uci
