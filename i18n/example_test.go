package i18n_test

import (
	"encoding/json"
	"fmt"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/i18n"
)

func ExampleMessage() {
	params := map[string]string{"move": "O-O", "square": "f1"}
	fmt.Println(i18n.Message("es", "chess.move.illegal.castling.through_check", params))
	fmt.Println(i18n.Message("en-GB,en;q=0.8", "chess.move.illegal.castling.through_check", params))
	fmt.Println(i18n.Message("", "outcome.checkmate.white", nil))
	// Output:
	// Jugada ilegal O-O: no se puede enrocar a través de jaque (f1 está atacada)
	// Illegal move O-O: you cannot castle through check (f1 is attacked)
	// Las blancas ganan por jaque mate
}

func ExampleDescribe() {
	pos := chess.StartingPosition()
	_, err := pos.ParseUCI("e1e5")
	b, _ := json.Marshal(i18n.Describe("en", err))
	fmt.Println(string(b))
	// Output:
	// {"code":"chess.move.illegal.unreachable","reason":"chess.move.illegal.unreachable","message":"Illegal move e1e5: the king on e1 cannot reach e5","params":{"from":"e1","move":"e1e5","piece":"king","to":"e5"}}
}

func ExampleDescribe_everyProblem() {
	_, err := chess.ParseFEN("4k3/8/3N1N2/8/8/8/8/P3K3 b - - 0 1")
	d := i18n.Describe("es", err)
	fmt.Println(d.Code)
	for _, p := range d.Details {
		fmt.Println(p.Message)
	}
	// Output:
	// chess.position.pawn_on_back_rank
	// Posición imposible: hay un peón en a1, en la primera o la última fila
	// Posición imposible: el rey de las negras recibe jaque de d6 y de f6, que solo dan jaque al moverse, y solo se mueve una pieza cada vez
}
