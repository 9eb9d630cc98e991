package main

// position is one of the five standard perft positions, with its known
// leaf counts (Chess Programming Wiki, "Perft Results") for depths 1..len.
type position struct {
	name  string
	fen   string
	depth int      // the depth of the table
	known []uint64 // known[d-1] is perft(d)
}

var positions = []position{
	{
		name:  "start",
		fen:   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		depth: 6,
		known: []uint64{20, 400, 8902, 197281, 4865609, 119060324},
	},
	{
		name:  "kiwipete",
		fen:   "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		depth: 5,
		known: []uint64{48, 2039, 97862, 4085603, 193690690},
	},
	{
		name:  "pos3",
		fen:   "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		depth: 6,
		known: []uint64{14, 191, 2812, 43238, 674624, 11030083},
	},
	{
		name:  "pos4",
		fen:   "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
		depth: 5,
		known: []uint64{6, 264, 9467, 422333, 15833292},
	},
	{
		name:  "pos5",
		fen:   "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
		depth: 5,
		known: []uint64{44, 1486, 62379, 2103487, 89941194},
	},
}

// want returns the known perft count of p at depth d.
func (p position) want(d int) uint64 { return p.known[d-1] }
