package live

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
)

// MoveRequest is a move as a client sends it.
type MoveRequest struct {
	// UCI is the move, e.g. "e2e4".
	UCI string
	// Ply is the number of moves the client had seen when it moved: the
	// move is refused (CodeStalePly) unless it is the game's current ply.
	Ply int
	// ID is the client's id of the move (0 if none): a move resent with the
	// same id after a lost acknowledgement is answered again, never
	// applied twice.
	ID int64
	// Lag is the network lag of the move as measured (0 if unknown).
	Lag time.Duration
}

// Ack acknowledges a move: it is durable.
type Ack struct {
	GameID string
	// Move is the move as recorded (its Ply, SAN, clock).
	Move game.MoveRecord
	// Seq is the number of the event that published the move (0 when a
	// resent move's event is no longer kept).
	Seq int64
	// Resent reports that the move had been applied before: this is the
	// same acknowledgement again.
	Resent bool
}

// Move plays a move for the player playerID in game id and returns once it
// is durable. Errors keep game's codes: CodeNotAPlayer, CodeGameOver,
// CodeNotYourTurn, CodeStalePly, CodeIllegalMove, CodeGameNotFound; and
// live's: CodeNotStored (the store did not confirm the move: nothing
// changed, send it again), CodeUnavailable, CodeStopping. Once the game's
// goroutine has taken the move, ctx no longer bounds its write: Move
// returns the move's fate.
func (r *Runtime) Move(ctx context.Context, id, playerID string, req MoveRequest) (Ack, error) {
	return r.MoveThen(ctx, id, playerID, req, nil)
}

// MoveThen is Move, and hands acked, when not nil, the move's Ack as soon
// as the move is durable and its event published, before MoveThen
// returns: exactly once when MoveThen succeeds, never when it fails. Where
// the store commits writes in turn, acked runs on its writer the moment
// the move's commit is confirmed, without waiting for the caller to be
// woken (game.WithOnCommit); a client's acknowledgement sent from acked
// leaves right after the move's event. acked must not block, nor call the
// runtime.
func (r *Runtime) MoveThen(ctx context.Context, id, playerID string, req MoveRequest, acked func(Ack)) (Ack, error) {
	a, err := r.lookup(ctx, id)
	if err != nil {
		return Ack{}, err
	}
	mc := newMoveCall()
	mc.a, mc.ctx, mc.player, mc.req, mc.acked = a, ctx, playerID, req, acked
	err = a.do(ctx, mc.run)
	ack := mc.ack
	mc.free() // do has returned: nothing runs the command any more
	return ack, err
}

// moveCall is a move's command for the game's goroutine: its arguments
// and its outcome, and the function that plays it, bound once. A closure
// over them and the Ack it fills were two allocations a move.
type moveCall struct {
	a      *actor
	ctx    context.Context
	player string
	req    MoveRequest
	acked  func(Ack)
	ack    Ack
	// run is mc.play, bound when the moveCall was made.
	run func() error
}

// moveCalls holds the moveCalls no move uses any more.
var moveCalls sync.Pool

// newMoveCall returns a moveCall, fresh or freed.
func newMoveCall() *moveCall {
	if mc, _ := moveCalls.Get().(*moveCall); mc != nil {
		return mc
	}
	mc := new(moveCall)
	mc.run = mc.play
	return mc
}

// play plays the move, keeping its Ack.
func (mc *moveCall) play() error {
	var err error
	mc.ack, err = mc.a.move(mc.ctx, mc.player, mc.req, mc.acked)
	return err
}

// free clears mc, which no command will run again, and keeps it for a
// later move.
func (mc *moveCall) free() {
	*mc = moveCall{run: mc.run}
	moveCalls.Put(mc)
}

