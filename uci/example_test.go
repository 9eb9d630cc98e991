package uci_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/joinpal/joinpal/chess"
	"github.com/joinpal/joinpal/uci"
)

// firstMove is the smallest engine there is: it plays the first legal move.
type firstMove struct{}

func (firstMove) SetOptions(uci.Options) {}
func (firstMove) NewGame()               {}
func (firstMove) Search(ctx context.Context, p uci.SearchParams) uci.Result {
	moves := p.Position.LegalMoves(nil)
	if len(moves) == 0 {
		return uci.Result{}
	}
	return uci.Result{BestMove: moves[0]}
}

// A Server answers a GUI's commands; here they come from a string. Quit
// waits for the search's bestmove.
func ExampleServer() {
	srv := uci.NewServer(firstMove{}, uci.Config{Name: "First Move", Author: "the examples"})
	in := strings.NewReader("position startpos moves e2e4\ngo movetime 100\nquit\n")
	if err := srv.Run(in, os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// bestmove b8a6
}

func ExampleFormatInfo() {
	pos := chess.StartingPosition()
	e2e4, _ := pos.ParseUCI("e2e4")
	fmt.Println(uci.FormatInfo(pos, uci.Info{
		Depth: 12, SelDepth: 17, HasScore: true, Score: uci.Score{CP: 31},
		Nodes: 150000, NPS: 1500000, Time: 100 * time.Millisecond, HashFull: 12,
		PV: []chess.Move{e2e4},
	}))
	// Output:
	// info depth 12 seldepth 17 score cp 31 nodes 150000 nps 1500000 time 100 hashfull 12 pv e2e4
}

func ExampleParseGo() {
	limits, problems := uci.ParseGo(chess.StartingPosition(), strings.Fields("wtime 60000 btime 59000 winc 1000 binc 1000 searchmoves e2e4 d2d4 depth twelve"))
	fmt.Println(limits.WTime, limits.BTime, limits.WInc, len(limits.SearchMoves))
	fmt.Println(problems)
	// Output:
	// 1m0s 59s 1s 2
	// [go: not a number: depth twelve]
}

func ExampleLevelForElo() {
	table := []uci.LevelElo{{Level: 1, Elo: 800}, {Level: 2, Elo: 1100}, {Level: 3, Elo: 1400}, {Level: 0, Elo: 2400}}
	fmt.Println(uci.LevelForElo(table, 1000), uci.LevelForElo(table, 1300), uci.LevelForElo(table, 3000))
	// Output:
	// 2 3 0
}

// Start drives an external engine: here Stockfish finds a mate in one.
func ExampleStart() {
	ctx := context.Background()
	sf, err := uci.Start(ctx, uci.Command{Path: "stockfish"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer sf.Close()
	if err := sf.SetOption("Hash", "16"); err != nil {
		fmt.Println(err)
		return
	}
	start, _ := chess.ParseFEN("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
	res, err := sf.Go(ctx, uci.Search{Start: start, Limits: uci.Limits{Depth: 5}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(start.UCI(res.BestMove), res.Info.Score.Mate)
}
