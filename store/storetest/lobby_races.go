package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/lobby"
)

// The races the lobby's store settles, and lobby services on several
// nodes sharing one store (RunLobby).

// atOnce calls f(0) … f(n-1) from n goroutines released at the same
// moment, and returns their errors.
func atOnce(n int, f func(i int) error) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Go(func() {
			<-start
			errs[i] = f(i)
		})
	}
	close(start)
	wg.Wait()
	return errs
}

// oneWinner fails t unless exactly one of errs is nil and every other
// carries code; it returns the winner's index, or -1.
func oneWinner(t *testing.T, what string, errs []error, code lobby.Code) int {
	t.Helper()
	winner := -1
	for i, err := range errs {
		switch {
		case err != nil:
			wantLobbyCode(t, fmt.Sprintf("%s %d", what, i), err, code)
		case winner >= 0:
			t.Errorf("%s: both %d and %d won", what, winner, i)
		default:
			winner = i
		}
	}
	if winner < 0 {
		t.Errorf("%s: nobody won", what)
	}
	return winner
}

// countingStarter is a lobby.GameStarter that counts the games it starts.
type countingStarter struct {
	mu    sync.Mutex
	games []game.Config
}

func (c *countingStarter) Create(_ context.Context, g game.Config) (game.Event, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.games = append(c.games, g)
	return game.Event{GameID: fmt.Sprintf("game-%d", len(c.games))}, nil
}

func (c *countingStarter) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.games)
}

// newServices returns n lobby services on s, as n nodes would run them.
func newServices(t *testing.T, s LobbyStore, n int) ([]*lobby.Service, *countingStarter) {
	games := &countingStarter{}
	var out []*lobby.Service
	for range n {
		svc, err := lobby.New(lobby.Config{Store: s, Games: games, Now: func() time.Time { return t0 }})
		if err != nil {
			t.Fatalf("lobby.New: %v", err)
		}
		out = append(out, svc)
	}
	return out, games
}

// testServicePairsOnce: round after round, two nodes place matching seeks
// at the same moment; each pair makes exactly one game.
func testServicePairsOnce(t *testing.T, s LobbyStore) {
	const rounds = 20
	nodes, games := newServices(t, s, 2)
	tc := mustTC(t, "3+0")
	for i := range rounds {
		errs := atOnce(len(nodes), func(j int) error {
			owner := lobby.Player{ID: fmt.Sprintf("u:%d:%d", i, j), Name: "Player", Rating: 1500}
			_, err := nodes[j].AddSeek(t.Context(), lobby.SeekRequest{Owner: owner, TimeControl: tc, Color: lobby.Random})
			return err
		})
		for j, err := range errs {
			if err != nil {
				t.Errorf("round %d, node %d: %v", i, j, err)
			}
		}
	}
	if n := games.count(); n != rounds {
		t.Errorf("%d games for %d pairs of matching seeks", n, rounds)
	}
	checkSeeks(t, "seeks left", mustSeeks(t, s))
}

// testServiceLinkFirstTaker: many people on several nodes open one link
// at once; exactly one plays.
func testServiceLinkFirstTaker(t *testing.T, s LobbyStore) {
	const takers = 8
	nodes, games := newServices(t, s, 2)
	link, err := nodes[0].Challenge(t.Context(), lobby.ChallengeRequest{
		Challenger:  lobby.Player{ID: "u:0", Name: "Creator"},
		TimeControl: mustTC(t, "5+3"), Color: lobby.Random})
	if err != nil {
		t.Fatalf("Challenge: %v", err)
	}
	errs := atOnce(takers, func(i int) error {
		by := lobby.Player{ID: fmt.Sprintf("g:%d", i), Name: "Guest", Guest: true}
		_, err := nodes[i%len(nodes)].Accept(t.Context(), link.ID, by)
		return err
	})
	oneWinner(t, "Accept", errs, lobby.CodeChallengeClosed)
	if games.count() != 1 {
		t.Errorf("%d games started, want 1", games.count())
	}
}
