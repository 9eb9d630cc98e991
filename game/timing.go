package game

import "time"

// expectedDuration estimates one player's thinking time over a game, as
// lichess does: the base time plus forty increments for a whole-game
// clock, twenty allowances for a per-move clock. Untimed games count as
// long.
func expectedDuration(tc TimeControl) time.Duration {
	switch {
	case tc.Untimed():
		return time.Hour
	case tc.PerMove() > 0:
		return 20 * tc.PerMove()
	}
	return tc.Base() + 40*tc.Increment()
}

// FirstMoveWindow returns how long a side has for its first move under tc:
// in correspondence, the days per move.
func FirstMoveWindow(tc TimeControl) time.Duration {
	if tc.IsCorrespondence() {
		return tc.PerMove()
	}
	if expectedDuration(tc) >= 25*time.Minute {
		return SlowFirstMoveTimeout
	}
	return FirstMoveTimeout
}

// ReconnectWindow returns how long a player whose connection dropped has
// to come back under tc: a tenth of the expected duration, at least
// MinReconnectWindow and at most MaxReconnectWindow.
func ReconnectWindow(tc TimeControl) time.Duration {
	return min(max(expectedDuration(tc)/10, MinReconnectWindow), MaxReconnectWindow)
}
