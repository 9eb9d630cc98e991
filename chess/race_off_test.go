//go:build !race

package chess_test

// raceDetector tells whether the tests run under the race detector (see
// race_on_test.go).
const raceDetector = false
