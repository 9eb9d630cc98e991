package pgn_test

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/chess/pgn"
)

func ExampleReader() {
	const text = `[Event "Casual game"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5 5. Bxb5 1-0

[Event "A broken game"]

1. e4 e5 2. Ke3 *

[Event "Short"]

1. d4 {[%clk 0:05:00]} d5 {[%clk 0:04:58.5]} 1/2-1/2
`
	r := pgn.NewReader(strings.NewReader(text))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		var e *pgn.Error
		if errors.As(err, &e) {
			fmt.Printf("game %d, line %d, column %d: %s\n", e.Game, e.Line, e.Column, e.Code)
			continue // the reader goes on with the next game
		}
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s: %d moves, %s, last %s", g.Tags.Get("Event"), len(g.Moves), g.Result, g.Moves[len(g.Moves)-1].SAN)
		if last := g.Moves[len(g.Moves)-1]; last.HasClock {
			fmt.Printf(" with %v left", last.Clock)
		}
		fmt.Println()
	}
	// Output:
	// Casual game: 9 moves, 1-0, last Bxb5
	// game 2, line 10, column 13: pgn.illegal_move
	// Short: 2 moves, 1/2-1/2, last d5 with 4m58.5s left
}

func ExampleReader_NextRaw() {
	r := pgn.NewReader(strings.NewReader(`1. e4 $1 {Best by test} (1. d4 d5) 1... e5 2. Zz9 *`))
	g, err := r.NextRaw() // the syntax layer alone: moves are not checked
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range g.Moves {
		fmt.Println(m.SAN, m.NAGs, m.Comments, len(m.Variations), "variation(s)")
	}
	_, err = g.Replay() // now check the moves
	var e *pgn.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, "at line", e.Line, "column", e.Column)
	}
	// Output:
	// e4 [1] [Best by test] 1 variation(s)
	// e5 [] [] 0 variation(s)
	// Zz9 [] [] 0 variation(s)
	// pgn.illegal_move at line 1 column 47
}

func ExampleWrite() {
	g := &pgn.Game{
		Tags:   pgn.Tags{{Name: "White", Value: "Morphy, Paul"}, {Name: "ECO", Value: "C41"}},
		Start:  chess.StartingPosition(),
		Result: "*",
	}
	pos := g.Start
	for i, san := range []string{"e4", "e5", "Nf3", "d6"} {
		m, err := pos.ParseSAN(san)
		if err != nil {
			fmt.Println(err)
			return
		}
		move := pgn.Move{Move: m, Clock: time.Duration(180-i) * time.Second, HasClock: true}
		if san == "d6" {
			move.Comments = []string{"Philidor Defence"}
			move.NAGs = []int{5}
		}
		g.Moves = append(g.Moves, move)
		if err := pos.Play(m); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := pgn.Write(os.Stdout, g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Morphy, Paul"]
	// [Black "?"]
	// [Result "*"]
	// [ECO "C41"]
	//
	// 1. e4 {[%clk 0:03:00]} 1... e5 {[%clk 0:02:59]} 2. Nf3 {[%clk 0:02:58]}
	// 2... d6 $5 {[%clk 0:02:57] Philidor Defence} *
}
