package engine_test

import (
	"context"
	"fmt"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/engine"
)

func ExampleEngine_Search() {
	// White mates with the rook on the back rank.
	pos, err := chess.ParseFEN("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1")
	if err != nil {
		panic(err)
	}
	e := engine.New(engine.Options{HashMB: 16})
	res := e.Search(context.Background(), pos, nil, engine.Limits{Depth: 5}, nil)
	fmt.Println(pos.SAN(res.BestMove), res.Info.Score)
	// Output: Rd8# mate 1
}

func ExampleLevels() {
	// The names players read are in package i18n's catalogues, under each
	// level's NameCode.
	for _, l := range engine.Levels() {
		fmt.Printf("%d %s, Elo %d\n", l.Number, l.NameCode(), l.Elo)
	}
	// Output:
	// 1 level.1, Elo 440
	// 2 level.2, Elo 940
	// 3 level.3, Elo 1170
	// 4 level.4, Elo 1330
	// 5 level.5, Elo 1550
	// 6 level.6, Elo 2020
	// 7 level.7, Elo 2280
	// 8 level.8, Elo 2600
}

func ExampleEngine_Search_level() {
	// A game against level 2 ("Fácil"): the server passes the clock and the
	// keys of the positions played so far.
	e := engine.New(engine.Options{Level: 2})
	h := chess.NewHistory(chess.StartingPosition())
	var keys []uint64
	for range 4 {
		pos := h.Position()
		res := e.Search(context.Background(), pos, keys, engine.Limits{WTime: 60e9, BTime: 60e9}, nil)
		keys = append(keys, pos.RepetitionKey())
		if err := h.Play(res.BestMove); err != nil {
			panic(err)
		}
	}
	fmt.Println(h.Len(), "moves played")
	// Output: 4 moves played
}