// move plays req for playerID, and hands acked (when not nil) its Ack
// once it is durable (see MoveThen).
func (a *actor) move(ctx context.Context, playerID string, req MoveRequest, acked func(Ack)) (Ack, error) {
	if err := a.ready(ctx); err != nil {
		return Ack{}, err
	}
	g := a.g
	side, ok := g.SideOf(playerID)
	if !ok {
		return Ack{}, wrap(a.id, game.NewError(game.CodeNotAPlayer, "only the players of a game can move its pieces", nil))
	}
	if ack, ok, err := a.resent(side, req); err != nil || ok {
		if ok && acked != nil {
			acked(ack)
		}
		return ack, err
	}
	if err := g.MayMove(side); err != nil {
		return Ack{}, wrap(a.id, err)
	}
	if req.Ply != g.Ply() {
		return Ack{}, wrap(a.id, game.NewError(game.CodeStalePly, fmt.Sprintf("the move is for ply %d, the game is at ply %d", req.Ply, g.Ply()), nil))
	}
	// If a deadline fell before the move, Move ends the game instead and
	// commit stores and publishes the end.
	a.acked = acked
	ev, _, err := a.commit(ctx, func(g *game.Game) (*game.MoveRecord, error) {
		var err error
		if a.moved, err = g.Move(side, req.UCI, req.Lag, req.ID); err != nil {
			return nil, err
		}
		return &a.moved, nil
	})
	a.acked = nil // a move that committed has handed it its Ack (committed)
	if err != nil {
		return Ack{}, wrap(a.id, err)
	}
	return Ack{GameID: a.id, Move: *ev.Move, Seq: ev.Seq}, nil
}

// resent finds a move of side already applied with the client's id req.ID.
// The game holds only moves the store confirmed, so a move answered as
// resent is durable. An id that names an applied move other than req (its
// ply or its move differ) is refused with CodeMoveIDReused.
func (a *actor) resent(side game.Side, req MoveRequest) (Ack, bool, error) {
	if req.ID == 0 {
		return Ack{}, false, nil
	}
	moves := a.g.Moves()
	start := a.g.StartPosition()
	first := game.SideOf(start.Turn())
	for i := len(moves) - 1; i >= 0 && i >= len(moves)-4; i-- {
		mover := first
		if i%2 == 1 {
			mover = first.Other()
		}
		if mover == side && moves[i].ClientMoveID == req.ID {
			if !a.sameMove(i, req) {
				return Ack{}, false, wrap(a.id, NewError(CodeMoveIDReused,
					fmt.Sprintf("move id %d names the move %s of ply %d", req.ID, moves[i].UCI, i), nil).
					With("id", strconv.FormatInt(req.ID, 10)))
			}
			ack := Ack{GameID: a.id, Move: moves[i], Resent: true}
			for _, ev := range a.events {
				if ev.Move != nil && ev.Move.Ply == i { // a move event, or the full event that followed a gap
					ack.Seq = ev.Seq
				}
			}
			return ack, true, nil
		}
	}
	return Ack{}, false, nil
}

// sameMove reports whether req is the move applied at ply: the same ply,
// and a text that names the same move in the position before it (a
// castling given as the king's or the rook's square is one move).
func (a *actor) sameMove(ply int, req MoveRequest) bool {
	if req.Ply != ply {
		return false
	}
	pos := a.g.StartPosition()
	played := a.g.History().Moves()
	for _, m := range played[:ply] {
		pos.PlayUnchecked(m)
	}
	m, err := pos.ParseUCI(req.UCI)
	return err == nil && m == played[ply]
}

// wrap names the game in err, unless err is one of live's own, which do.
func wrap(id string, err error) error {
	if _, ok := err.(*Error); ok {
		return err
	}
	return fmt.Errorf("live: game %s: %w", id, err)
}

// playerCommand runs a command of the player playerID.
func (r *Runtime) playerCommand(ctx context.Context, id, playerID string, f func(g *game.Game, side game.Side) error) error {
	a, err := r.lookup(ctx, id)
	if err != nil {
		return err
	}
	return a.apply(ctx, func(g *game.Game) error {
		side, ok := g.SideOf(playerID)
		if !ok {
			return wrap(id, game.NewError(game.CodeNotAPlayer, "only the players of a game can do that", nil))
		}
		if err := f(g, side); err != nil {
			return wrap(id, err)
		}
		return nil
	})
}

// Resign resigns the game for the player.
func (r *Runtime) Resign(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).Resign)
}

// Leave is the player leaving the game for good (game.Game.Leave): an
// abort while the game may be aborted, a resignation after.
func (r *Runtime) Leave(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).Leave)
}

// ClaimVictory ends the game by abandonment, won by the player, whose
// opponent has been gone for the claim delay (game.Game.ClaimVictory).
func (r *Runtime) ClaimVictory(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).ClaimVictory)
}

