package ai

import (
	"context"
	"errors"
	"hash/fnv"
	"log/slog"
	"sync"
	"time"

	"github.com/joinpal/joinpal/game"
)

// Move is a move the Player plays: the UCI text, the ply it is for (the
// number of moves played before it) and the client move id that makes a
// resend safe (the same for every attempt at one ply of one game).
type Move struct {
	UCI string
	Ply int
	ID  int64
}

// Mover plays a move for a player of a game and returns once it is durable
// (or refused). It has the shape of live.Runtime's Move; package ai may not
// import live, so the binary (cmd/joinpal) passes an adapter:
//
//	ai.MoverFunc(func(ctx context.Context, id, player string, m ai.Move) error {
//		_, err := rt.Move(ctx, id, player, live.MoveRequest{UCI: m.UCI, Ply: m.Ply, ID: m.ID})
//		return err
//	})
type Mover interface {
	Move(ctx context.Context, gameID, playerID string, m Move) error
}

// MoverFunc is a function that is a Mover.
type MoverFunc func(ctx context.Context, gameID, playerID string, m Move) error

// Move calls f.
func (f MoverFunc) Move(ctx context.Context, gameID, playerID string, m Move) error {
	return f(ctx, gameID, playerID, m)
}

// Snapshotter returns a game as it is now, as a game.EventFull with its
// current Seq; live.Runtime's Snapshot is one.
type Snapshotter interface {
	Snapshot(ctx context.Context, id string) (game.Event, error)
}

// PlayerConfig configures a Player. Pool, Mover, Bus and Snapshots are
// required; Games only for [Player.Start].
type PlayerConfig struct {
	Pool      *Pool
	Mover     Mover
	Bus       game.Bus
	Snapshots Snapshotter
	// Games creates the games [Player.Start] starts.
	Games Games
	// Retry is the wait before trying again after a failure: a full pool,
	// a move or snapshot the runtime could not take (default 500 ms).
	Retry time.Duration
	// Logger receives the failures that have no caller (slog.Default when
	// nil).
	Logger *slog.Logger
}

// Player plays the AI's side of games: for each game it watches, it
// follows the game's events on the Bus and, whenever it is the AI's turn
// in a game that is not over, asks the Pool for a move and plays it
// through the Mover. It never accepts or declines draws (an offer lapses
// with the AI's next move) and never resigns. It is safe for concurrent
// use.
type Player struct {
	cfg    PlayerConfig
	ctx    context.Context
	cancel context.CancelFunc

	mu      sync.Mutex
	watches map[string]*watch
	closed  bool
	wg      sync.WaitGroup
}

// NewPlayer returns a player that watches no game yet.
func NewPlayer(cfg PlayerConfig) *Player {
	if cfg.Retry <= 0 {
		cfg.Retry = 500 * time.Millisecond
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &Player{cfg: cfg, ctx: ctx, cancel: cancel, watches: make(map[string]*watch)}
}

// Watch starts playing side at level in game gameID, as the player
// aiPlayerID, until the game ends. tc is the game's time control and
// startFEN its start position ("" for the standard one): events carry the
// clocks but not the increment, and the moves but not where they started.
// Watching a game already watched does nothing, so after a restart
// [Player.Resume] may watch every running AI game it finds.
//
// The AI's opponent is not known here, so the game's searches share the
// pool as the user "" (see [Request].User); [Player.WatchFor] names it.
func (p *Player) Watch(gameID, aiPlayerID string, side game.Side, level int, tc game.TimeControl, startFEN string) error {
	return p.WatchFor(gameID, aiPlayerID, "", side, level, tc, startFEN)
}

// WatchFor is [Player.Watch] in a game against opponent (a player id): the
// pool shares its workers fairly between opponents, so that one person's
// many AI games never hold up another's reply.
func (p *Player) WatchFor(gameID, aiPlayerID, opponent string, side game.Side, level int, tc game.TimeControl, startFEN string) error {
	if err := CheckLevel(level); err != nil {
		return err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return closedError()
	}
	if _, ok := p.watches[gameID]; ok {
		return nil
	}
	w := &watch{p: p, gameID: gameID, playerID: aiPlayerID, opponent: opponent, side: side, level: level, tc: tc, startFEN: startFEN,
		seed: seedOf(gameID), results: make(chan moveResult, 1), thinkingPly: -1, done: make(chan struct{}), stopped: make(chan struct{})}
	p.watches[gameID] = w
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		w.follow(p.ctx)
		p.mu.Lock()
		delete(p.watches, gameID)
		p.mu.Unlock()
		close(w.stopped)
	}()
	return nil
}

// ErrNoAI is returned by WatchRecord for a game without an AI player.
var ErrNoAI = errors.New("ai: the game has no AI player")

// WatchRecord watches a stored game's AI side: the player whose AILevel is
// set (it must have an ID, which the AI's moves are made as).
func (p *Player) WatchRecord(rec game.Record) error {
	side, pl, other := game.White, rec.White, rec.Black
	if !pl.IsAI() {
		side, pl, other = game.Black, rec.Black, rec.White
	}
	if !pl.IsAI() || pl.ID == "" {
		return ErrNoAI
	}
	return p.WatchFor(rec.ID, pl.ID, other.ID, side, pl.AILevel, rec.TimeControl, rec.StartFEN)
}

// Watching returns the number of games being watched.
func (p *Player) Watching() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.watches)
}

// Done returns a channel closed once the player stops watching game id
// (the game ended, or the player was closed); for a game it does not
// watch, a closed channel.
func (p *Player) Done(id string) <-chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	if w, ok := p.watches[id]; ok {
		return w.stopped
	}
	ch := make(chan struct{})
	close(ch)
	return ch
}

// Close stops watching every game (a search under way is cancelled) and
// waits for the watchers to end. The games go on without the AI until a
// player watches them again.
func (p *Player) Close() error {
	p.mu.Lock()
	p.closed = true
	p.mu.Unlock()
	p.cancel()
	p.wg.Wait()
	return nil
}

// seedOf derives a game's seed from its id.
func seedOf(id string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(id))
	return h.Sum64()
}
