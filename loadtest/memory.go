package loadtest

import "runtime"

// Memory is what a live game costs in memory: the growth of the Go heap in
// use (and of the goroutine stacks in use) after a garbage collection,
// divided by the number of games.
type Memory struct {
	// Games is the number of idle games created (none has a move yet).
	Games int `json:"games"`
	// HeapIdle and StackIdle are the bytes per idle game.
	HeapIdle  float64 `json:"heapIdle"`
	StackIdle float64 `json:"stackIdle"`
	// Playing is the number of games running at the end of the move
	// phase, and Plies their average number of moves.
	Playing int     `json:"playing"`
	Plies   float64 `json:"plies"`
	// HeapPlaying and StackPlaying are the bytes per game running at the
	// end of the move phase (with the events it keeps for reconnecting
	// clients).
	HeapPlaying  float64 `json:"heapPlaying"`
	StackPlaying float64 `json:"stackPlaying"`
}

// memSample is the heap and the stacks in use at one moment.
type memSample struct{ heap, stack uint64 }

// sampleMemory collects the garbage and reads the memory in use.
func sampleMemory() memSample {
	runtime.GC()
	runtime.GC() // a second cycle frees what the first one's finalizers let go
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return memSample{heap: m.HeapInuse, stack: m.StackInuse}
}

// perGame returns the growth from base to now per game.
func perGame(base, now uint64, n int) float64 {
	if n <= 0 {
		return 0
	}
	return (float64(now) - float64(base)) / float64(n)
}

func (m *Memory) setIdle(base, now memSample, n int) {
	m.HeapIdle = perGame(base.heap, now.heap, n)
	m.StackIdle = perGame(base.stack, now.stack, n)
}

// setPlaying records the cost of the live games at the end of the move
// phase: running is the number of games the runtime holds, plies the moves
// of the followed ones, followed their number.
func (m *Memory) setPlaying(base, now memSample, running, plies, followed int) {
	m.Playing = running
	if followed > 0 {
		m.Plies = float64(plies) / float64(followed)
	}
	m.HeapPlaying = perGame(base.heap, now.heap, running)
	m.StackPlaying = perGame(base.stack, now.stack, running)
}
