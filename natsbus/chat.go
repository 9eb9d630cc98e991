package natsbus

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/joinpal/joinpal/chat"
	"github.com/nats-io/nats.go"
)

// Chat is a chat.Chat whose rooms are the same on every node: a line said
// on one node (Say, its checks and flood limit applied there, stored
// there when the chat has a store) goes out on <prefix>.chat and every
// other node adds it to its copy of the room (chat.Chat.Deliver), so that
// the members of every node read it and a node's history holds every
// node's lines. Mutes travel the same way (chat.Chat.DeliverMute). With a
// store, a line keeps the id the store gave it on every node, and a node
// that does not hold a room leaves its news alone (it loads the room from
// the store when someone joins it there); without one, each node numbers
// the lines of its rooms itself.
type Chat struct {
	*chat.Chat
	nc      *nats.Conn
	subject string
	node    string
	log     *slog.Logger
	sub     *nats.Subscription
}

// chatNews is a line or a mute on the wire.
type chatNews struct {
	Node   string      `json:"node"`
	Room   chat.Room   `json:"room"`
	ID     int64       `json:"id,omitempty"`
	Author chat.Author `json:"author,omitzero"`
	Text   string      `json:"text,omitempty"`
	At     time.Time   `json:"at,omitzero"`
	// Muter and Muted, for a mute (Mute tells whether it is on).
	Muter string `json:"muter,omitempty"`
	Muted string `json:"muted,omitempty"`
	Mute  bool   `json:"mute,omitempty"`
}

// NewChat returns c shared with the other nodes through nc (prefix "" is
// DefaultPrefix), listening to them until Close.
func NewChat(c *chat.Chat, nc *nats.Conn, prefix, node string, log *slog.Logger) (*Chat, error) {
	if log == nil {
		log = slog.Default()
	}
	sc := &Chat{Chat: c, nc: nc, subject: subject(prefix, "chat"), node: node, log: log}
	sub, err := nc.Subscribe(sc.subject, sc.received)
	if err != nil {
		return nil, fmt.Errorf("natsbus: listening to the chat: %w", err)
	}
	sc.sub = sub
	return sc, nil
}

// Say says a line in room r on this node (see chat.Chat.Say) and sends it
// to the other nodes.
func (c *Chat) Say(ctx context.Context, r chat.Room, who chat.Author, text string) (chat.Line, error) {
	l, err := c.Chat.Say(ctx, r, who, text)
	if err != nil {
		return l, err
	}
	c.send(chatNews{Room: r, ID: l.ID, Author: who, Text: l.Text, At: l.At})
	return l, nil
}

// Mute mutes muted for muter in room r on every node (see
// chat.Chat.Mute).
func (c *Chat) Mute(ctx context.Context, r chat.Room, muter, muted string) error {
	if err := c.Chat.Mute(ctx, r, muter, muted); err != nil {
		return err
	}
	c.send(chatNews{Room: r, Muter: muter, Muted: muted, Mute: true})
	return nil
}

// Unmute undoes Mute on every node.
func (c *Chat) Unmute(ctx context.Context, r chat.Room, muter, muted string) error {
	if err := c.Chat.Unmute(ctx, r, muter, muted); err != nil {
		return err
	}
	c.send(chatNews{Room: r, Muter: muter, Muted: muted})
	return nil
}

// Close stops listening to the other nodes.
func (c *Chat) Close() error {
	if err := c.sub.Unsubscribe(); err != nil && err != nats.ErrConnectionClosed {
		return fmt.Errorf("natsbus: closing the chat: %w", err)
	}
	return nil
}

// send publishes news to the other nodes; a line this node's members
// already have is only missed elsewhere if NATS refuses it.
func (c *Chat) send(news chatNews) {
	news.Node = c.node
	data, err := json.Marshal(news)
	if err == nil {
		err = c.nc.Publish(c.subject, data)
	}
	if err != nil {
		c.log.Warn("natsbus: sending a chat line to the other nodes", "room", news.Room, "err", err)
	}
}

// received applies another node's line or mute here.
func (c *Chat) received(msg *nats.Msg) {
	var news chatNews
	if err := json.Unmarshal(msg.Data, &news); err != nil {
		c.log.Error("natsbus: a chat message that cannot be read", "err", err)
		return
	}
	if news.Node == c.node {
		return
	}
	switch {
	case news.Muter != "":
		c.Chat.DeliverMute(news.Room, news.Muter, news.Muted, news.Mute)
	case news.Text != "":
		c.Chat.Deliver(chat.Line{ID: news.ID, Room: news.Room, Author: news.Author, Text: news.Text, At: news.At})
	}
}