// ClaimDraw ends the game drawn, declared by the player whose opponent has
// been gone for the claim delay (game.Game.ClaimDraw).
func (r *Runtime) ClaimDraw(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).ClaimDraw)
}

// Berserk halves the player's clock and drops their increment, before
// their first move (game.Game.Berserk); the arena service asks it.
func (r *Runtime) Berserk(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).Berserk)
}

// Abort aborts the game before both sides have moved.
func (r *Runtime) Abort(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).Abort)
}

// OfferDraw offers a draw (or accepts the opponent's open offer).
func (r *Runtime) OfferDraw(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).OfferDraw)
}

// AcceptDraw accepts the opponent's draw offer.
func (r *Runtime) AcceptDraw(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).AcceptDraw)
}

// DeclineDraw declines the opponent's draw offer.
func (r *Runtime) DeclineDraw(ctx context.Context, id, playerID string) error {
	return r.playerCommand(ctx, id, playerID, (*game.Game).DeclineDraw)
}

// Postpone moves a scheduled game's start to at.
func (r *Runtime) Postpone(ctx context.Context, id, playerID string, at time.Time) error {
	return r.playerCommand(ctx, id, playerID, func(g *game.Game, side game.Side) error { return g.Postpone(side, at) })
}

// Connected records that a player's connection to the game is up (or back).
// Spectators are not tracked: for them it does nothing.
func (r *Runtime) Connected(ctx context.Context, id, playerID string) error {
	return r.connection(ctx, id, playerID, (*game.Game).Reconnect)
}

// Disconnected records that a player's connection dropped: unless it comes
// back within the reconnection window, the game is abandoned.
func (r *Runtime) Disconnected(ctx context.Context, id, playerID string) error {
	return r.connection(ctx, id, playerID, (*game.Game).Disconnect)
}

func (r *Runtime) connection(ctx context.Context, id, playerID string, f func(*game.Game, game.Side) error) error {
	a, err := r.lookup(ctx, id)
	if err != nil {
		return err
	}
	return a.apply(ctx, func(g *game.Game) error {
		side, ok := g.SideOf(playerID)
		if !ok {
			return nil
		}
		return f(g, side)
	})
}

// Snapshot returns the whole game as an EventFull with the current Seq.
// A game that has ended is read from the store.
func (r *Runtime) Snapshot(ctx context.Context, id string) (game.Event, error) {
	a, err := r.lookup(ctx, id)
	if err != nil {
		return r.storedSnapshot(ctx, id, err)
	}
	var ev game.Event
	err = a.do(ctx, func() error {
		ev = a.full()
		return nil
	})
	if err != nil {
		return r.storedSnapshot(ctx, id, err)
	}
	return ev, nil
}

func (r *Runtime) storedSnapshot(ctx context.Context, id string, cause error) (game.Event, error) {
	rec, err := r.cfg.Store.LoadGame(ctx, id)
	if err != nil {
		return game.Event{}, cause
	}
	g, err := game.Restore(rec, r.cfg.Clock.Now)
	if err != nil {
		return game.Event{}, fmt.Errorf("live: %w", err)
	}
	ev := g.NewEvent(game.EventFull, nil)
	ev.Seq = rec.State.Seq
	return ev, nil
}

// EventsSince returns the events of game id after seq, for a client that
// reconnects. When the runtime no longer holds all of them, it returns one
// EventFull instead.
func (r *Runtime) EventsSince(ctx context.Context, id string, seq int64) ([]game.Event, error) {
	a, err := r.lookup(ctx, id)
	if err != nil {
		ev, err := r.storedSnapshot(ctx, id, err)
		if err != nil {
			return nil, err
		}
		return []game.Event{ev}, nil
	}
	var out []game.Event
	err = a.do(ctx, func() error {
		cur := a.seq
		if seq >= cur {
			return nil
		}
		// The kept events serve when they reach back to seq and up to the
		// game's number (a write read back from the store may have moved
		// it past the last event published).
		if len(a.events) > 0 && a.events[0].Seq <= seq+1 && a.sent == cur {
			out = a.kept(seq)
			return nil
		}
		out = []game.Event{a.full()}
		return nil
	})
	return out, err
}
