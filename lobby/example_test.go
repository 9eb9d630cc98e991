package lobby_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
	"github.com/joinpal/joinpal/store/sqlite"
)

// openExampleStore opens a SQLite store in a new temporary folder; done
// closes and removes it.
func openExampleStore() (st *sqlite.Store, done func()) {
	dir, err := os.MkdirTemp("", "lobby-example")
	if err != nil {
		panic(err)
	}
	st, err = sqlite.Open(context.Background(), filepath.Join(dir, "joinpal.db"))
	if err != nil {
		panic(err)
	}
	return st, func() { st.Close(); os.RemoveAll(dir) }
}

// printingGames is a GameStarter that prints the games it would start and
// gives each the id id.
func printingGames(id string) lobby.GameStarter {
	return lobby.GameStarterFunc(func(ctx context.Context, g game.Config) (game.Event, error) {
		fmt.Printf("start %s: %s (white) against %s\n", g.TimeControl, g.White.Name, g.Black.Name)
		return game.Event{GameID: id}, nil
	})
}

// Two compatible seeks pair at once: the second starts the game.
func ExampleService_AddSeek() {
	st, done := openExampleStore()
	defer done()
	ctx := context.Background()
	svc, err := lobby.New(lobby.Config{Store: st, Games: printingGames("Gx7Kq2")})
	if err != nil {
		panic(err)
	}
	blitz, _ := game.ParseTimeControl("3+2")
	ana := lobby.Player{ID: "u:ana", Name: "ana", Rating: 1620}
	bea := lobby.Player{ID: "g:bea", Name: "Invitada 17", Guest: true, Rating: 1500}

	first, _ := svc.AddSeek(ctx, lobby.SeekRequest{Owner: ana, TimeControl: blitz, Color: lobby.White,
		Range: lobby.RatingRange{Min: 1400, Max: 1800}})
	fmt.Printf("ana's seek is open: %v\n", first.GameID == "")

	_, err = svc.AddSeek(ctx, lobby.SeekRequest{Owner: ana, TimeControl: blitz, Color: lobby.Black})
	fmt.Println(lobby.CodeOf(err))

	second, _ := svc.AddSeek(ctx, lobby.SeekRequest{Owner: bea, TimeControl: blitz, Color: lobby.Random})
	fmt.Println("paired:", second.GameID)
	open, _ := svc.Seeks(ctx)
	fmt.Println("open seeks:", len(open))
	// Output:
	// ana's seek is open: true
	// lobby.seek_exists
	// start 3+2: ana (white) against Invitada 17
	// paired: Gx7Kq2
	// open seeks: 0
}

// A challenge link: the first person other than its creator to open it
// plays; whoever comes later finds it closed.
func ExampleService_Accept() {
	st, done := openExampleStore()
	defer done()
	ctx := context.Background()
	svc, _ := lobby.New(lobby.Config{Store: st, Heads: func() bool { return true }, Games: printingGames("Gx7Kq2")})
	rapid, _ := game.ParseTimeControl("10+5")
	link, _ := svc.Challenge(ctx, lobby.ChallengeRequest{
		Challenger: lobby.Player{ID: "u:ana", Name: "ana"}, TimeControl: rapid, Color: lobby.Random})
	fmt.Println(link.Kind, link.Status, link.ExpiresAt.Sub(link.CreatedAt))

	accepted, _ := svc.Accept(ctx, link.ID, lobby.Player{ID: "g:1", Name: "Invitado 1", Guest: true})
	fmt.Println(accepted.Status, accepted.GameID)
	_, err := svc.Accept(ctx, link.ID, lobby.Player{ID: "g:2", Name: "Invitado 2", Guest: true})
	fmt.Println(lobby.CodeOf(err))
	// Output:
	// open created 24h0m0s
	// start 10+5: ana (white) against Invitado 1
	// accepted Gx7Kq2
	// lobby.challenge_closed
}

// A rematch starts when both players want it: the second offer accepts
// the first.
func ExampleService_OfferRematch() {
	st, done := openExampleStore()
	defer done()
	ctx := context.Background()
	svc, _ := lobby.New(lobby.Config{Store: st, Games: printingGames("R2")})
	blitz, _ := game.ParseTimeControl("5+3")
	g := lobby.FinishedGame{ID: "R1", TimeControl: blitz,
		White: lobby.Player{ID: "u:ana", Name: "ana"}, Black: lobby.Player{ID: "u:bea", Name: "bea"}}
	offer, _ := svc.OfferRematch(ctx, g, "u:ana")
	fmt.Println(offer.Kind, offer.Status, "ana would play", offer.Color)
	rematch, _ := svc.OfferRematch(ctx, g, "u:bea")
	fmt.Println(rematch.Status, rematch.GameID)
	// Output:
	// rematch created ana would play black
	// start 5+3: bea (white) against ana
	// accepted R2
}

func ExamplePresets() {
	for _, p := range lobby.Presets() {
		fmt.Printf("%s %s\n", p.TimeControl, p.Speed)
	}
	// Output:
	// 1+0 bullet
	// 3+0 blitz
	// 3+2 blitz
	// 5+0 blitz
	// 5+3 blitz
	// 10+0 rapid
	// 10+5 rapid
	// 15+10 rapid
	// 30+0 classical
	// move:10s blitz
	// move:30s rapid
	// move:1m classical
}

func ExampleParseDeclineReason() {
	for _, text := range []string{"tooFast", "", "noBot", "tooRude"} {
		r, err := lobby.ParseDeclineReason(text)
		if err != nil {
			fmt.Printf("%q: %s\n", text, lobby.CodeOf(err))
			continue
		}
		fmt.Printf("%q: %s, told as %s\n", text, r, r.WordCode())
	}
	// Output:
	// "tooFast": tooFast, told as decline.tooFast
	// "": generic, told as decline.generic
	// "noBot": noBot, told as decline.noBot
	// "tooRude": lobby.bad_decline_reason
}
