package game

import (
	"context"
	"time"
)

// The fencing of a game's writes: a node writes the games it runs under
// the epoch it claimed them with (see live.NodeRegistry.ClaimGames); a
// store refuses, with CodeNotOwner, a write made under an epoch older than
// the game's, so that a node that lost its games to another (it stalled
// past its heartbeat's timeout, another node started and claimed them)
// cannot overwrite what the new owner wrote.

// epochKey is the context key of a write's epoch.
type epochKey struct{}

// WithEpoch returns ctx carrying the epoch the node that writes owns its
// games under: a Store's AppendMove and SaveState made under it apply only
// while the game's stored epoch is no newer.
func WithEpoch(ctx context.Context, epoch int64) context.Context {
	return context.WithValue(ctx, epochKey{}, epoch)
}

// EpochOf returns the epoch ctx carries, and false if it carries none (a
// write that is not fenced: a tool's, a test's).
func EpochOf(ctx context.Context) (int64, bool) {
	e, ok := ctx.Value(epochKey{}).(int64)
	return e, ok
}

// nodeKey is the context key of the node that writes.
type nodeKey struct{}

// WithNode returns ctx carrying the name of the node that writes: a
// Store's CreateGame made under it (and under WithEpoch) records that node
// as the new game's owner, under that epoch, so that the other nodes that
// share the store know where the game runs.
func WithNode(ctx context.Context, node string) context.Context {
	return context.WithValue(ctx, nodeKey{}, node)
}

// WithWriter returns the context of a write: ctx's values but not its
// cancellation (context.WithoutCancel), with the epoch and the node of
// the write (WithEpoch, WithNode) and onCommit, when not nil (as
// WithOnCommit), all in one value, which the live runtime makes for every
// write. It is done when ends is, with its deadline, its error and its
// cause, and never when ends is nil. ends's values come before ctx's, so
// it should hold none of its own (a context.WithDeadline of
// context.Background, say): writes begun close together may share one,
// where a context of each write's own would cost each a timer.
func WithWriter(ctx, ends context.Context, epoch int64, node string, onCommit func()) context.Context {
	return new(Writer).Set(ctx, ends, epoch, node, onCommit)
}

// A Writer holds the context of a write (as WithWriter makes it), set
// again for each write (Set): a game's goroutine that writes the game
// move after move keeps one rather than make a context a write.
type Writer struct{ c writerContext }

// Set returns, held in w, the context WithWriter(ctx, ends, epoch, node,
// onCommit) returns. The context Set returned before becomes this one:
// Set may be called again only once nothing holds the one before, as
// after a Store answered its write without error (see Store).
func (w *Writer) Set(ctx, ends context.Context, epoch int64, node string, onCommit func()) context.Context {
	w.c = writerContext{parent: ctx, ends: ends, epoch: epoch, node: node, onCommit: onCommit}
	return &w.c
}

// writerContext is WithWriter's context: done with ends, if any, else
// never; it has ends's deadline, else none.
type writerContext struct {
	parent   context.Context
	ends     context.Context
	epoch    int64
	node     string
	onCommit func()
}

func (c *writerContext) Deadline() (time.Time, bool) {
	if c.ends == nil {
		return time.Time{}, false
	}
	return c.ends.Deadline()
}

func (c *writerContext) Done() <-chan struct{} {
	if c.ends == nil {
		return nil
	}
	return c.ends.Done()
}

func (c *writerContext) Err() error {
	if c.ends == nil {
		return nil
	}
	return c.ends.Err()
}

func (c *writerContext) Value(key any) any {
	switch key.(type) {
	case epochKey:
		return c.epoch
	case nodeKey:
		return c.node
	case onCommitKey:
		if c.onCommit != nil {
			return c.onCommit
		}
	}
	// Asked first, ends answers for its cancellation (the key the context
	// package finds a cancelable parent by), so that a context made from
	// this one ends with it and context.Cause gives its cause.
	if c.ends != nil {
		if v := c.ends.Value(key); v != nil {
			return v
		}
	}
	return c.parent.Value(key)
}

func (c *writerContext) String() string { return "game.WithWriter" }

// NodeOf returns the node ctx carries, and false if it carries none.
func NodeOf(ctx context.Context) (string, bool) {
	n, ok := ctx.Value(nodeKey{}).(string)
	return n, ok && n != ""
}

// Claim is a running game a node claimed at its start among several
// nodes: the game, the node that owned it before ("" for none) and when
// that node was last seen alive (zero if never).
type Claim struct {
	ID        string
	Owner     string
	OwnerSeen time.Time
}
