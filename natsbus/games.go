package natsbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/joinpal/joinpal/game"
	"github.com/joinpal/joinpal/live"
	"github.com/nats-io/nats.go"
)

// Owners tells which node owns a game and which nodes are alive
// (live.ClusterRegistry has both).
type Owners interface {
	// GameOwner returns the node that owns game id ("" for none).
	GameOwner(ctx context.Context, id string) (node string, err error)
	// LiveNodes returns the nodes whose last act was a heartbeat at or
	// after since.
	LiveNodes(ctx context.Context, since time.Time) ([]string, error)
}

// GamesConfig configures Games.
type GamesConfig struct {
	// Runtime runs this node's games; required. Its Node names this node.
	Runtime *live.Runtime
	// Conn is the connection to NATS; required.
	Conn *nats.Conn
	// Prefix starts every subject (DefaultPrefix when empty).
	Prefix string
	// Owners finds the node that runs a game; required.
	Owners Owners
	// Timeout bounds a request to another node when the caller's context
	// sets no deadline (15 s: longer than the owner's own store timeout).
	Timeout time.Duration
	// Logger receives the requests that cannot be answered (nil: the
	// default).
	Logger *slog.Logger
	// Crowds, when set, forgets the watchers of the nodes that stop or die.
	Crowds *Crowds
}

// Games is this node's runtime as the server sees it, among several
// nodes: a game that runs here is served by the local live.Runtime, a game
// that runs on another node by that node, through a NATS request on its
// command subject. Everything else (Create, Stats, Bus ...) is the local
// runtime's. Call Listen to answer the other nodes' requests, and Close.
type Games struct {
	*live.Runtime
	nc      *nats.Conn
	prefix  string
	owners  Owners
	timeout time.Duration
	log     *slog.Logger

	// forwarded counts the requests sent to other nodes (Forwarded).
	forwarded atomic.Uint64

	mu    sync.Mutex
	owner map[string]string // game id → the node last found to own it
	// holders are, for this node's games, the nodes that hold each
	// player's connection; here the players with a socket on this node.
	holders map[presenceKey]map[string]bool
	// holds counts, per node, the players whose connection it holds
	// (the keys of holders that name it).
	holds map[string]int
	here  map[presenceKey]bool
	// expired are the nodes whose holds ExpireNodes dropped, their lease
	// having passed; one seen alive again is asked to tell them anew.
	expired map[string]bool
	// crowds are the watchers of games on the other nodes (crowd.go).
	crowds  *Crowds
	done    chan struct{}
	sub     *nats.Subscription
	newsSub *nats.Subscription
	closed  bool
	wg      sync.WaitGroup
}

// NewGames returns Games for cfg; it answers nobody until Listen.
func NewGames(cfg GamesConfig) *Games {
	if cfg.Timeout <= 0 {
		cfg.Timeout = 15 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	return &Games{Runtime: cfg.Runtime, nc: cfg.Conn, prefix: cfg.Prefix, owners: cfg.Owners,
		timeout: cfg.Timeout, log: cfg.Logger, owner: map[string]string{},
		holders: map[presenceKey]map[string]bool{}, holds: map[string]int{}, here: map[presenceKey]bool{}, expired: map[string]bool{},
		crowds: cfg.Crowds, done: make(chan struct{})}
}

// commandSubject is the subject node takes requests on.
func (g *Games) commandSubject(node string) string { return subject(g.prefix, "node", node) }

// Listen answers the requests other nodes send for the games of this
// node, each in a goroutine of its own, until Close, and tells the other
// nodes that this node is up (see the presence of players in presence.go).
func (g *Games) Listen() error {
	news, err := g.nc.Subscribe(g.newsSubject(), g.news)
	if err != nil {
		return fmt.Errorf("natsbus: listening for the nodes' news: %w", err)
	}
	g.mu.Lock()
	g.newsSub = news
	g.mu.Unlock()
	sub, err := g.nc.Subscribe(g.commandSubject(g.Node()), func(msg *nats.Msg) {
		g.mu.Lock()
		defer g.mu.Unlock()
		if g.closed {
			return // unanswered: the asking node times out or finds another way
		}
		g.wg.Go(func() { g.answer(msg) })
	})
	if err != nil {
		return fmt.Errorf("natsbus: listening for commands: %w", err)
	}
	if err := g.nc.Flush(); err != nil {
		_ = sub.Unsubscribe()
		return fmt.Errorf("natsbus: listening for commands: %w", err)
	}
	g.mu.Lock()
	g.sub = sub
	g.mu.Unlock()
	g.wg.Go(g.watchNodes)
	return g.announce(true)
}

// Close stops answering other nodes, once the requests being answered
// are.
func (g *Games) Close() error {
	g.mu.Lock()
	sub, news := g.sub, g.newsSub
	if !g.closed {
		close(g.done)
	}
	g.sub, g.newsSub, g.closed = nil, nil, true
	g.mu.Unlock()
	var err error
	if news != nil {
		_ = news.Unsubscribe()
		err = g.announce(false)
	}
	if sub != nil {
		if e := sub.Unsubscribe(); e != nil && !errors.Is(e, nats.ErrConnectionClosed) {
			err = fmt.Errorf("natsbus: closing the command subscription: %w", e)
		}
	}
	g.wg.Wait()
	return err
}

// answer runs one request of another node on the local runtime and
// replies.
func (g *Games) answer(msg *nats.Msg) {
	var req request
	var rep reply
	if err := json.Unmarshal(msg.Data, &req); err != nil {
		rep.Err = encodeError(fmt.Errorf("natsbus: a request that cannot be read: %w", err))
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), g.timeout)
		rep = g.local(ctx, req)
		cancel()
	}
	data, err := json.Marshal(rep)
	if err != nil {
		data, _ = json.Marshal(reply{Err: encodeError(fmt.Errorf("natsbus: encoding the answer: %w", err))})
	}
	if err := msg.Respond(data); err != nil {
		g.log.Error("natsbus: answering a node", "op", req.Op, "game", req.Game, "err", err)
	}
}

