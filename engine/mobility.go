package engine

import "github.com/joinpal/joinpal/chess"

// mobility[pt][n] is the bonus of a piece of type pt that attacks n squares
// of its mobility area (not occupied by its own pawns or king, not attacked
// by enemy pawns). The values were fitted to game results by the tuner
// (tune_test.go), starting from a square-root curve.
var mobility = [7][28]packed{
	chess.Knight: {S(-50, -66), S(-15, -28), S(-7, -7), S(-2, 3), S(9, 11), S(14, 18), S(19, 17), S(18, 11), S(13, 8)},
	chess.Bishop: {S(-43, -85), S(-27, -41), S(-14, -33), S(-12, -6), S(-6, 6), S(0, 10), S(11, 8), S(5, 11), S(7, 19), S(12, 16), S(10, 1), S(20, 16), S(26, 32), S(26, 24)},
	chess.Rook:   {S(-44, -93), S(-24, -52), S(-8, -29), S(-6, -10), S(0, -4), S(-2, 7), S(2, 14), S(9, 10), S(13, 19), S(14, 24), S(9, 30), S(13, 31), S(12, 34), S(16, 31), S(23, 23)},
	chess.Queen:  {S(-36, -80), S(-21, -56), S(-18, -46), S(-12, -40), S(-11, -32), S(-11, -26), S(-5, -19), S(-4, -12), S(-5, -10), S(-2, -6), S(1, 2), S(1, 7), S(-1, 8), S(2, 10), S(8, 19), S(10, 23), S(14, 24), S(15, 25), S(14, 25), S(11, 27), S(12, 25), S(13, 25), S(15, 31), S(13, 30), S(17, 36), S(17, 36), S(20, 43), S(21, 43)},
}
