// Package opening names a game's opening: its ECO code and its name, in
// English as the data gives it and in Spanish from a reviewed catalogue.
//
// The data is the public-domain (CC0) set of named openings of the lichess
// project, embedded from data/*.tsv with its licence and note. As its
// authors advise, a game's opening is found by walking its positions
// backwards, from the last, until one is named; positions are compared by
// EPD (placement, side to move, castling rights, and the en-passant square
// only when an en-passant capture is legal, as chess.Position.FEN writes
// it), so a game that reaches a named position by another move order
// (a transposition) is named too, and a game that leaves theory keeps the
// last named position it reached.
//
// The Spanish names come from names.es.json: every family of the data has
// one (a test sees to it), and common variations have theirs, part by part
// (the parts of a variation are split at its commas). A part without a
// reviewed Spanish name is kept in English, as a proper name, after the
// Spanish family name: "Sicilian Defense: Najdorf Variation" reads
// "Defensa Siciliana: Variante Najdorf", "Sicilian Defense: Myers Attack,
// with h4" reads "Defensa Siciliana: Myers Attack, with h4".
//
// The data is parsed once, on first use.
package opening
