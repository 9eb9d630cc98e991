package chess

// Perft counts the leaf nodes of the legal move tree to the given depth,
// the standard test of a move generator. The last ply is counted in bulk
// (CountLegal) rather than played.
func Perft(p *Position, depth int) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.CountLegal())
	}
	var l MoveList
	p.GenerateLegal(&l)
	if depth == 2 {
		var n uint64
		for _, m := range l.Moves[:l.N] {
			child := *p
			child.PlayUnchecked(m)
			n += uint64(child.CountLegal())
		}
		return n
	}
	var n uint64
	for _, m := range l.Moves[:l.N] {
		child := *p
		child.PlayUnchecked(m)
		n += Perft(&child, depth-1)
	}
	return n
}

// DivideEntry is one root move and the leaf count below it.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns, for each legal root move in generation order, the perft
// count of the position after it at depth-1 (depth must be at least 1).
func Divide(p *Position, depth int) []DivideEntry {
	var l MoveList
	p.GenerateLegal(&l)
	out := make([]DivideEntry, 0, l.N)
	for _, m := range l.Moves[:l.N] {
		child := *p
		child.PlayUnchecked(m)
		out = append(out, DivideEntry{Move: m, Nodes: Perft(&child, depth-1)})
	}
	return out
}
