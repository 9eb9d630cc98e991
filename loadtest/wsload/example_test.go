package wsload_test

import (
	"errors"
	"fmt"

	"github.com/joinpal/joinpal/loadtest/wsload"
)

// Only loopback servers are loaded; the URL is reduced to scheme and host.
func ExampleLoopbackTarget() {
	u, err := wsload.LoopbackTarget("http://127.0.0.1:8080/")
	fmt.Println(u, err)
	_, err = wsload.LoopbackTarget("http://example.com:8080")
	fmt.Println(errors.Is(err, wsload.ErrNotLoopback))
	// Output:
	// http://127.0.0.1:8080 <nil>
	// true
}
