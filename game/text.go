package game

import (
	"strconv"

	"github.com/joinpal/joinpal/internal/coded"
)

func itoa(n int) string { return strconv.Itoa(n) }

// quote quotes user text for an error message, cut by coded.ClipParam so
// that a huge input does not make a huge message.
func quote(s string) string { return strconv.Quote(coded.ClipParam(s)) }
