package server

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// The frames a client sends along with its upgrade request, which net/http
// reads before the upgrade, are the first the socket reads through its
// small buffers; and frames larger than either buffer go both ways whole.
func TestSmallBuffersKeepEarlyFrames(t *testing.T) {
	tests := []struct {
		name   string
		frames []string // sent in the same write as the request
	}{
		{"one small frame", []string{"hola"}},
		{"two frames", []string{"uno", "dos"}},
		{"a frame larger than the read buffer", []string{strings.Repeat("a", 3*socketReadBuffer)}},
		{"a frame larger than the write buffer", []string{strings.Repeat("b", 3*socketWriteBuffer)}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				conn, err := websocket.Accept(smallBuffers{ResponseWriter: w}, r, nil)
				if err != nil {
					t.Error(err)
					return
				}
				defer conn.CloseNow()
				for range tc.frames {
					typ, data, err := conn.Read(context.Background())
					if err != nil {
						t.Error(err)
						return
					}
					if err := conn.Write(context.Background(), typ, data); err != nil {
						t.Error(err)
						return
					}
				}
			}))
			defer srv.Close()
			var early []byte
			for _, f := range tc.frames {
				early = append(early, maskedText(f)...)
			}
			br := rawUpgrade(t, srv.Listener.Addr().String(), early)
			for _, want := range tc.frames {
				got, err := readText(br)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("echoed %d bytes %.20q…, want %d bytes %.20q…", len(got), got, len(want), want)
				}
			}
		})
	}
}

// rawUpgrade connects to addr over TCP, sends a WebSocket upgrade request
// followed at once by the bytes early, checks the 101 and returns the
// reader of what the server sends after it. The connection closes with
// the test, and gives up after frameWait (a frame lost would leave both
// ends waiting).
func rawUpgrade(t *testing.T, addr string, early []byte) *bufio.Reader {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	_ = c.SetDeadline(time.Now().Add(frameWait))
	req := "GET / HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n" +
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
	if _, err := c.Write(append([]byte(req), early...)); err != nil {
		t.Fatal(err)
	}
	br := bufio.NewReader(c)
	res, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("status %d", res.StatusCode)
	}
	return br
}

// maskedText is a client's text frame of payload p.
func maskedText(p string) []byte {
	mask := [4]byte{1, 2, 3, 4}
	b := []byte{0x81}
	switch n := len(p); {
	case n < 126:
		b = append(b, 0x80|byte(n))
	default:
		b = append(b, 0x80|126, byte(n>>8), byte(n))
	}
	b = append(b, mask[:]...)
	for i := range len(p) {
		b = append(b, p[i]^mask[i%4])
	}
	return b
}

// readText reads one unmasked text frame from the server.
func readText(r io.Reader) (string, error) {
	var h [2]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		return "", err
	}
	n := int(h[1] & 0x7f)
	if n == 126 {
		var l [2]byte
		if _, err := io.ReadFull(r, l[:]); err != nil {
			return "", err
		}
		n = int(l[0])<<8 | int(l[1])
	}
	p := make([]byte, n)
	_, err := io.ReadFull(r, p)
	return string(p), err
}
