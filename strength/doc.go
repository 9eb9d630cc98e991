// Package strength turns match results into ratings: a maximum-likelihood
// Elo estimate of every player from all the games at once, with some
// players' ratings fixed (anchors, such as Stockfish at a UCI_Elo
// setting), and renders the levels' table and plot for docs/STRENGTH.md.
package strength
