package chess_test

import (
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/chess"
)

func ExampleSetupError() {
	// Two knights cannot both give check, and white has a queen too many.
	_, err := chess.ParseFEN("4k3/8/3N1N2/8/8/8/PPPPPPPP/QQ2K3 b - - 0 1")
	var se *chess.SetupError
	if errors.As(err, &se) {
		for _, p := range se.Problems {
			fmt.Println(p.Code, p.Params)
		}
	}
	fmt.Println(errors.Is(err, chess.ErrInvalidPosition))
	// Output:
	// chess.position.too_much_material map[color:white missing:0 promoted:1]
	// chess.position.impossible_check.two_steppers map[color:black first:d6 second:f6]
	// true
}

func ExampleSetup_PositionWith() {
	s, err := chess.ParseSetup("r3k3/8/8/8/8/8/8/R3K3 w KQkq e6 0 1")
	if err != nil {
		panic(err)
	}
	if _, err := s.Position(chess.Standard); err != nil {
		fmt.Println(err)
	}
	pos, err := s.PositionWith(chess.Options{DropBadCastling: true, DropBadEnPassant: true})
	if err != nil {
		panic(err)
	}
	fmt.Println(pos.FEN())
	// Output:
	// chess: impossible position: white has a castling right on h1 but no rook there; black has a castling right on h8 but no rook there; en-passant square e6 but no black pawn on e5
	// r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 1
}
