package loadtest

import (
	"context"
	"sync"
	"sync/atomic"
)

// each calls f(i) for every i in [0, n) on up to workers goroutines and
// returns the first error (the calls not yet started are then skipped).
func each(ctx context.Context, n, workers int, f func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		next  atomic.Int64
		once  sync.Once
		first error
		wg    sync.WaitGroup
	)
	for range min(n, workers) {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= n || ctx.Err() != nil {
					return
				}
				if err := f(ctx, i); err != nil {
					once.Do(func() { first = err; cancel() })
					return
				}
			}
		})
	}
	wg.Wait()
	if first == nil && ctx.Err() != nil {
		// The caller's context ended: report that rather than pretend
		// every call was made.
		return context.Cause(ctx)
	}
	return first
}
