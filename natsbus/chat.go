package natsbus

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/joinpal/joinpal/chat"
	"github.com/nats-io/nats.go"
)

// Chat is a chat.Chat whose rooms are the same on every node: a line said
// on one node (Say, its checks and flood limit applied there) goes out on
// <prefix>.chat and every other node adds it to its own copy of the room
// (chat.Chat.Deliver), so that the members of every node read it and a
// node's history holds every node's lines. Mutes travel the same way. A
// node numbers the lines of its rooms itself: a line's id is the one its
// node gave it (a report names the line by the id its reader was shown).
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
func (c *Chat) Say(r chat.Room, who chat.Author, text string) (chat.Line, error) {
	l, err := c.Chat.Say(r, who, text)
	if err != nil {
		return l, err
	}
	c.send(chatNews{Room: r, Author: who, Text: l.Text, At: l.At})
	return l, nil
}

// Mute mutes muted for muter in room r on every node (see
// chat.Chat.Mute).
func (c *Chat) Mute(r chat.Room, muter, muted string) error {
	if err := c.Chat.Mute(r, muter, muted); err != nil {
		return err
	}
	c.send(chatNews{Room: r, Muter: muter, Muted: muted, Mute: true})
	return nil
}

// Unmute undoes Mute on every node.
func (c *Chat) Unmute(r chat.Room, muter, muted string) error {
	if err := c.Chat.Unmute(r, muter, muted); err != nil {
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
	case news.Muter != "" && news.Mute:
		_ = c.Chat.Mute(news.Room, news.Muter, news.Muted)
	case news.Muter != "":
		_ = c.Chat.Unmute(news.Room, news.Muter, news.Muted)
	case news.Text != "":
		c.Chat.Deliver(news.Room, news.Author, news.Text, news.At)
	}
}