// local runs req on this node's runtime.
func (g *Games) local(ctx context.Context, req request) reply {
	rt := g.Runtime
	var rep reply
	var err error
	switch req.Op {
	case "move":
		if req.Move == nil {
			err = errors.New("natsbus: a move request without its move")
			break
		}
		var ack live.Ack
		if ack, err = rt.Move(ctx, req.Game, req.Player, *req.Move); err == nil {
			rep.Ack = &ack
		}
	case "connected":
		g.heldBy(presenceKey{req.Game, req.Player}, req.From, true)
		err = rt.Connected(ctx, req.Game, req.Player)
	case "disconnected":
		if !g.heldBy(presenceKey{req.Game, req.Player}, req.From, false) {
			err = rt.Disconnected(ctx, req.Game, req.Player)
		}
	case "postpone":
		err = rt.Postpone(ctx, req.Game, req.Player, req.At)
	case "postponeAsked":
		err = rt.PostponeAsked(ctx, req.Game, req.Player, req.At, req.Asked)
	case "schedule":
		var st game.ScheduleState
		if st, err = rt.Schedule(ctx, req.Game); err == nil {
			rep.Schedule = &st
		}
	case "snapshot":
		var ev game.Event
		if ev, err = rt.Snapshot(ctx, req.Game); err == nil {
			rep.Event = &ev
		}
	case "eventsSince":
		rep.Events, err = rt.EventsSince(ctx, req.Game, req.Seq)
	default:
		if f, ok := playerOps[req.Op]; ok {
			err = f(rt, ctx, req.Game, req.Player)
		} else {
			err = fmt.Errorf("natsbus: unknown request %q", req.Op)
		}
	}
	rep.Err = encodeError(err)
	return rep
}

// playerOps are a player's commands that answer only an error, by their
// name in a request.
var playerOps = map[string]func(*live.Runtime, context.Context, string, string) error{
	"resign":          (*live.Runtime).Resign,
	"abort":           (*live.Runtime).Abort,
	"offerDraw":       (*live.Runtime).OfferDraw,
	"acceptDraw":      (*live.Runtime).AcceptDraw,
	"declineDraw":     (*live.Runtime).DeclineDraw,
	"offerTakeback":   (*live.Runtime).OfferTakeback,
	"acceptTakeback":  (*live.Runtime).AcceptTakeback,
	"declineTakeback": (*live.Runtime).DeclineTakeback,
	"cancelTakeback":  (*live.Runtime).CancelTakeback,
	"leave":           (*live.Runtime).Leave,
	"claimVictory":    (*live.Runtime).ClaimVictory,
	"claimDraw":       (*live.Runtime).ClaimDraw,
	"checkIn":         (*live.Runtime).CheckIn,
	"callOff":         (*live.Runtime).CallOff,
	"berserk":         (*live.Runtime).Berserk,
}

