package natsbus

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/joinpal/joinpal/internal/broadcast"
	"github.com/nats-io/nats.go"
)

// Events carries one kind of event (the lobby's, the schedule's) to the
// subscribers of every node: an event published on a node reaches that
// node's subscribers at once and the other nodes' through NATS. It is a
// lobby.Events or a schedule.Events for E = lobby.Event or schedule.Event.
// A subscriber that falls too far behind has its channel closed (see
// broadcast.Hub); it should then read the state again and subscribe anew.
type Events[E any] struct {
	nc      *nats.Conn
	subject string
	node    string
	log     *slog.Logger
	hub     broadcast.Hub[E]
	sub     *nats.Subscription
}

// NewEvents returns the events of subject name (under prefix: "" is
// DefaultPrefix) for node, and listens to the other nodes' until Close.
func NewEvents[E any](nc *nats.Conn, prefix, name, node string, log *slog.Logger) (*Events[E], error) {
	if log == nil {
		log = slog.Default()
	}
	e := &Events[E]{nc: nc, subject: subject(prefix, "events", name), node: node, log: log}
	sub, err := nc.Subscribe(e.subject, e.received)
	if err != nil {
		return nil, fmt.Errorf("natsbus: subscribing to %s: %w", e.subject, err)
	}
	e.sub = sub
	return e, nil
}

// Publish sends ev to every subscriber of every node, without waiting for
// slow ones. It fails only when NATS does not take it (this node's
// subscribers have it).
func (e *Events[E]) Publish(ctx context.Context, ev E) error {
	_ = e.hub.Publish(ctx, ev)
	data, err := json.Marshal(ev)
	if err != nil {
		return fmt.Errorf("natsbus: encoding an event of %s: %w", e.subject, err)
	}
	msg := nats.NewMsg(e.subject)
	msg.Header.Set(originHeader, e.node)
	msg.Data = data
	if err := e.nc.PublishMsg(msg); err != nil {
		return fmt.Errorf("natsbus: publishing on %s: %w", e.subject, err)
	}
	return nil
}

// Subscribe returns the events published from now on, on any node, and a
// function that ends the subscription.
func (e *Events[E]) Subscribe() (<-chan E, func()) { return e.hub.Subscribe() }

// Close stops listening to the other nodes' events.
func (e *Events[E]) Close() error {
	if err := e.sub.Unsubscribe(); err != nil && err != nats.ErrConnectionClosed {
		return fmt.Errorf("natsbus: unsubscribing from %s: %w", e.subject, err)
	}
	return nil
}

// received hands an event another node published to this node's
// subscribers.
func (e *Events[E]) received(msg *nats.Msg) {
	if msg.Header.Get(originHeader) == e.node {
		return
	}
	var ev E
	if err := json.Unmarshal(msg.Data, &ev); err != nil {
		e.log.Error("natsbus: an event that cannot be read", "subject", msg.Subject, "err", err)
		return
	}
	_ = e.hub.Publish(context.Background(), ev)
}
