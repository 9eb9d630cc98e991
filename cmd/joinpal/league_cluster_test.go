package main

import (
	"context"
	"testing"
	"time"

	"github.com/joinpal/joinpal/league"
)

// tournamentFrames counts c's tournament frames so far.
func tournamentFrames(c *wsClient) int {
	n := 0
	for _, f := range c.frames {
		if f.T == "tournament" {
			n++
		}
	}
	return n
}

// untilTournament reads c's frames until a tournament frame after which
// ok holds (ok is asked again after each new one).
func untilTournament(t *testing.T, c *wsClient, what string, ok func() bool) {
	t.Helper()
	for !ok() {
		seen := tournamentFrames(c)
		c.until(what, func(clusterFrame) bool { return tournamentFrames(c) > seen })
	}
}

// TestClusterTournamentAcrossNodes: a tournament's changes made on A
// (registrations, the organiser's start and its pairing) reach its page's
// socket on B, the new game's notice reaches B's notifications, and so
// does the end of its game to the page, which runs on A: A's
// tournaments hear the end on A's runtime at once and record the result,
// and B's socket is told (no tick waited for: B's clock never moves, and
// a frame comes only with a change).
func TestClusterTournamentAcrossNodes(t *testing.T) {
	start := clusterNodes(t)
	a, b := start("node-a"), start("node-b")
	ctx := context.Background()
	org := league.Person{ID: "u-org", Name: "org"}
	tn, err := a.parts.leagues.Create(ctx, org, "Liga de los nodos", "",
		league.Settings{Format: league.RoundRobin, Cycles: 1, TimeControl: "5+0", Mode: league.Live})
	if err != nil {
		t.Fatal(err)
	}
	ws := dialSocket(t, "tournament on B", b.base, "/api/tournament/"+tn.ID+"/socket", nil)
	ana, ben := league.Person{ID: "u-ana", Name: "ana"}, league.Person{ID: "u-ben", Name: "ben"}
	for _, p := range []league.Person{ana, ben} {
		before := tournamentFrames(ws)
		if _, err := a.parts.leagues.Join(ctx, p, tn.ID); err != nil {
			t.Fatalf("%s joins on A: %v", p.Name, err)
		}
		ws.until(p.Name+"'s registration on B's socket", func(clusterFrame) bool { return tournamentFrames(ws) > before })
	}
	paired, stop := b.parts.leagues.SubscribePaired()
	defer stop()
	if _, err := a.parts.leagues.Start(ctx, org, tn.ID); err != nil {
		t.Fatalf("the organiser starts it on A: %v", err)
	}
	var board league.Board
	untilTournament(t, ws, "round 1 paired, on B's socket", func() bool {
		bs, err := b.parts.leagues.Boards(ctx, tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range bs {
			if x.GameID != "" {
				board = x
				return true
			}
		}
		return false
	})
	if !a.parts.runtime.Runs(board.GameID) {
		t.Fatalf("the game %s does not run on A, which paired it", board.GameID)
	}
	select {
	case p := <-paired:
		if p.GameID != board.GameID || p.TournamentID != tn.ID {
			t.Fatalf("B's notice of the new game: %+v; want game %s of %s", p, board.GameID, tn.ID)
		}
	case <-time.After(clusterWait):
		t.Fatal("B's notifications were not told of the game A made")
	}
	if err := a.parts.runtime.Resign(ctx, board.GameID, board.Black); err != nil {
		t.Fatalf("black resigns on A: %v", err)
	}
	untilTournament(t, ws, "the result on B's socket", func() bool {
		bs, err := b.parts.leagues.Boards(ctx, tn.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range bs {
			if x.GameID == board.GameID {
				return x.Decided()
			}
		}
		return false
	})
}
