package natsbus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/joinpal/joinpal/arena"
	"github.com/nats-io/nats.go"
)

// Arenas is the arena service as the server sees it among several nodes:
// reads are the local service's (from the store, which the runner writes
// before it tells anyone), and the commands (join, pause, berserk) run on
// the node that runs the arenas, the holder of their lease
// (arena.Service.Hold): here, or through a NATS request on that node's
// arena subject, answered with the runner's result or refusal (the same
// codes). A command that no runner answers fails with arena.unavailable;
// the client sends it again. A runner cut off from NATS gives the lease
// up (Reachable as its arena.Config.Reachable), so that a node the others
// reach runs the arenas. Call Listen to answer the other nodes, and
// Close.
type Arenas struct {
	*arena.Service
	nc      *nats.Conn
	prefix  string
	node    string
	timeout time.Duration
	log     *slog.Logger

	mu     sync.Mutex
	sub    *nats.Subscription
	news   *nats.Subscription
	closed bool
	wg     sync.WaitGroup
}

// NewArenas returns the arenas of svc for node, forwarding commands over
// nc under prefix ("": DefaultPrefix); a forward waits at most timeout
// when its context sets no deadline (0: 15 s).
func NewArenas(svc *arena.Service, nc *nats.Conn, prefix, node string, timeout time.Duration, log *slog.Logger) *Arenas {
	if timeout <= 0 {
		timeout = 15 * time.Second
	}
	if log == nil {
		log = slog.Default()
	}
	return &Arenas{Service: svc, nc: nc, prefix: prefix, node: node, timeout: timeout, log: log}
}

// Reachable returns arena.Config.Reachable for a node whose link to the
// others is nc: true while nc is connected, false while it reconnects,
// drains or is closed (the node's arena subject then goes unheard).
func Reachable(nc *nats.Conn) func() bool {
	return func() bool { return nc.Status() == nats.CONNECTED }
}

// arenaRequest is an arena command sent to the node that runs the arenas.
type arenaRequest struct {
	Op     string       `json:"op"`
	Arena  string       `json:"arena,omitempty"`
	Game   string       `json:"game,omitempty"`
	Person arena.Person `json:"person"`
}

// arenaReply is the runner's answer.
type arenaReply struct {
	Entry   *arena.Entry   `json:"entry,omitempty"`
	Pairing *arena.Pairing `json:"pairing,omitempty"`
	Err     []wireError    `json:"err,omitempty"`
}

// arenaSubject is the subject node takes arena commands on.
func (a *Arenas) arenaSubject(node string) string { return subject(a.prefix, "arenas", node) }

// Listen answers the arena commands other nodes send to this node, each
// in a goroutine of its own, until Close. It also listens to the nodes'
// news: when another node says it stops (having given the arenas' lease
// up, if it held it), this node tries to take the lease at once rather
// than at its next Hold.
func (a *Arenas) Listen() error {
	sub, err := a.nc.Subscribe(a.arenaSubject(a.node), func(msg *nats.Msg) {
		a.mu.Lock()
		defer a.mu.Unlock()
		if a.closed {
			return
		}
		a.wg.Go(func() { a.answer(msg) })
	})
	var news *nats.Subscription
	if err == nil {
		news, err = a.nc.Subscribe(subject(a.prefix, "nodes"), a.nodeNews)
	}
	if err == nil {
		err = a.nc.Flush()
	}
	if err != nil {
		if sub != nil {
			_ = sub.Unsubscribe()
		}
		return fmt.Errorf("natsbus: listening for arena commands: %w", err)
	}
	a.mu.Lock()
	a.sub, a.news = sub, news
	a.mu.Unlock()
	return nil
}

// nodeNews takes the arenas' lease, if it is free, when another node says
// it stops.
func (a *Arenas) nodeNews(msg *nats.Msg) {
	var n nodeNews
	if err := json.Unmarshal(msg.Data, &n); err != nil || n.Node == a.node || n.Up {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return
	}
	a.wg.Go(func() {
		ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
		defer cancel()
		if _, err := a.Service.Hold(ctx); err != nil {
			a.log.Warn("natsbus: taking the arenas' lease after a node stopped", "node", n.Node, "err", err)
		}
	})
}

// Close stops answering other nodes, once the commands being answered
// are.
func (a *Arenas) Close() error {
	a.mu.Lock()
	sub, news := a.sub, a.news
	a.sub, a.news, a.closed = nil, nil, true
	a.mu.Unlock()
	var err error
	if news != nil {
		_ = news.Unsubscribe()
	}
	if sub != nil {
		if e := sub.Unsubscribe(); e != nil && !errors.Is(e, nats.ErrConnectionClosed) {
			err = fmt.Errorf("natsbus: closing the arena subscription: %w", e)
		}
	}
	a.wg.Wait()
	return err
}

