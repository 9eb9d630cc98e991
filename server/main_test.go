package server

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/joinpal/joinpal/i18n"
)

// TestMain fails the package's tests when any message they had rendered
// (a refusal, a page title, an event's words) left a placeholder unfilled:
// its producer did not pass a parameter its text asks for.
func TestMain(m *testing.M) {
	var mu sync.Mutex
	var unfilled []error
	restore := i18n.OnRenderError(func(err error) {
		mu.Lock()
		defer mu.Unlock()
		unfilled = append(unfilled, err)
	})
	code := m.Run()
	restore()
	for _, err := range unfilled {
		fmt.Fprintln(os.Stderr, "FAIL: a message rendered unfilled:", err)
		code = 1
	}
	os.Exit(code)
}
