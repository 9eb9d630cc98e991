//go:build race

package chess_test

// raceDetector tells whether the tests run under the race detector, whose
// sync.Pool drops some of what it is given back: a count of allocations
// then says nothing.
const raceDetector = true
