package tcprelay

import (
	"bufio"
	"io"
	"net"
	"testing"
)

// TestRelay: bytes cross the relay both ways until Cut, which closes the
// relayed connection and refuses new ones.
func TestRelay(t *testing.T) {
	echo, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer echo.Close()
	go func() {
		for {
			c, err := echo.Accept()
			if err != nil {
				return
			}
			go func() { _, _ = io.Copy(c, c); _ = c.Close() }()
		}
	}()
	r, err := Listen("127.0.0.1:0", echo.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Cut()
	c, err := net.Dial("tcp", r.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte("ping\n")); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || line != "ping\n" {
		t.Fatalf("through the relay: %q, %v; want the echo", line, err)
	}
	r.Cut()
	if _, err := c.Read(make([]byte, 1)); err == nil {
		t.Error("a relayed connection still reads after the cut")
	}
	if c2, err := net.Dial("tcp", r.Addr()); err == nil {
		c2.Close()
		t.Error("the relay accepts connections after the cut")
	}
	r.Cut() // a second cut does nothing
}
