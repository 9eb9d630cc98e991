package server

import (
	"bytes"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// goroutineID is the number the runtime gives the calling goroutine, read
// from the first line of its stack ("goroutine 7 [running]:").
func goroutineID() string {
	buf := make([]byte, 64)
	buf = buf[:runtime.Stack(buf, false)]
	id, _, _ := bytes.Cut(bytes.TrimPrefix(buf, []byte("goroutine ")), []byte(" "))
	return string(id)
}

// deepCall uses about depth×256 bytes of stack, as decoding a frame and
// playing its move do.
func deepCall(depth int) int {
	var pad [256]byte
	pad[depth%len(pad)] = byte(depth)
	if depth == 0 {
		return int(pad[0])
	}
	return deepCall(depth-1) + int(pad[depth%len(pad)])
}

// onStack runs its function on another goroutine, the same few for calls
// made in turn.
func TestOnStack(t *testing.T) {
	caller := goroutineID()
	ran := map[string]int{}
	for range 20 {
		onStack(func() {
			deepCall(32)
			ran[goroutineID()]++
		})
	}
	if ran[caller] > 0 {
		t.Fatalf("ran on the caller's goroutine: %v", ran)
	}
	// Calls one after another are handed to a goroutine kept for them
	// (another caller may take it in between, rarely).
	if len(ran) > 5 {
		t.Fatalf("20 calls in turn ran on %d goroutines, want the same few: %v", len(ran), ran)
	}
}

// A panic in onStack's function is the caller's, as it would be without
// it, and the goroutine that ran it serves the next call.
func TestOnStackPanics(t *testing.T) {
	ran := false
	onStack(func() { ran = true })
	if !ran {
		t.Fatal("the function did not run")
	}
	func() {
		defer func() {
			v := recover()
			p, ok := v.(*stackPanic)
			if !ok || p.value != "boom" || !strings.Contains(p.String(), "TestOnStackPanics") {
				t.Fatalf("recovered %v", v)
			}
		}()
		onStack(func() { panic("boom") })
		t.Fatal("onStack returned after a panic")
	}()
	// The goroutine that panicked serves the next call.
	again := false
	onStack(func() { again = true })
	if !again {
		t.Fatal("no call ran after a panic")
	}
}

// Calls at once each get a goroutine; past maxIdleStacks, the goroutines
// of a burst end instead of waiting.
func TestOnStackBurst(t *testing.T) {
	const calls = 2 * maxIdleStacks
	var started, release sync.WaitGroup
	started.Add(calls)
	release.Add(1)
	var done sync.WaitGroup
	for range calls {
		done.Go(func() {
			onStack(func() {
				started.Done()
				release.Wait()
			})
		})
	}
	started.Wait() // every call runs at once: none waited for another
	release.Done()
	done.Wait()
	idleStacks.mu.Lock()
	idle := len(idleStacks.workers)
	idleStacks.mu.Unlock()
	if idle > maxIdleStacks {
		t.Fatalf("%d goroutines wait for calls, want at most %d", idle, maxIdleStacks)
	}
}

// BenchmarkOnStack measures a call of about 8 KiB of stack handed to
// onStack, against the same call on a goroutine started for it.
func BenchmarkOnStack(b *testing.B) {
	b.Run("kept", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			onStack(func() { deepCall(32) })
		}
	})
	b.Run("started", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			done := make(chan struct{})
			go func() {
				deepCall(32)
				close(done)
			}()
			<-done
		}
	})
}