// answer runs one command of another node on the local service and
// replies.
func (a *Arenas) answer(msg *nats.Msg) {
	var req arenaRequest
	var rep arenaReply
	if err := json.Unmarshal(msg.Data, &req); err != nil {
		rep.Err = encodeError(fmt.Errorf("natsbus: an arena command that cannot be read: %w", err))
	} else {
		ctx, cancel := context.WithTimeout(context.Background(), a.timeout)
		rep = a.local(ctx, req)
		cancel()
	}
	data, err := json.Marshal(rep)
	if err != nil {
		data, _ = json.Marshal(arenaReply{Err: encodeError(fmt.Errorf("natsbus: encoding the answer: %w", err))})
	}
	if err := msg.Respond(data); err != nil {
		a.log.Error("natsbus: answering an arena command", "op", req.Op, "err", err)
	}
}

// local runs req on this node's service.
func (a *Arenas) local(ctx context.Context, req arenaRequest) arenaReply {
	var rep arenaReply
	var err error
	switch req.Op {
	case "join", "pause":
		var e arena.Entry
		if req.Op == "join" {
			e, err = a.Service.Join(ctx, req.Person, req.Arena)
		} else {
			e, err = a.Service.Pause(ctx, req.Person, req.Arena)
		}
		if err == nil {
			rep.Entry = &e
		}
	case "berserk":
		var p arena.Pairing
		if p, err = a.Service.Berserk(ctx, req.Person, req.Game); err == nil {
			rep.Pairing = &p
		}
	default:
		err = fmt.Errorf("natsbus: unknown arena command %q", req.Op)
	}
	rep.Err = encodeError(err)
	return rep
}

// route runs req on the node that runs the arenas.
func (a *Arenas) route(ctx context.Context, req arenaRequest) (arenaReply, error) {
	if a.Service.Runs() {
		rep := a.local(ctx, req)
		return rep, decodeError(rep.Err)
	}
	node, err := a.Service.Runner(ctx)
	if err != nil {
		return arenaReply{}, arena.UnavailableError("the node that runs the arenas cannot be read", err)
	}
	if node == "" || node == a.node {
		return arenaReply{}, arena.UnavailableError("no node runs the arenas now", nil)
	}
	data, err := json.Marshal(req)
	if err != nil {
		return arenaReply{}, fmt.Errorf("natsbus: encoding an arena command: %w", err)
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, a.timeout)
		defer cancel()
	}
	msg, err := a.nc.RequestWithContext(ctx, a.arenaSubject(node), data)
	if err != nil {
		return arenaReply{}, arena.UnavailableError("node "+node+", which runs the arenas, did not answer", err)
	}
	var rep arenaReply
	if err := json.Unmarshal(msg.Data, &rep); err != nil {
		return arenaReply{}, fmt.Errorf("natsbus: reading node %s's answer: %w", node, err)
	}
	return rep, decodeError(rep.Err)
}

// Join enters by in arena id, on the node that runs the arenas (see
// arena.Service.Join).
func (a *Arenas) Join(ctx context.Context, by arena.Person, id string) (arena.Entry, error) {
	return a.entry(ctx, arenaRequest{Op: "join", Arena: id, Person: by})
}

// Pause takes by out of arena id's pairings, on the node that runs the
// arenas (see arena.Service.Pause).
func (a *Arenas) Pause(ctx context.Context, by arena.Person, id string) (arena.Entry, error) {
	return a.entry(ctx, arenaRequest{Op: "pause", Arena: id, Person: by})
}

func (a *Arenas) entry(ctx context.Context, req arenaRequest) (arena.Entry, error) {
	rep, err := a.route(ctx, req)
	switch {
	case err != nil:
		return arena.Entry{}, err
	case rep.Entry == nil:
		return arena.Entry{}, errors.New("natsbus: an arena command answered without its entry")
	}
	return *rep.Entry, nil
}

// Berserk halves by's clock in their arena game gameID, on the node that
// runs the arenas (see arena.Service.Berserk).
func (a *Arenas) Berserk(ctx context.Context, by arena.Person, gameID string) (arena.Pairing, error) {
	rep, err := a.route(ctx, arenaRequest{Op: "berserk", Game: gameID, Person: by})
	switch {
	case err != nil:
		return arena.Pairing{}, err
	case rep.Pairing == nil:
		return arena.Pairing{}, errors.New("natsbus: a berserk answered without its pairing")
	}
	return *rep.Pairing, nil
}