// route runs req where game req.Game runs: here, or on its owner.
func (g *Games) route(ctx context.Context, req request) (reply, error) {
	node := g.ownerOf(ctx, req.Game)
	if node == "" {
		rep := g.local(ctx, req)
		return rep, decodeError(rep.Err)
	}
	rep, err := g.ask(ctx, node, req)
	if err != nil {
		g.forget(req.Game)
		if errors.Is(err, nats.ErrNoResponders) {
			// The owner is gone: the store answers for the game here
			// (its end, or that it runs nowhere for now).
			rep := g.local(ctx, req)
			return rep, decodeError(rep.Err)
		}
		return reply{}, live.NewError(live.CodeUnavailable,
			fmt.Sprintf("game %s runs on node %s, which did not answer", req.Game, node), err)
	}
	err = decodeError(rep.Err)
	if live.CodeOf(err) == live.CodeUnavailable {
		g.forget(req.Game)
	}
	return rep, err
}

// ownerOf returns the other node that runs game id, or "" when it runs
// here, or on no node, or the owner cannot be read (the local runtime then
// answers as it can).
func (g *Games) ownerOf(ctx context.Context, id string) string {
	if node := g.GameNode(ctx, id); node != g.Node() {
		return node
	}
	return ""
}

// GameNode returns the name of the node that owns game id — this node's
// when it runs here — or "" when no node does or the owner cannot be read.
// A node found in the store is kept in memory until forget. The server
// hands it to clients as the game's routing hint (server.GameNodes), so
// that a proxy sends the game's sockets to the node that runs it and its
// commands need no request over NATS.
func (g *Games) GameNode(ctx context.Context, id string) string {
	if g.Runs(id) {
		return g.Node()
	}
	g.mu.Lock()
	node, ok := g.owner[id]
	g.mu.Unlock()
	if ok {
		return node
	}
	node, err := g.owners.GameOwner(ctx, id)
	if err != nil {
		return ""
	}
	g.mu.Lock()
	if len(g.owner) >= 100000 {
		clear(g.owner)
	}
	g.owner[id] = node
	g.mu.Unlock()
	return node
}

// Forwarded counts the requests this node has sent to the nodes that run
// their games (commands, and reads of the game) since it started
// (server.ForwardStats).
func (g *Games) Forwarded() uint64 { return g.forwarded.Load() }

// forget drops what is known of game id's owner.
func (g *Games) forget(id string) {
	g.mu.Lock()
	delete(g.owner, id)
	g.mu.Unlock()
}

// ask sends req to node and returns its reply.
func (g *Games) ask(ctx context.Context, node string, req request) (reply, error) {
	data, err := json.Marshal(req)
	if err != nil {
		return reply{}, fmt.Errorf("natsbus: encoding a request: %w", err)
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, g.timeout)
		defer cancel()
	}
	g.forwarded.Add(1)
	msg, err := g.nc.RequestWithContext(ctx, g.commandSubject(node), data)
	if err != nil {
		return reply{}, fmt.Errorf("natsbus: asking node %s: %w", node, err)
	}
	var rep reply
	if err := json.Unmarshal(msg.Data, &rep); err != nil {
		return reply{}, fmt.Errorf("natsbus: reading node %s's answer: %w", node, err)
	}
	return rep, nil
}

// command routes a command that answers only an error.
func (g *Games) command(ctx context.Context, op, id, playerID string) error {
	_, err := g.route(ctx, request{Op: op, Game: id, Player: playerID})
	return err
}

// Move plays a move in game id, wherever it runs (see live.Runtime.Move).
func (g *Games) Move(ctx context.Context, id, playerID string, req live.MoveRequest) (live.Ack, error) {
	rep, err := g.route(ctx, request{Op: "move", Game: id, Player: playerID, Move: &req})
	if err != nil {
		return live.Ack{}, err
	}
	if rep.Ack == nil {
		return live.Ack{}, errors.New("natsbus: a move answered without its acknowledgement")
	}
	return *rep.Ack, nil
}

// MoveThen is Move, and hands acked, when not nil, the move's Ack once it
// is durable (see live.Runtime.MoveThen): for a game that runs here, from
// the store's writer as soon as the commit is confirmed; for one that runs
// on another node, once that node has answered.
func (g *Games) MoveThen(ctx context.Context, id, playerID string, req live.MoveRequest, acked func(live.Ack)) (live.Ack, error) {
	if g.ownerOf(ctx, id) == "" {
		return g.Runtime.MoveThen(ctx, id, playerID, req, acked)
	}
	ack, err := g.Move(ctx, id, playerID, req)
	if err == nil && acked != nil {
		acked(ack)
	}
	return ack, err
}

// Resign resigns game id for the player (see live.Runtime.Resign).
func (g *Games) Resign(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "resign", id, playerID)
}

// Abort aborts game id for the player (see live.Runtime.Abort).
func (g *Games) Abort(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "abort", id, playerID)
}

// OfferDraw offers a draw in game id (see live.Runtime.OfferDraw).
func (g *Games) OfferDraw(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "offerDraw", id, playerID)
}

