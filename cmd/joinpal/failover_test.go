package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/joinpal/joinpal/loadtest/wsload"
)

// The failover tests: each node runs on a clock of its own (serve
// --test-clock), moved forward past the lease (live.Config.NodeTimeout,
// 5 s) by POST /test/clock; a node then takes the games of a dead node
// when its runtime's Failover is called, as each heartbeat does.

// advanceClock moves r's clock forward by d ("1m").
func advanceClock(t *testing.T, r running, d string) {
	t.Helper()
	var now struct{ Now string }
	(&httpUser{hc: http.DefaultClient}).do(t, r.base, "POST", "/test/clock", map[string]string{"advance": d}, http.StatusOK, &now)
}

// failover calls r's Failover and returns how many games it took.
func failover(t *testing.T, r running) int {
	t.Helper()
	n, err := r.parts.runtime.Failover(context.Background())
	if err != nil {
		t.Fatalf("failover: %v", err)
	}
	return n
}

// TestClusterFailoverAfterCrash: node A runs a game whose players' sockets
// are on B, and dies without a word (no stop recorded). Within the lease B
// leaves the game to A; once A's last heartbeat is older than the lease, B
// takes it, and the game goes on from B's sockets: every acknowledged move
// kept, versions unbroken, and the minute B's clock moved meanwhile charged
// to nobody.
func TestClusterFailoverAfterCrash(t *testing.T) {
	start := clusterNodesWith(t, true)
	a, b := start("node-a"), start("node-b")
	white, black := newGuestUser(t, a.base), newGuestUser(t, a.base)
	id := challengeGame(t, a.base, white, black, "5+0")
	path := "/api/game/" + id + "/socket"
	ws := dialSocket(t, "white on B", b.base, path, white)
	bs := dialSocket(t, "black on B", b.base, path, black)
	for _, s := range []*wsClient{ws, bs} {
		s.until("the full frame", func(f clusterFrame) bool { return f.T == "full" })
	}
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6"}
	play := func(i int) clusterFrame {
		t.Helper()
		mover := []*wsClient{ws, bs}[i%2]
		mover.send(map[string]any{"t": "move", "d": map[string]any{"uci": moves[i], "ply": i, "id": i + 1}})
		mover.until("the ack of "+moves[i], func(f clusterFrame) bool { return f.T == "ack" && ackID(t, f) == int64(i+1) })
		return ws.until(moves[i]+" played", func(f clusterFrame) bool { return f.V > 0 && state(t, f).Ply == i+1 })
	}
	play(0)
	play(1)

	killed := time.Now()
	if err := a.kill(); !errors.Is(err, errHalted) {
		t.Fatalf("killing A: %v", err)
	}
	if withinLease(t, killed, b) {
		if n := failover(t, b); n != 0 || b.parts.runtime.Runs(id) {
			t.Fatalf("B took %d games within A's lease (runs the game: %v); want none", n, b.parts.runtime.Runs(id))
		}
	}
	advanceClock(t, b, "1m")
	failover(t, b) // (unless B's own heartbeat's scan took it first)
	if !b.parts.runtime.Runs(id) {
		t.Fatal("B does not run the game once A's lease has passed")
	}
	after := play(2)
	var clocks struct {
		WTime int64 `json:"wtime"`
	}
	if err := json.Unmarshal(after.D, &clocks); err != nil || clocks.WTime < 270_000 {
		t.Errorf("white's clock after the failover: %d ms (%v); the minute B's clock moved was charged", clocks.WTime, err)
	}
	play(3)
	got, err := wsload.GameMoves(context.Background(), b.base, id)
	if err != nil || strings.Join(got, " ") != strings.Join(moves, " ") {
		t.Errorf("the stored moves: %v (%v), want %v", got, err, moves)
	}
	ws.versioned()
	bs.versioned()
}

// TestClusterStaleOwnerDropsTheGame: A is cut off (alive, but its lease
// passed as B sees it): B takes A's game; A's next write of it is refused
// by the store (game.not_owner), changes nothing, and A drops the game,
// while B plays on.
func TestClusterStaleOwnerDropsTheGame(t *testing.T) {
	start := clusterNodesWith(t, true)
	a, b := start("node-a"), start("node-b")
	createGame(t, a, "g1")
	ctx := context.Background()
	if _, err := a.parts.runtime.Move(ctx, "g1", "w", live.MoveRequest{UCI: "e2e4", Ply: 0, ID: 1}); err != nil {
		t.Fatal(err)
	}
	advanceClock(t, b, "1m")
	failover(t, b)
	if !b.parts.runtime.Runs("g1") {
		t.Fatal("B did not take the game of A, whose lease passed")
	}
	_, err := a.parts.runtime.Move(ctx, "g1", "b", live.MoveRequest{UCI: "c7c5", Ply: 1, ID: 2})
	if !errors.Is(err, game.ErrNotOwner) || a.parts.runtime.Runs("g1") {
		t.Fatalf("A's move after B took the game: %v (A runs it: %v); want %s and the game dropped", err, a.parts.runtime.Runs("g1"), game.CodeNotOwner)
	}
	if _, err := b.parts.runtime.Move(ctx, "g1", "b", live.MoveRequest{UCI: "e7e5", Ply: 1, ID: 2}); err != nil {
		t.Fatalf("the move on B, the owner: %v", err)
	}
	got, err := wsload.GameMoves(ctx, b.base, "g1")
	if err != nil || strings.Join(got, " ") != "e2e4 e7e5" {
		t.Errorf("the stored moves: %v (%v), want e2e4 e7e5", got, err)
	}
}

