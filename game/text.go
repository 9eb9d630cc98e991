package game

import (
	"strconv"

	"github.com/joinpal/joinpal/chess"
)

func itoa(n int) string { return strconv.Itoa(n) }

// quote quotes user text for an error message, cutting it short so that a
// huge input does not make a huge message.
func quote(s string) string {
	const max = 40
	if len(s) > max {
		return strconv.Quote(s[:max]) + "..."
	}
	return strconv.Quote(s)
}

// clip is chess.ClipParam.
func clip(s string) string { return chess.ClipParam(s) }
