package game

import "context"

// onCommitKey is the context key of a write's OnCommit function.
type onCommitKey struct{}

// WithOnCommit returns ctx carrying f, for the write made under it: a
// Store that commits writes in turn (a group commit) calls f once the
// write has committed, on the goroutine that committed it, before the
// write's caller is answered — so that what follows a durable write (its
// event, its acknowledgement) leaves without waiting for the caller to be
// woken. f runs only for a write that committed, and only while its
// caller still waits for the answer (a caller that gave up never has f run
// behind its back): f having run means the write is durable, whatever the
// caller is told after it. A Store that cannot, or a write that takes
// another path, does not call f: the caller learns from f itself whether
// it ran. f must not block, nor wait for the store.
func WithOnCommit(ctx context.Context, f func()) context.Context {
	return context.WithValue(ctx, onCommitKey{}, f)
}

// OnCommitOf returns the function ctx carries for its write's commit
// (WithOnCommit), or nil.
func OnCommitOf(ctx context.Context) func() {
	f, _ := ctx.Value(onCommitKey{}).(func())
	return f
}
