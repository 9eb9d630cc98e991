// Package pgn reads and writes chess games in Portable Game Notation.
//
// It works in two layers. The syntax layer ([Reader.NextRaw], [RawGame])
// turns text into tag pairs and a tree of move tokens with their comments,
// NAGs and variations, without knowing the rules of chess. The replay layer
// ([Reader.Next], [RawGame.Replay], [Game]) checks every move with package
// chess, from the start position given by the FEN tag or the standard one,
// and keeps the moves as [chess.Move] values with their normalized SAN,
// comments, NAGs, [%clk] clocks and variations. Standard chess and Chess960
// (Variant "Chess960") are understood; other variants are refused.
//
// [Write] writes a Game in the PGN export format: the Seven Tag Roster first,
// SAN as package chess writes it, movetext wrapped to at most 79 columns.
// Reading what Write wrote gives the same Game back.
//
// Every error about the input is an [*Error] carrying the game number, the
// line and the column, and a stable code such as [CodeIllegalMove]. A
// [Reader] goes on with the next game after a broken one.
package pgn