// TestClusterGracefulStopHandsOver: a node that stops gracefully records
// its stop, and another takes its games at once, its lease not waited for
// (no clock moved); the game is still running when the stopped node comes
// back (a rolling restart decides nothing), and goes on.
func TestClusterGracefulStopHandsOver(t *testing.T) {
	start := clusterNodesWith(t, true)
	a, b := start("node-a"), start("node-b")
	createGame(t, a, "g1")
	ctx := context.Background()
	if _, err := a.parts.runtime.Move(ctx, "g1", "w", live.MoveRequest{UCI: "d2d4", Ply: 0, ID: 1}); err != nil {
		t.Fatal(err)
	}
	if err := a.stop(); err != nil {
		t.Fatal(err)
	}
	failover(t, b) // (unless the stop's announcement made B take it first)
	if !b.parts.runtime.Runs("g1") {
		t.Fatal("B did not take the game of A, stopped gracefully")
	}
	a = start("node-a")
	if a.parts.runtime.Runs("g1") || !b.parts.runtime.Runs("g1") {
		t.Fatalf("after A's restart, A runs the game: %v, B: %v; want B only", a.parts.runtime.Runs("g1"), b.parts.runtime.Runs("g1"))
	}
	if _, err := b.parts.runtime.Move(ctx, "g1", "b", live.MoveRequest{UCI: "d7d5", Ply: 1, ID: 2}); err != nil {
		t.Fatalf("the move after the handover: %v", err)
	}
}

// TestClusterSurvivorsRaceForGames: two survivors claim the games of a
// dead node at the same moment: each game is taken by exactly one, which
// the store names as its owner, and between them they take every game.
func TestClusterSurvivorsRaceForGames(t *testing.T) {
	start := clusterNodesWith(t, true)
	a := start("node-a")
	const games = 60
	for i := range games {
		createGame(t, a, fmt.Sprintf("g%d", i))
	}
	b, c := start("node-b"), start("node-c")
	if err := a.kill(); !errors.Is(err, errHalted) {
		t.Fatalf("killing A: %v", err)
	}
	survivors := []running{b, c}
	for _, s := range survivors {
		advanceClock(t, s, "1m")
	}
	var wg sync.WaitGroup
	for _, s := range survivors {
		wg.Go(func() {
			if _, err := s.parts.runtime.Failover(context.Background()); err != nil {
				t.Errorf("failover: %v", err)
			}
		})
	}
	wg.Wait()
	for i := range games {
		id := fmt.Sprintf("g%d", i)
		onB, onC := b.parts.runtime.Runs(id), c.parts.runtime.Runs(id)
		if onB == onC {
			t.Errorf("%s runs on B: %v, on C: %v; want exactly one", id, onB, onC)
		}
	}
	t.Logf("B took %d games, C %d", b.parts.runtime.Len(), c.parts.runtime.Len())
}

// TestClusterGameClaimedBack: B takes A's game while A, stalled, still
// runs it; then B looks dead to A, and A claims the game back under a
// newer epoch. A runs it from the store again (the moves B stored
// included), and A's stop does not wait for the goroutine that ran the
// stale game before.
func TestClusterGameClaimedBack(t *testing.T) {
	start := clusterNodesWith(t, true)
	a, b := start("node-a"), start("node-b")
	createGame(t, a, "g1")
	ctx := context.Background()
	moves := []string{"e2e4", "e7e5", "g1f3", "b8c6"}
	play := func(r running, i int) {
		t.Helper()
		side := []string{"w", "b"}[i%2]
		if _, err := r.parts.runtime.Move(ctx, "g1", side, live.MoveRequest{UCI: moves[i], Ply: i, ID: int64(i + 1)}); err != nil {
			t.Fatalf("%s on %s: %v", moves[i], r.base, err)
		}
	}
	play(a, 0)
	play(a, 1) // the clocks run: no timer of A's goroutine falls due below
	advanceClock(t, b, "1m")
	failover(t, b)
	if !b.parts.runtime.Runs("g1") {
		t.Fatal("B did not take the game of A, whose lease passed")
	}
	play(b, 2)
	advanceClock(t, a, "100s") // B's heartbeats, on B's clock, look old to A
	failover(t, a)
	play(a, 3)
	got, err := wsload.GameMoves(ctx, a.base, "g1")
	if err != nil || strings.Join(got, " ") != strings.Join(moves, " ") {
		t.Errorf("the stored moves: %v (%v), want %v", got, err, moves)
	}
	if err := a.stop(); err != nil {
		t.Fatalf("A's stop: %v", err)
	}
}