// AcceptDraw accepts the draw offered in game id (see
// live.Runtime.AcceptDraw).
func (g *Games) AcceptDraw(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "acceptDraw", id, playerID)
}

// DeclineDraw declines the draw offered in game id (see
// live.Runtime.DeclineDraw).
func (g *Games) DeclineDraw(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "declineDraw", id, playerID)
}

// OfferTakeback offers to take back the last move of game id (see
// live.Runtime.OfferTakeback).
func (g *Games) OfferTakeback(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "offerTakeback", id, playerID)
}

// AcceptTakeback accepts the takeback offered in game id (see
// live.Runtime.AcceptTakeback).
func (g *Games) AcceptTakeback(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "acceptTakeback", id, playerID)
}

// DeclineTakeback declines the takeback offered in game id (see
// live.Runtime.DeclineTakeback).
func (g *Games) DeclineTakeback(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "declineTakeback", id, playerID)
}

// CancelTakeback withdraws the player's takeback offer in game id (see
// live.Runtime.CancelTakeback).
func (g *Games) CancelTakeback(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "cancelTakeback", id, playerID)
}

// ClaimVictory claims game id against an opponent who has gone (see
// live.Runtime.ClaimVictory).
func (g *Games) ClaimVictory(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "claimVictory", id, playerID)
}

// ClaimDraw claims a draw in game id against an opponent who has gone (see
// live.Runtime.ClaimDraw).
func (g *Games) ClaimDraw(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "claimDraw", id, playerID)
}

// Leave leaves game id (see live.Runtime.Leave).
func (g *Games) Leave(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "leave", id, playerID)
}

// Connected tells game id's owner that the player has a connection on
// this node.
func (g *Games) Connected(ctx context.Context, id, playerID string) error {
	g.present(presenceKey{id, playerID}, true)
	_, err := g.route(ctx, request{Op: "connected", Game: id, Player: playerID, From: g.Node()})
	return err
}

// Disconnected tells game id's owner that the player's last connection on
// this node dropped; the owner counts the player gone once no node holds
// one.
func (g *Games) Disconnected(ctx context.Context, id, playerID string) error {
	g.present(presenceKey{id, playerID}, false)
	_, err := g.route(ctx, request{Op: "disconnected", Game: id, Player: playerID, From: g.Node()})
	return err
}

// Postpone moves scheduled game id's start (see live.Runtime.Postpone).
func (g *Games) Postpone(ctx context.Context, id, playerID string, at time.Time) error {
	_, err := g.route(ctx, request{Op: "postpone", Game: id, Player: playerID, At: at})
	return err
}

// PostponeAsked moves scheduled game id's start on a request made at asked
// (see live.Runtime.PostponeAsked).
func (g *Games) PostponeAsked(ctx context.Context, id, playerID string, at, asked time.Time) error {
	_, err := g.route(ctx, request{Op: "postponeAsked", Game: id, Player: playerID, At: at, Asked: asked})
	return err
}

// CheckIn checks the player in for scheduled game id (see
// live.Runtime.CheckIn).
func (g *Games) CheckIn(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "checkIn", id, playerID)
}

// Berserk halves the player's clock in game id, wherever it runs (see
// live.Runtime.Berserk).
func (g *Games) Berserk(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "berserk", id, playerID)
}

// CallOff calls scheduled game id off (see live.Runtime.CallOff).
func (g *Games) CallOff(ctx context.Context, id, playerID string) error {
	return g.command(ctx, "callOff", id, playerID)
}

// Schedule returns the scheduled part of game id (see
// live.Runtime.Schedule).
func (g *Games) Schedule(ctx context.Context, id string) (game.ScheduleState, error) {
	rep, err := g.route(ctx, request{Op: "schedule", Game: id})
	if err != nil {
		return game.ScheduleState{}, err
	}
	if rep.Schedule == nil {
		return game.ScheduleState{}, errors.New("natsbus: a schedule answered without it")
	}
	return *rep.Schedule, nil
}

// Snapshot returns game id as a full event, from the node that runs it
// (see live.Runtime.Snapshot).
func (g *Games) Snapshot(ctx context.Context, id string) (game.Event, error) {
	rep, err := g.route(ctx, request{Op: "snapshot", Game: id})
	if err != nil {
		return game.Event{}, err
	}
	if rep.Event == nil {
		return game.Event{}, errors.New("natsbus: a snapshot answered without its event")
	}
	return *rep.Event, nil
}

// EventsSince returns the events of game id after seq, from the node that
// runs it (see live.Runtime.EventsSince).
func (g *Games) EventsSince(ctx context.Context, id string, seq int64) ([]game.Event, error) {
	rep, err := g.route(ctx, request{Op: "eventsSince", Game: id, Seq: seq})
	return rep.Events, err
}
