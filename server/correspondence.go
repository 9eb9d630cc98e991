package server

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"time"

	"github.com/joinpal/joinpal/game"
)

// frameYourTurn is the lobby socket's frame that tells a player it is
// their move in a correspondence game.
const frameYourTurn = "yourTurn"

// TurnNote tells UserID that it is their move in a correspondence game.
type TurnNote struct {
	UserID   string
	GameID   string
	Opponent game.Player
	// Deadline is when the player's time for the move runs out.
	Deadline time.Time
}

// TurnNotes carries TurnNotes to the lobby sockets: a
// broadcast.Hub[TurnNote] to those of this process, natsbus.Events to
// those of every node.
type TurnNotes interface {
	// Publish sends n to every subscriber without waiting for slow ones.
	Publish(ctx context.Context, n TurnNote) error
	// Subscribe returns the notes published from now on and a function
	// that ends the subscription; a subscriber that falls behind has its
	// channel closed.
	Subscribe() (<-chan TurnNote, func())
}

// yourTurnJSON is the data of a "yourTurn" frame.
type yourTurnJSON struct {
	GameID   string `json:"gameId"`
	Opponent player `json:"opponent"`
	// Deadline is when the time for the move runs out, in ms since the epoch.
	Deadline int64 `json:"deadline"`
}

// noteTurn tells the player on turn in correspondence game hdr, after an
// acknowledged move, that it is their move; nothing for other games.
func (s *Server) noteTurn(ctx context.Context, hdr game.Record) {
	if !hdr.TimeControl.IsCorrespondence() {
		return
	}
	ev, err := s.cfg.Runtime.Snapshot(ctx, hdr.ID)
	if err != nil || ev.Status.Finished() {
		return
	}
	onTurn, other := hdr.White, hdr.Black
	if ev.Turn == game.Black {
		onTurn, other = hdr.Black, hdr.White
	}
	if onTurn.ID == "" || onTurn.IsAI() {
		return
	}
	deadline, ok := turnDeadline(ev)
	if !ok {
		return
	}
	_ = s.turns.Publish(ctx, TurnNote{UserID: onTurn.ID, GameID: hdr.ID, Opponent: other, Deadline: deadline})
}

// turnDeadline is when the side on turn of ev runs out of time for its
// move (its running clock's raw deadline, or its first-move deadline).
func turnDeadline(ev game.Event) (time.Time, bool) {
	return ev.MoveBy, !ev.MoveBy.IsZero()
}

// followTurns sends who's lobby socket a "yourTurn" frame for each of
// their turn notes, until the socket closes.
func (s *Server) followTurns(sock *socket, who Identity) {
	if who.User.ID == "" || !sees(who, frameYourTurn) {
		return
	}
	notes, end := s.turns.Subscribe()
	go func() {
		defer func() { end() }() // the latest subscription's end
		for {
			select {
			case n, ok := <-notes:
				if !ok {
					notes, end = s.turns.Subscribe()
					continue
				}
				if n.UserID == who.User.ID {
					sock.send(outFrame{T: frameYourTurn, D: yourTurnJSON{GameID: n.GameID, Opponent: viewPlayer(n.Opponent), Deadline: n.Deadline.UnixMilli()}})
				}
			case <-sock.done:
				return
			}
		}
	}()
}

// waitingJSON is one correspondence game waiting for the requester's move.
type waitingJSON struct {
	summaryJSON
	// Deadline is when the time for the move runs out, in ms since the
	// epoch, and TimeLeft how long that is from when the game was read, in
	// ms (a page counts down from it, whatever its own clock says).
	Deadline int64 `json:"deadline"`
	TimeLeft int64 `json:"timeLeft"`
}

// waitingGames serves GET /api/account/waiting: the requester's
// correspondence games in which it is their move, soonest deadline first,
// with the time left on each.
func (s *Server) waitingGames(w http.ResponseWriter, r *http.Request) {
	who, ok := s.signedIn(w, r, scopeFor(sent+frameYourTurn))
	if !ok {
		return
	}
	list, err := s.cfg.Listing.PlayerPlaying(r.Context(), who.User.ID, game.MaxListLimit)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	out := struct {
		Games []waitingJSON `json:"games"`
		Now   int64         `json:"now"`
	}{Games: []waitingJSON{}, Now: s.cfg.Now().UnixMilli()}
	for _, g := range list {
		side, mine := g.Side(who.User.ID)
		if !mine || !g.TimeControl.IsCorrespondence() {
			continue
		}
		ev, err := s.cfg.Runtime.Snapshot(r.Context(), g.ID)
		if err != nil || ev.Status.Finished() || ev.Turn != side {
			continue
		}
		deadline, ok := turnDeadline(ev)
		if !ok {
			continue
		}
		out.Games = append(out.Games, waitingJSON{
			summaryJSON: viewSummary(g),
			Deadline:    deadline.UnixMilli(),
			TimeLeft:    max(deadline.Sub(ev.At), 0).Milliseconds(),
		})
	}
	slices.SortStableFunc(out.Games, func(a, b waitingJSON) int { return cmp.Compare(a.Deadline, b.Deadline) })
	writeJSON(w, http.StatusOK, out)
}
