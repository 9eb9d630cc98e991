package chess_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/joinpal/joinpal/chess"
)

func ExampleParseFEN() {
	pos, err := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if err != nil {
		panic(err)
	}
	fmt.Println(pos.Turn(), pos.FullmoveNumber())

	_, err = chess.ParseFEN("4k3/8/8/8/8/8/8/4K2r b - - 0 1")
	fmt.Println(chess.CodeOf(err), errors.Is(err, chess.ErrInvalidPosition))
	fmt.Println(err)
	// Output:
	// black 1
	// chess.position.opposite_check true
	// chess: impossible position: black is to move and white is in check
}

func ExamplePosition_LegalMoves() {
	pos := chess.StartingPosition()
	moves := pos.LegalMoves(nil)
	fmt.Println(len(moves), pos.CountLegal())
	// Output: 20 20
}

func ExamplePosition_Play() {
	pos := chess.StartingPosition()
	m, _ := pos.ParseUCI("e2e4")
	if err := pos.Play(m); err != nil {
		panic(err)
	}
	fmt.Println(pos.FEN())

	// A move from outside is checked; the error says why it is refused.
	m, err := pos.ParseUCI("e4e5")
	fmt.Println(m, err)
	// Output:
	// rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
	// 0000 chess: illegal move e4e5: the pawn on e4 is white's, and it is black's turn
}

func ExamplePosition_SAN() {
	pos := chess.StartingPosition()
	var written []string
	for _, san := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"} {
		m, err := pos.ParseSAN(san)
		if err != nil {
			panic(err)
		}
		written = append(written, pos.SAN(m))
		pos.PlayUnchecked(m)
	}
	fmt.Println(strings.Join(written, " "))
	fmt.Println(pos.Outcome().Result())
	// Output:
	// e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#
	// 1-0
}

func ExamplePosition_ParseSAN() {
	pos, _ := chess.ParseFEN("4k3/8/8/8/8/8/3N1N2/4K3 w - - 0 1")
	_, err := pos.ParseSAN("Ne4")
	fmt.Println(err)
	m, _ := pos.ParseSAN("Nd2-e4") // the long form is read too
	fmt.Println(pos.SAN(m))
	// Output:
	// chess: ambiguous move Ne4: more than one knight can go to e4; say which
	// Nde4
}

func ExampleHistory() {
	h := chess.NewHistory(chess.StartingPosition())
	for range 2 {
		for _, u := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			pos := h.Position()
			m, _ := pos.ParseUCI(u)
			_ = h.Play(m)
		}
	}
	fmt.Println(h.Repetitions(), h.Outcome(chess.AutomaticDraws).Ending, h.Outcome(chess.FIDEDraws).Over())
	// Output: 3 threefold_repetition false
}

func ExamplePosition_CouldCheckmate() {
	// White's flag falls; black has only a knight against king and queen.
	pos, _ := chess.ParseFEN("8/8/8/4k3/8/8/3Q4/1n2K3 w - - 0 1")
	if !pos.CouldCheckmate(chess.Black) {
		fmt.Println("draw (FIDE 6.9)")
	}
	// Output: draw (FIDE 6.9)
}

func ExamplePerft() {
	pos := chess.StartingPosition()
	fmt.Println(chess.Perft(&pos, 4))
	// Output: 197281
}
