package game

import (
	"context"
	"sync/atomic"
	"time"
)

// Beat asks a Store to record, in the same commit as the write it rides
// on, that Node is alive at At: the heartbeat a node would otherwise write
// alone (see live.NodeRegistry.Heartbeat). A Store that can carries it
// with the game's write and marks it carried once that commit is
// confirmed; one that cannot (or a write that does not commit) leaves it
// unmarked, and the node records its heartbeat the usual way. Carrying is
// never required: a Beat that is ignored costs nothing.
type Beat struct {
	// Node is the node that is alive.
	Node string
	// At is when it was alive, on the node's clock.
	At time.Time

	carried atomic.Bool
}

// MarkCarried records that a Store committed the beat (with the write it
// rode on). Only a Store calls it.
func (b *Beat) MarkCarried() { b.carried.Store(true) }

// Carried reports whether a Store committed the beat.
func (b *Beat) Carried() bool { return b.carried.Load() }

// beatKey is the context key of a write's Beat.
type beatKey struct{}

// WithBeat returns ctx carrying b: the write made under it may carry the
// node's heartbeat (see Beat).
func WithBeat(ctx context.Context, b *Beat) context.Context {
	return context.WithValue(ctx, beatKey{}, b)
}

// BeatOf returns the Beat ctx carries, or nil.
func BeatOf(ctx context.Context) *Beat {
	b, _ := ctx.Value(beatKey{}).(*Beat)
	return b
}
